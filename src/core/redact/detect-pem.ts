// PEM private keys: `-----BEGIN … PRIVATE KEY-----` through the matching
// `-----END … PRIVATE KEY-----`, the whole block as one span.
//
// Not one lazy regex (`BEGIN[\s\S]*?END`): with many BEGINs and no END each
// one would scan to the end of the text, which is quadratic. BEGINs and ENDs
// are found separately and paired in one forward walk instead.

import { regexSpans, wholeMatch, type Span } from './span';

const BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
const END = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
/** What may follow a BEGIN line in a key cut short: base64, line breaks, `Proc-Type:` style headers, escaped `\n`. */
const BODY_CHARS = /[A-Za-z0-9+/=\s:,\-\\]/;

export function findPrivateKeys(text: string): Span[] {
  const begins = regexSpans(BEGIN, text, wholeMatch);
  if (begins.length === 0) return [];
  const ends = regexSpans(END, text, wholeMatch);
  const spans: Span[] = [];
  let e = 0;
  let covered = 0;
  for (const begin of begins) {
    if (begin.start < covered) continue; // inside the block just taken
    while (e < ends.length && (ends[e] as Span).start < begin.end) e++;
    const end = ends[e];
    if (end) {
      spans.push({ start: begin.start, end: end.end });
      covered = end.end;
      continue;
    }
    // No END: a key cut short (a log line limit) is still key material; take its body.
    let stop = begin.end;
    while (stop < text.length && BODY_CHARS.test(text[stop] as string) && !text.startsWith('-----BEGIN ', stop)) stop++;
    spans.push({ start: begin.start, end: stop });
    covered = stop;
  }
  return spans;
}
