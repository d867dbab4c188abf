// A trace read straight from its bytes, in one pass that checks every byte
// of the JSON and keeps each entry's values where they are: as byte ranges
// of the file, parsed only when a step is shown, searched or replayed (the
// way Perfetto's trace processor keeps the raw trace and decodes on demand).
// JSON.parse of a 30 MB trace builds a million objects that a load never
// reads; this builds none, so the engine holds the file once, not three times.
//
// It reads only what it can read exactly as JSON.parse would: the recorder's
// shape ({head…, trace: [{command, path, threw, result | error, …}]}, or a
// bare array of entries) in well-formed UTF-8 JSON. Anything else (a syntax
// error, an escape in a key or a Command name, a path that is not a string,
// a number JavaScript rounds, a value nesting near the depth limit) ends the scan
// with `undefined`, and the caller reads the file the slow, exact way, which
// also words every problem. So this is a fast path, never a second opinion.

import { isRoundedNumber } from './exact-numbers';

/** Values deeper than this end the scan: the exact reader names the entry and depth (depth.ts). */
const MAX_SCAN_DEPTH = 900;

/** The head fields a trace object may carry beside `trace`. */
export const HEAD_KEYS = ['flowName', 'version', 'initialInput', 'context', 'unrecorded', 'dropped'] as const;
export type HeadKey = (typeof HEAD_KEYS)[number];

/** Each entry's skeleton as columns; a range is [start, end) in the bytes, -1 when the key is absent. */
export interface ScannedEntries {
  readonly count: number;
  /** index into `names` */
  readonly command: Uint32Array;
  readonly names: readonly string[];
  /** the path string's characters (without quotes), ASCII only */
  readonly pathStart: Int32Array;
  readonly pathEnd: Int32Array;
  /** 0 absent, 1 false, 2 true */
  readonly threw: Uint8Array;
  /** NaN when absent or null (both mean "not measured" to the model) */
  readonly durationMs: Float64Array;
  /** the unrecorded reason's characters, -1 when absent or null */
  readonly unrecordedStart: Int32Array;
  readonly unrecordedEnd: Int32Array;
  readonly resultStart: Int32Array;
  readonly resultEnd: Int32Array;
  readonly errorStart: Int32Array;
  readonly errorEnd: Int32Array;
}

export interface ScannedTrace {
  readonly bytes: Uint8Array;
  /**
   * Every value is written as JSON.stringify writes it: no whitespace between its tokens, no
   * escape it would not use (\u, \/), no number in another form (an exponent, a trailing zero,
   * -0, more digits than a double holds). Then a value's bytes are its JSON text, and the filter
   * searches them as they are (core/filter/valueText.ts).
   */
  readonly canonical: boolean;
  /** no byte past ASCII: byte offsets are character offsets */
  readonly ascii: boolean;
  /** a bare array of entries, not a trace object */
  readonly bare: boolean;
  /** the head fields present, as ranges of their JSON values */
  readonly head: Partial<Record<HeadKey, readonly [number, number]>>;
  readonly entries: ScannedEntries;
}

// ---------------------------------------------------------------- byte classes

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/** In a string: 0 an ordinary byte, 1 the closing quote, 2 an escape, 3 a control byte (invalid), 4 a UTF-8 lead. */
const IN_STRING = new Uint8Array(256);
IN_STRING[QUOTE] = 1;
IN_STRING[BACKSLASH] = 2;
for (let b = 0; b < 0x20; b++) IN_STRING[b] = 3;
for (let b = 0x80; b < 0x100; b++) IN_STRING[b] = 4;

const WHITESPACE = new Uint8Array(256);
WHITESPACE[0x20] = WHITESPACE[0x09] = WHITESPACE[0x0a] = WHITESPACE[0x0d] = 1;

const IS_DIGIT = new Uint8Array(256);
for (let b = 0x30; b <= 0x39; b++) IS_DIGIT[b] = 1;

const ESCAPES = new Uint8Array(256);
for (const c of '"\\/bfnrt') ESCAPES[c.charCodeAt(0)] = 1;

