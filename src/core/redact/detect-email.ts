// Email addresses inside any text. Scanned from each `@` rather than with one
// regex: a regex starting at the local part retries at every character of a
// long word (quadratic on `aaaa…`), and one anchored at a word boundary misses
// an address glued to a long identifier. From `@` the local part is at most
// 64 characters back and the domain never crosses the next `@`, so the whole
// scan is linear.

import type { Span } from './span';

const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

/** Labels of letters, digits and inner hyphens, dot-separated, read from just after the `@`. */
const DOMAIN = /[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?){1,126}/y;
const TOP_LEVEL = /^[A-Za-z]{2,63}$/;

const isLocalChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45; // a-z A-Z 0-9 . _ % + -

/** The domain's length up to its last label that can be a top-level domain (`example.com` in `example.com.2`), or 0. */
function domainLength(text: string, at: number): number {
  DOMAIN.lastIndex = at;
  const m = DOMAIN.exec(text);
  if (!m) return 0;
  const labels = m[0].slice(0, MAX_DOMAIN).split('.');
  while (labels.length >= 2 && !TOP_LEVEL.test(labels[labels.length - 1] as string)) labels.pop();
  return labels.length >= 2 ? labels.join('.').length : 0;
}

export function findEmails(text: string): Span[] {
  const spans: Span[] = [];
  let floor = 0; // where the previous address ended: a local part never reaches back into it
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    const limit = Math.max(floor, at - MAX_LOCAL);
    while (start > limit && isLocalChar(text.charCodeAt(start - 1))) start--;
    while (start < at && text.charCodeAt(start) === 46) start++; // a local part does not start with '.'
    if (start === at) continue;
    const domain = domainLength(text, at + 1);
    if (domain === 0) continue;
    spans.push({ start, end: at + 1 + domain });
    floor = at + 1 + domain;
  }
  return spans;
}
