// The value search of a trace the byte scanner read, over the file itself:
// when every value is written as JSON.stringify writes it (scan.ts
// ScannedTrace.canonical), a step's value text is its bytes, lowercased. So
// the whole file is decoded and lowercased once, on the first value search
// (~25 ms at 30 MB), and each needle is then one indexOf walk over it that
// looks at most once into each step's value: no text per step is ever made.
import { KIND_CODE, HAS_VALUE, type StepColumns } from '../trace/columns';
import type { ScannedTrace } from '../trace/scan';
import { containingIn, type Ranged, type ValueSearch } from './corpus';

/** Each step's shown value as a byte range of the file: its error if it threw, else its result; none for an unrecorded step. */
function shownRanges(s: ScannedTrace, c: StepColumns): { start: Int32Array; end: Int32Array } {
  const e = s.entries;
  const start = new Int32Array(c.count).fill(-1);
  const end = new Int32Array(c.count).fill(-1);
  for (let i = 0; i < c.count; i++) {
    const kind = c.kind[i];
    if (kind === KIND_CODE.unrecorded || (c.flags[i]! & HAS_VALUE) === 0) continue;
    // A step that threw shows its error; an unrecorded one that threw has none (above).
    const threw = kind === KIND_CODE.threw;
    start[i] = threw ? e.errorStart[i]! : e.resultStart[i]!;
    end[i] = threw ? e.errorEnd[i]! : e.resultEnd[i]!;
  }
  return { start, end };
}

/** Byte offsets to UTF-16 offsets, for the ranges of a file that is not all ASCII (one pass over the bytes). */
function toCharOffsets(bytes: Uint8Array, ranges: { start: Int32Array; end: Int32Array }): void {
  // Every boundary, ascending: ranges ascend and never overlap.
  const n = ranges.start.length;
  let byte = 0;
  let chars = 0;
  const advance = (to: number) => {
    for (; byte < to; byte++) {
      const b = bytes[byte]!;
      // A lead byte starts a character; a 4-byte one is two UTF-16 units.
      if ((b & 0xc0) !== 0x80) chars += b >= 0xf0 ? 2 : 1;
    }
    return chars;
  };
  for (let i = 0; i < n; i++) {
    if (ranges.start[i]! < 0) continue;
    ranges.start[i] = advance(ranges.start[i]!);
    ranges.end[i] = advance(ranges.end[i]!);
  }
}

/**
 * The file's value search, or undefined when its values are not all written as JSON.stringify
 * writes them; `fallback` searches texts made per step should the file's text turn out not to
 * keep its offsets when lowercased.
 */
export function fileValueSearch(s: ScannedTrace, c: StepColumns, fallback: () => ValueSearch): ValueSearch | undefined {
  if (!s.canonical) return undefined;
  let ranged: Ranged | undefined;
  let instead: ValueSearch | undefined;
  const made = (): Ranged | undefined => {
    if (ranged || instead) return ranged;
    const text = new TextDecoder().decode(s.bytes);
    const lower = text.toLowerCase();
    // A character whose lowercase is longer (İ) would shift every offset after it.
    if (lower.length !== text.length) {
      instead = fallback();
      return undefined;
    }
    const ranges = shownRanges(s, c);
    if (!s.ascii) toCharOffsets(s.bytes, ranges);
    return (ranged = { text: lower, start: ranges.start, end: ranges.end });
  };
  return {
    *containing(needle) {
      const r = made();
      if (!r) return yield* instead!.containing(needle);
      return containingIn(r, c.count, needle);
    },
    warm: (from, to) => {
      made();
      return instead?.warm ? instead.warm(from, to) : c.count;
    }
  };
}