const IS_HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') IS_HEX[c.charCodeAt(0)] = 1;

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const KEY_COMMAND = ascii('command');
const KEY_PATH = ascii('path');
const KEY_THREW = ascii('threw');
const KEY_DURATION = ascii('durationMs');
const KEY_UNRECORDED = ascii('unrecorded');
const KEY_RESULT = ascii('result');
const KEY_ERROR = ascii('error');
const KEY_TRACE = ascii('trace');
const HEAD_KEY_BYTES = HEAD_KEYS.map(ascii);
const LITERAL_TRUE = ascii('true');
const LITERAL_FALSE = ascii('false');
const LITERAL_NULL = ascii('null');
/** Keys that mark the first element of a bare array as another tool's event (foreign.ts), which the exact reader words. */
const KEY_PH = ascii('ph');
const KEY_TYPE = ascii('type');

/** Thrown inside the scan to give up on the fast path; caught once at the top. */
const GIVE_UP = new Error('not for the fast path');

// ---------------------------------------------------------------- the scanner

/** Growable columns, doubled as entries come (the count is not known until the end). */
class Columns {
  capacity: number;
  count = 0;
  command: Uint32Array;
  pathStart: Int32Array;
  pathEnd: Int32Array;
  threw: Uint8Array;
  durationMs: Float64Array;
  unrecordedStart: Int32Array;
  unrecordedEnd: Int32Array;
  resultStart: Int32Array;
  resultEnd: Int32Array;
  errorStart: Int32Array;
  errorEnd: Int32Array;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.command = new Uint32Array(capacity);
    this.pathStart = new Int32Array(capacity);
    this.pathEnd = new Int32Array(capacity);
    this.threw = new Uint8Array(capacity);
    this.durationMs = new Float64Array(capacity);
    this.unrecordedStart = new Int32Array(capacity);
    this.unrecordedEnd = new Int32Array(capacity);
    this.resultStart = new Int32Array(capacity);
    this.resultEnd = new Int32Array(capacity);
    this.errorStart = new Int32Array(capacity);
    this.errorEnd = new Int32Array(capacity);
  }

  grow(): void {
    const c = this.capacity * 2;
    const more = <T extends Uint32Array | Int32Array | Uint8Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(c);
      b.set(a);
      return b;
    };
    this.command = more(this.command);
    this.pathStart = more(this.pathStart);
    this.pathEnd = more(this.pathEnd);
    this.threw = more(this.threw);
    this.durationMs = more(this.durationMs);
    this.unrecordedStart = more(this.unrecordedStart);
    this.unrecordedEnd = more(this.unrecordedEnd);
    this.resultStart = more(this.resultStart);
    this.resultEnd = more(this.resultEnd);
    this.errorStart = more(this.errorStart);
    this.errorEnd = more(this.errorEnd);
    this.capacity = c;
  }

  done(names: readonly string[]): ScannedEntries {
    const n = this.count;
    return {
      count: n,
      command: this.command.slice(0, n),
      names,
      pathStart: this.pathStart.slice(0, n),
      pathEnd: this.pathEnd.slice(0, n),
      threw: this.threw.slice(0, n),
      durationMs: this.durationMs.slice(0, n),
      unrecordedStart: this.unrecordedStart.slice(0, n),
      unrecordedEnd: this.unrecordedEnd.slice(0, n),
      resultStart: this.resultStart.slice(0, n),
      resultEnd: this.resultEnd.slice(0, n),
      errorStart: this.errorStart.slice(0, n),
      errorEnd: this.errorEnd.slice(0, n)
    };
  }
}

// The scan's state lives in module variables, not a closure or an object: it
// runs once per byte of files of tens of megabytes, and property loads off an
// object cost a measurable share of that.
let b: Uint8Array = new Uint8Array(0);
let n = 0;
/** b as 32-bit words, from its first 4-aligned byte: word w holds bytes 4w .. 4w + 3 of b (b's offset is aligned) */
let words: Int32Array = new Int32Array(0);
let wordCount = 0;
/** whether the last string scanned had an escape or a byte past ASCII */
let stringPlain = true;
/** a value was written otherwise than JSON.stringify writes it (ScannedTrace.canonical) */
let loose = false;
/** a byte past ASCII was read */
let wide = false;

const fail = (): never => {
  throw GIVE_UP;
};

function ws(p: number): number {
  while (WHITESPACE[b[p]!] === 1) p++;
  return p;
}

