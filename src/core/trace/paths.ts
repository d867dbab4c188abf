// The path grammar of pure-effect traces (spec §4.5):
//   path    = *( segment "/" ) leaf
//   segment = num "r" num / num "rf" / num "p" num
//   leaf    = num / num "p"          ; a Command, or a Parallel decision
// Parsing is strict: a path that does not follow the recorder's format yields
// `undefined`, and such an entry takes no part in the structure.

export type PathSegment =
  | { readonly kind: 'attempt'; readonly step: number; readonly attempt: number }
  | { readonly kind: 'fallback'; readonly step: number }
  | { readonly kind: 'branch'; readonly step: number; readonly branch: number };

export type PathLeaf =
  | { readonly kind: 'command'; readonly step: number }
  | { readonly kind: 'decision'; readonly step: number };

export interface ParsedPath {
  readonly segments: readonly PathSegment[];
  readonly leaf: PathLeaf;
}

const ZERO = 48;
const SLASH = 47;
const LETTER_P = 112;
const LETTER_R = 114;
const LETTER_F = 102;

/**
 * Parses by hand, one character at a time: every step of a 100,000-step trace
 * is parsed at load (for its lanes, and again to place it), and split plus a
 * regular expression per segment cost ~65 ms of that; this costs ~8.
 */
export function parsePath(path: string): ParsedPath | undefined {
  const n = path.length;
  cursor = 0;
  const segments: PathSegment[] = [];
  for (;;) {
    const step = numberAt(path);
    if (step < 0) return undefined;
    if (cursor === n) return { segments, leaf: { kind: 'command', step } };
    const c = path.charCodeAt(cursor++);
    if (c === LETTER_P) {
      if (cursor === n) return { segments, leaf: { kind: 'decision', step } };
      const branch = numberAt(path);
      if (branch < 0) return undefined;
      segments.push({ kind: 'branch', step, branch });
    } else if (c === LETTER_R && path.charCodeAt(cursor) === LETTER_F) {
      cursor++;
      segments.push({ kind: 'fallback', step });
    } else if (c === LETTER_R) {
      const attempt = numberAt(path);
      if (attempt < 0) return undefined;
      segments.push({ kind: 'attempt', step, attempt });
    } else return undefined;
    // A segment ends with '/', and a leaf must follow it.
    if (path.charCodeAt(cursor++) !== SLASH || cursor === n) return undefined;
  }
}

/** Whether text[start, end) follows the grammar: parsePath would parse it, without making its segments. */
export function isGrammarPath(text: string, start = 0, end = text.length): boolean {
  let p = start;
  for (;;) {
    if ((p = pastDigits(text, p, end)) < 0) return false;
    if (p === end) return true;
    const c = text.charCodeAt(p++);
    if (c === LETTER_P) {
      if (p === end) return true;
      if ((p = pastDigits(text, p, end)) < 0) return false;
    } else if (c === LETTER_R && p < end && text.charCodeAt(p) === LETTER_F) p++;
    else if (c === LETTER_R) {
      if ((p = pastDigits(text, p, end)) < 0) return false;
    } else return false;
    if (p >= end || text.charCodeAt(p++) !== SLASH || p === end) return false;
  }
}

/** Past the digits at p, or -1 when there is none. */
function pastDigits(text: string, p: number, end: number): number {
  const from = p;
  while (p < end) {
    const d = text.charCodeAt(p) - ZERO;
    if (d < 0 || d > 9) break;
    p++;
  }
  return p > from ? p : -1;
}

/** Where parsePath has read to. Module state, not a closure: a closure per call cost more than the parse. */
let cursor = 0;

/** The number at the cursor, moving past it; -1 when no digit is there. */
function numberAt(path: string): number {
  const start = cursor;
  let value = 0;
  while (cursor < path.length) {
    const d = path.charCodeAt(cursor) - ZERO;
    if (d < 0 || d > 9) break;
    value = value * 10 + d;
    cursor++;
  }
  if (cursor === start) return -1;
  // Past 15 digits the running sum could round differently from Number().
  return cursor - start > 15 ? Number(path.slice(start, cursor)) : value;
}

/**
 * The parsed path of a step. Not stored on the step: a model crosses to the UI
 * thread by structured clone, and two small objects per step made that clone
 * several times slower than the trace's own values.
 */
export function parsedPathOf(step: { readonly path: string | undefined }): ParsedPath | undefined {
  return step.path === undefined ? undefined : parsePath(step.path);
}

/** The text of one segment, as it appears in a path. */
export function segmentText(segment: PathSegment): string {
  switch (segment.kind) {
    case 'attempt':
      return `${segment.step}r${segment.attempt}`;
    case 'fallback':
      return `${segment.step}rf`;
    case 'branch':
      return `${segment.step}p${segment.branch}`;
  }
}

/** The prefix (ending in '/') of the sequence a path's leaf lives in, '' at the root. */
export function sequencePrefix(parsed: ParsedPath): string {
  return parsed.segments.map((s) => segmentText(s) + '/').join('');
}
