// Markdown built from untrusted text: trace values, notes and source files may come from someone
// else's shared incident, and the document is pasted where GitHub renders it. So a value never
// becomes markup: plain text is backslash-escaped, code goes in spans and fences longer than any
// backtick run inside it, table cells stay on one line with their pipes escaped, and the only
// HTML in the document is the few tags these helpers write themselves.

import { groupDigits } from '../../values/grouped';

/** C0 controls (but tab and newline), DEL and bidi overrides: invisible, and able to hide code. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** Newlines as \n, and nothing that would hide or reorder what a reader sees. */
export function visible(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HIDDEN, '\ufffd');
}

/**
 * Plain text, one line, inert: every character that can open Markdown or HTML is escaped. `|` is
 * left to `cell`, which must escape it once in a table (and nowhere else needs it on one line).
 * For the person's words (notes) and our own; a value from the trace goes in `code`.
 */
export function text(value: string): string {
  return (
    visible(value)
      .replace(/\s*\n\s*/g, ' ')
      .replace(/[\\`*_[\]<>~&$#!]/g, (c) => `\\${c}`)
      // GitHub links bare URLs: an escape inside `://` or after `www` stops it (not for e-mail addresses).
      .replace(/:\/\//g, '\\://')
      .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\\.`)
  );
}

/** How long a line of our prose may run before `wrapped` breaks it: raw Markdown stays readable. */
const WRAP_AT = 100;

/**
 * Markdown-safe text (from `text`) broken into lines of about WRAP_AT characters, each after the
 * first starting with `indent`; it renders as one paragraph. A break goes only before a word that
 * starts with a letter or an escape, so no new line can start a list, a heading or a table.
 */
export function wrapped(safe: string, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of safe.split(' ')) {
    if (line && line.length + 1 + word.length > WRAP_AT && /^[\\\p{L}]/u.test(word)) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${indent}`);
}

/** Text cut to `max` characters, saying that it was. */
export function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/** The longest run of `char` in `value`. */
function longestRun(value: string, char: '`' | '~'): number {
  let longest = 0;
  for (const m of value.matchAll(char === '`' ? /`+/g : /~+/g)) longest = Math.max(longest, m[0].length);
  return longest;
}

/** An inline code span that no backtick inside can close early; one line. */
export function code(value: string): string {
  const body = visible(value).replace(/\n/g, ' ');
  if (body === '') return '(empty)';
  const ticks = '`'.repeat(longestRun(body, '`') + 1);
  // CommonMark strips one space from each side, so pad when the body begins or ends with one or a tick.
  const pad = /^[` ]|[` ]$/.test(body) ? ' ' : '';
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/** A fenced block whose fence is longer than any backtick run in the content. */
export function fence(content: string, info = ''): string {
  const body = visible(content).replace(/\n+$/, '');
  const ticks = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${ticks}${info}\n${body}\n${ticks}`;
}

/** One table cell from Markdown already made safe: one line, pipes escaped (also inside code spans, as GFM reads them). */
export function cell(markdown: string): string {
  return markdown.replace(/\n/g, ' ').replace(/\|/g, '\\|');
}

/** A GFM table; `align` marks right-aligned columns with 'r'. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], align: readonly ('l' | 'r')[] = []): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = header.map((_, i) => (align[i] === 'r' ? '---:' : '---'));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}

/**
 * A link to a URL the app made (a step link). The URL is kept as given except for the characters
 * that would end a Markdown link destination or a table cell, which are percent-encoded; anything
 * but http(s) is not linked at all.
 */
export function link(label: string, url: string | undefined): string {
  if (url === undefined || !/^https?:\/\//i.test(url)) return label;
  const safe = url.replace(/[\s<>()[\]|`\\"']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${label}](${safe})`;
}

/** Characters of a value shown in a block; the incident holds all of it. */
const MAX_VALUE_CHARS = 3_000;

/** A value as indented JSON in a fence, cut (saying so) past MAX_VALUE_CHARS. */
export function jsonBlock(value: unknown): string {
  let all: string;
  try {
    all = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    all = String(value);
  }
  if (all.length <= MAX_VALUE_CHARS) return fence(all, 'json');
  return `${fence(all.slice(0, MAX_VALUE_CHARS), 'text')}\n\nCut after ${count(MAX_VALUE_CHARS)} of ${count(all.length)} characters; the incident, open in Timescope, shows the whole value.`;
}

/** A collapsed block; the summary is our own words, never a value. */
export function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

/** '1,234' without toLocaleString, so the document reads the same in every locale. */
export const count = groupDigits;

/** "1 step", "3 steps". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}