/** Past the string whose opening quote is at p; sets stringPlain. */
function skipString(p: number): number {
  p++;
  stringPlain = true;
  for (;;) {
    // The common case, most of a trace's bytes: ordinary characters up to the quote, four at a
    // time where the bytes are aligned (words holds them as little-endian 32-bit words): a word
    // is skipped whole when none of its bytes is a quote, a backslash, a control byte or past ASCII.
    while ((p & 3) !== 0 && IN_STRING[b[p]!] === 0) p++;
    if ((p & 3) === 0) {
      let w = p >> 2;
      const last = wordCount;
      while (w < last) {
        const x = words[w]!;
        if (((x - 0x20202020) & ~x & 0x80808080) | (x & 0x80808080) | (((x ^ 0x22222222) - 0x01010101) & ~(x ^ 0x22222222) & 0x80808080) | (((x ^ 0x5c5c5c5c) - 0x01010101) & ~(x ^ 0x5c5c5c5c) & 0x80808080)) break;
        w++;
      }
      p = w << 2;
    }
    while (IN_STRING[b[p]!] === 0) p++;
    if (p >= n) fail();
    const c = IN_STRING[b[p]!];
    if (c === 1) return p + 1;
    stringPlain = false;
    if (c === 2) {
      const e = b[p + 1]!;
      if (ESCAPES[e] === 1) {
        if (e === 0x2f /* / */) loose = true;
        p += 2;
      } else if (e === 0x75 /* u */ && IS_HEX[b[p + 2]!] && IS_HEX[b[p + 3]!] && IS_HEX[b[p + 4]!] && IS_HEX[b[p + 5]!]) {
        loose = true; // JSON.stringify writes most such characters as they are
        p += 6;
      } else fail();
    } else if (c === 4) p = skipUtf8(p);
    else fail();
  }
}

/** Past one well-formed UTF-8 sequence at p (the rules of bytes.ts firstInvalidUtf8). */
function skipUtf8(p: number): number {
  wide = true;
  const lead = b[p]!;
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) lo = 0xa0;
    if (lead === 0xed) hi = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) lo = 0x90;
    if (lead === 0xf4) hi = 0x8f;
  } else return fail();
  const second = b[p + 1];
  if (second === undefined || second < lo || second > hi) fail();
  for (let k = 2; k <= need; k++) {
    const c = b[p + k];
    if (c === undefined || c < 0x80 || c > 0xbf) fail();
  }
  return p + need + 1;
}

/**
 * Past a number at p; the caller has seen '-' or a digit there. A number JavaScript reads as
 * another (an integer past 2^53, 1e400, 1e-400, more digits than a double keeps) needs the exact
 * reader, which keeps the file's text beside the model (exact-numbers.ts).
 */
function skipNumber(p: number): number {
  const start = p;
  if (b[p] === MINUS) p++;
  if (b[p] === ZERO) p++;
  else if (IS_DIGIT[b[p]!]) while (IS_DIGIT[b[p]!]) p++;
  else fail();
  const integerEnd = p;
  let integer = true;
  let sameText = true;
  if (b[p] === DOT) {
    integer = false;
    p++;
    if (!IS_DIGIT[b[p]!]) fail();
    while (IS_DIGIT[b[p]!]) p++;
    // 1.50 is written 1.5 by JSON.stringify; past 15 digits the text may name a double it writes otherwise.
    if (b[p - 1] === ZERO || (p - start > 16 && !(sameText = sameNumberText(start, p)))) loose = true;
  }
  const e = b[p];
  let exponentDigits = 0;
  if (e === 0x65 || e === 0x45) {
    loose = true;
    integer = false;
    p++;
    if (b[p] === 0x2b || b[p] === MINUS) p++;
    if (!IS_DIGIT[b[p]!]) fail();
    while (IS_DIGIT[b[p]!]) {
      p++;
      exponentDigits++;
    }
  }
  // 2^53 has 16 digits: a shorter integer is always exact; a longer one may be rounded (exact-numbers.ts).
  if (integer && integerEnd - start - (b[start] === MINUS ? 1 : 0) >= 16) fail();
  // 15 significant digits and a 2-digit exponent always survive; past either, ask.
  if (!integer && (!sameText || exponentDigits >= 3 || p - start > 16) && isRoundedNumber(textAt(start, p))) fail();
  if (integer && b[start] === MINUS && b[start + 1] === ZERO) loose = true; // -0 is written 0
  return p;
}

function textAt(start: number, end: number): string {
  let text = '';
  for (let k = start; k < end; k++) text += String.fromCharCode(b[k]!);
  return text;
}

/** Whether JavaScript writes the number b[start, end) as it is written there. */
function sameNumberText(start: number, end: number): boolean {
  const text = textAt(start, end);
  return String(Number(text)) === text;
}

