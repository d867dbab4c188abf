// What a value tree shows in place of the two kinds of value that hurt it:
// a string long enough to stall the page when all of it goes into the DOM,
// and a number that JSON.parse rounded (past 2^53, past the largest double,
// below the smallest, more digits than a double keeps), or whose sign String
// drops (-0). The caller gets a copy
// with those replaced (the rest shared, not copied) and the list of each,
// so the view can offer "show all" and the digits as the file wrote them.
import { isBeyondSafe, pointerKey } from '../trace/exact-numbers';

/** Strings past this many characters are cut in value trees. */
export const LONG_STRING_CHARS = 10_000;
/** How much of a cut string the tree keeps. */
export const CUT_TO_CHARS = 1_000;
/** Values are at most this deep once loaded (core/trace/depth); deeper parts are shown as they are. */
const MAX_WALK = 1_100;

export interface LongString {
  /** where it is, as a reader writes it: `base64` or `items[2].body` ('' for the value itself) */
  readonly where: string;
  readonly text: string;
}

export interface MarkedNumber {
  readonly where: string;
  /** the number the values hold (rounded, unless it is -0) */
  readonly value: number;
  /** the number as the file wrote it, when known */
  readonly source: string | undefined;
}

export interface Shown {
  readonly value: unknown;
  readonly long: readonly LongString[];
  readonly big: readonly MarkedNumber[];
}

export interface ShownOptions {
  /** TraceModel.exactNumbers (absent: none was rounded) */
  readonly exact?: Readonly<Record<string, string>>;
  /** this value's pointer within the trace, when it was read from the file; without one, a rounded-looking integer is marked ≈ */
  readonly pointer?: string;
  /** what the tree shows for a long string: by default the first CUT_TO_CHARS characters and an ellipsis */
  readonly cut?: (s: LongString) => unknown;
  readonly number: (n: MarkedNumber) => unknown;
}

/** "1.5 MB": the UTF-8 size of a string, counted without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The same as `v` unless a long string or a rounded integer is inside it. */
export function shownValue(root: unknown, options: ShownOptions): Shown {
  const long: LongString[] = [];
  const big: MarkedNumber[] = [];
  const exact = options.exact;
  const walk = (v: unknown, where: string, pointer: string | undefined, depth: number): unknown => {
    if (typeof v === 'string') {
      if (v.length <= LONG_STRING_CHARS) return v;
      const s = { where, text: v };
      long.push(s);
      return options.cut ? options.cut(s) : `${v.slice(0, CUT_TO_CHARS)}…`;
    }
    if (typeof v === 'number') {
      const source = pointer === undefined ? undefined : exact?.[pointer];
      // A value from the file with no entry in the table was written exactly (2^53 itself, say);
      // one from elsewhere (a replay) that looks rounded is marked with no digits claimed.
      const marked = source !== undefined || Object.is(v, -0) || (pointer === undefined && isBeyondSafe(v));
      if (!marked) return v;
      const n = { where, value: v, source: source ?? (Object.is(v, -0) ? '-0' : undefined) };
      big.push(n);
      return options.number(n);
    }
    if (v === null || typeof v !== 'object' || depth > MAX_WALK) return v;
    const at = (key: string | number) => (pointer === undefined ? undefined : pointer + pointerKey(key));
    if (Array.isArray(v)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const next = walk(v[i], `${where}[${i}]`, at(i), depth + 1);
        if (next !== v[i]) (copy ??= v.slice())[i] = next;
      }
      return copy ?? v;
    }
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      const next = walk(item, where ? `${where}.${key}` : key, at(key), depth + 1);
      if (next !== item) {
        // defineProperty, so a `__proto__` key stays a key and never sets the copy's prototype.
        copy ??= { ...v };
        Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
      }
    }
    return copy ?? v;
  };
  const value = walk(root, '', options.pointer, 0);
  return { value, long, big };
}