function expectLiteral(p: number, word: Uint8Array): number {
  for (let k = 0; k < word.length; k++) if (b[p + k] !== word[k]) fail();
  return p + word.length;
}

/** Container kinds of the values being skipped, innermost last. */
const stack = new Uint8Array(MAX_SCAN_DEPTH + 2);
const IN_OBJECT = 1;
const IN_ARRAY = 2;

/** Whitespace inside a value: skipped, and noted, as JSON.stringify writes none. */
function wsIn(p: number): number {
  const q = ws(p);
  if (q !== p) loose = true;
  return q;
}

/** Past the key string and its colon at p (in an object), landing on the value. */
function keyAndColon(p: number): number {
  if (b[p] !== QUOTE) fail();
  p = wsIn(skipString(p));
  if (b[p] !== COLON) fail();
  return wsIn(p + 1);
}

/** Past any JSON value at p (after whitespace), checking it all; `depth` is how deep p already sits. */
function skipValue(p: number, depth: number): number {
  let top = 0;
  for (;;) {
    // A value starts at p.
    const c = b[p]!;
    if (c === QUOTE) p = skipString(p);
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth + top >= MAX_SCAN_DEPTH) fail();
      p = wsIn(p + 1);
      if (b[p] === (c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) p++;
      else {
        stack[top++] = c === OPEN_OBJECT ? IN_OBJECT : IN_ARRAY;
        if (c === OPEN_OBJECT) p = keyAndColon(p);
        continue;
      }
    } else if (c === MINUS || IS_DIGIT[c]) p = skipNumber(p);
    else if (c === 0x74) p = expectLiteral(p, LITERAL_TRUE);
    else if (c === 0x66) p = expectLiteral(p, LITERAL_FALSE);
    else if (c === 0x6e) p = expectLiteral(p, LITERAL_NULL);
    else fail();
    // After a value: a comma for the next, or the close of containers.
    for (;;) {
      if (top === 0) return p;
      p = wsIn(p);
      const d = b[p];
      const inside = stack[top - 1];
      if (d === COMMA) {
        p = wsIn(p + 1);
        if (inside === IN_OBJECT) p = keyAndColon(p);
        break;
      }
      if ((d === CLOSE_OBJECT && inside === IN_OBJECT) || (d === CLOSE_ARRAY && inside === IN_ARRAY)) {
        p++;
        top--;
        continue;
      }
      return fail();
    }
  }
}

/** Whether the key whose characters are b[start, end) is `key`. */
function keyIs(start: number, end: number, key: Uint8Array): boolean {
  if (end - start !== key.length) return false;
  for (let k = 0; k < key.length; k++) if (b[start + k] !== key[k]) return false;
  return true;
}

// ---- Command names: few per trace, met once per entry, so kept by their bytes' hash.

let names: string[] = [];
let nameByHash = new Map<number, number>();

function internName(start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let k = start; k < end; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
  h &= 0x3fffffff; // a Map key V8 keeps as a small integer, not a heap number
  const known = nameByHash.get(h);
  if (known !== undefined && sameText(names[known]!, start, end)) return known;
  const text = decodeText(start, end);
  const at = names.indexOf(text);
  if (at !== -1) return at;
  names.push(text);
  if (known === undefined) nameByHash.set(h, names.length - 1);
  return names.length - 1;
}

function sameText(s: string, start: number, end: number): boolean {
  if (s.length !== end - start) return false;
  for (let k = 0; k < s.length; k++) if (s.charCodeAt(k) !== b[start + k]) return false;
  return true;
}

const utf8 = new TextDecoder();

/** The characters of a plain string (no escapes): ASCII by hand, anything else by TextDecoder. */
function decodeText(start: number, end: number): string {
  let ascii = true;
  for (let k = start; k < end; k++) if (b[k]! >= 0x80) ascii = false;
  if (!ascii) return utf8.decode(b.subarray(start, end));
  let s = '';
  for (let k = start; k < end; k++) s += String.fromCharCode(b[k]!);
  return s;
}

// ---- durations: a number the scan has checked, read without making a string where that is exact.

const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

function numberAt(start: number, end: number): number {
  let p = start;
  const negative = b[p] === MINUS;
  if (negative) p++;
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  let seenDot = false;
  for (; p < end; p++) {
    const c = b[p]!;
    if (c === DOT) seenDot = true;
    else if (IS_DIGIT[c]) {
      mantissa = mantissa * 10 + (c - ZERO);
      if (mantissa !== 0 || seenDot) digits++;
      if (seenDot) scale++;
    } else break;
  }
  // Clinger's fast path: an integer mantissa below 2^53 over an exact power of ten is
  // one correctly rounded division, the very double the decimal text names.
  if (p === end && digits <= 15 && scale <= 22) {
    const v = mantissa / POW10[scale]!;
    return negative ? -v : v;
  }
  return Number(decodeText(start, end));
}

// ---- entries

function scanEntry(p: number, cols: Columns, first: boolean): number {
  if (b[p] !== OPEN_OBJECT) fail();
  const i = cols.count;
  if (i === cols.capacity) cols.grow();
  let command = -1;
  let pathStart = -1;
  let pathEnd = -1;
  let threw = 0;
  let durationMs = NaN;
  let unrecordedStart = -1;
  let unrecordedEnd = -1;
  let resultStart = -1;
  let resultEnd = -1;
  let errorStart = -1;
  let errorEnd = -1;
  p = ws(p + 1);
  if (b[p] === CLOSE_OBJECT) fail(); // no command
  for (;;) {
    if (b[p] !== QUOTE) fail();
    const keyStart = p + 1;
    p = skipString(p);
    if (!stringPlain) fail();
    const keyEnd = p - 1;
    p = ws(p);
    if (b[p] !== COLON) fail();
    p = ws(p + 1);
    const v = b[p];
    const length = keyEnd - keyStart;
    if (first && (keyIs(keyStart, keyEnd, KEY_PH) || keyIs(keyStart, keyEnd, KEY_TYPE))) fail();
    if (length === 7 && keyIs(keyStart, keyEnd, KEY_COMMAND)) {
      if (v !== QUOTE) fail();
      const start = p + 1;
      p = skipString(p);
      if (!stringPlain) fail();
      command = internName(start, p - 1);
    } else if (length === 4 && keyIs(keyStart, keyEnd, KEY_PATH)) {
      if (v !== QUOTE) fail(); // null or a number: the whole trace is matched by position, as the exact reader knows
      pathStart = p + 1;
      p = skipString(p);
      if (!stringPlain) fail();
      pathEnd = p - 1;
    } else if (length === 5 && keyIs(keyStart, keyEnd, KEY_THREW)) {
      if (v === 0x74) {
        p = expectLiteral(p, LITERAL_TRUE);
        threw = 2;
      } else if (v === 0x66) {
        p = expectLiteral(p, LITERAL_FALSE);
        threw = 1;
      } else fail();
    } else if (length === 10 && keyIs(keyStart, keyEnd, KEY_DURATION)) {
      if (v === 0x6e) {
        p = expectLiteral(p, LITERAL_NULL);
        durationMs = NaN;
      } else if (v === MINUS || IS_DIGIT[v!]) {
        const start = p;
        const wasLoose = loose; // only results and errors are searched as written
        p = skipNumber(p);
        loose = wasLoose;
        durationMs = numberAt(start, p);
        // NaN marks "absent"; a finite number never reads as NaN, and ±Infinity is not a duration either.
      } else fail();
    } else if (length === 10 && keyIs(keyStart, keyEnd, KEY_UNRECORDED)) {
      if (v === 0x6e) {
        p = expectLiteral(p, LITERAL_NULL);
        unrecordedStart = unrecordedEnd = -1;
      } else if (v === QUOTE) {
        unrecordedStart = p + 1;
        p = skipString(p);
        if (!stringPlain) fail();
        unrecordedEnd = p - 1;
      } else fail();
    } else if (length === 6 && keyIs(keyStart, keyEnd, KEY_RESULT)) {
      resultStart = p;
      p = skipValue(p, 3);
      resultEnd = p;
    } else if (length === 5 && keyIs(keyStart, keyEnd, KEY_ERROR)) {
      errorStart = p;
      p = skipValue(p, 3);
      errorEnd = p;
    } else {
      const wasLoose = loose;
      p = skipValue(p, 3);
      loose = wasLoose;
    }
    p = ws(p);
    if (b[p] === COMMA) {
      p = ws(p + 1);
      continue;
    }
    if (b[p] === CLOSE_OBJECT) break;
    fail();
  }
  if (command < 0) fail();
  cols.command[i] = command;
  cols.pathStart[i] = pathStart;
  cols.pathEnd[i] = pathEnd;
  cols.threw[i] = threw;
  cols.durationMs[i] = Number.isFinite(durationMs) ? durationMs : NaN;
  cols.unrecordedStart[i] = unrecordedStart;
  cols.unrecordedEnd[i] = unrecordedEnd;
  cols.resultStart[i] = resultStart;
  cols.resultEnd[i] = resultEnd;
  cols.errorStart[i] = errorStart;
  cols.errorEnd[i] = errorEnd;
  cols.count = i + 1;
  return p + 1;
}

function scanEntries(p: number, bare: boolean): { p: number; entries: ScannedEntries } {
  // About one entry per 100 bytes in real traces; the columns double past it.
  const cols = new Columns(Math.max(16, Math.ceil(n / 128)));
  p = ws(p + 1);
  if (b[p] === CLOSE_ARRAY) return { p: p + 1, entries: cols.done(names) };
  for (;;) {
    p = ws(scanEntry(p, cols, bare && cols.count === 0));
    if (b[p] === COMMA) {
      p = ws(p + 1);
      continue;
    }
    if (b[p] === CLOSE_ARRAY) return { p: p + 1, entries: cols.done(names) };
    fail();
  }
}

function scanTop(): ScannedTrace | undefined {
  let p = ws(0);
  if (b[p] === OPEN_ARRAY) {
    const { p: end, entries } = scanEntries(p, true);
    return ws(end) === n ? { bytes: b, bare: true, head: {}, entries, canonical: !loose, ascii: !wide } : undefined;
  }
  if (b[p] !== OPEN_OBJECT) return undefined;
  const head: Partial<Record<HeadKey, readonly [number, number]>> = {};
  let entries: ScannedEntries | undefined;
  p = ws(p + 1);
  if (b[p] === CLOSE_OBJECT) return undefined; // no trace: the exact reader says what it is instead
  for (;;) {
    if (b[p] !== QUOTE) return undefined;
    const keyStart = p + 1;
    p = skipString(p);
    if (!stringPlain) return undefined;
    const keyEnd = p - 1;
    p = ws(p);
    if (b[p] !== COLON) return undefined;
    p = ws(p + 1);
    if (keyIs(keyStart, keyEnd, KEY_TRACE)) {
      // Not an array, or twice (JSON.parse would keep the last): the exact reader's case.
      if (b[p] !== OPEN_ARRAY || entries) return undefined;
      const scanned = scanEntries(p, false);
      entries = scanned.entries;
      p = scanned.p;
    } else {
      const k = HEAD_KEY_BYTES.findIndex((key) => keyIs(keyStart, keyEnd, key));
      const start = p;
      const wasLoose = loose;
      p = skipValue(p, 1);
      loose = wasLoose;
      if (k !== -1) head[HEAD_KEYS[k]!] = [start, p];
    }
    p = ws(p);
    if (b[p] === COMMA) {
      p = ws(p + 1);
      continue;
    }
    if (b[p] === CLOSE_OBJECT) break;
    return undefined;
  }
  if (!entries || ws(p + 1) !== n) return undefined;
  return { bytes: b, bare: false, head, entries, canonical: !loose, ascii: !wide };
}

/**
 * The trace in `bytes` (UTF-8, without a BOM), or undefined when it takes the
 * exact reader: not one JSON value of the recorder's shape, or anything the
 * scan does not read exactly as JSON.parse would.
 */
export function scanTrace(bytes: Uint8Array): ScannedTrace | undefined {
  b = bytes;
  n = bytes.length;
  // Words only over an aligned buffer; otherwise none, and strings are read a byte at a time.
  wordCount = bytes.byteOffset % 4 === 0 ? n >> 2 : 0;
  words = wordCount ? new Int32Array(bytes.buffer, bytes.byteOffset, wordCount) : new Int32Array(0);
  names = [];
  nameByHash = new Map();
  loose = false;
  wide = false;
  try {
    return scanTop();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  } finally {
    b = new Uint8Array(0);
    n = 0;
    words = new Int32Array(0);
    wordCount = 0;
  }
}

/** Below this many bytes an ASCII range is made a string by fromCharCode, which costs less than a TextDecoder call. */
const SHORT_TEXT = 512;

/** The text of b[start, end) of a scanned trace's bytes. */
export function textOf(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT_TEXT) {
    let ascii = true;
    for (let k = start; k < end; k++) if (bytes[k]! >= 0x80) ascii = false;
    if (ascii) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  }
  return utf8.decode(bytes.subarray(start, end));
}
