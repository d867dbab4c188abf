// Integers past 2^53 as they were written. JSON.parse rounds them (the file's
// 9007199254740993 becomes 9007199254740992) and the parsed value is what
// replay must use, so the digits from the file go into a side table beside
// the model: JSON pointer -> source text, read only by the views.
//
// One scanner for every runtime rather than the reviver's `context.source`:
// Node 20 lacks it, the reviver would also need a second walk to learn each
// number's path, and the scanner yields the pointer directly. It runs only
// when the text has a run of 16 digits somewhere, which 2^53 needs.

/** RFC 6901: "~" and "/" in a key are escaped. */
export const pointerKey = (key: string | number) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

const MAYBE_BIG = /\d{16}/;
const INTEGER = /^-?\d+$/;

/** Whether JavaScript reads this integer literal as some other number (2^53 itself is exact). */
export const isRoundedInteger = (source: string) => INTEGER.test(source) && BigInt(Number(source)) !== BigInt(source);

/** A number that JSON.parse may have rounded: an integer past 2^53 (in either direction). */
export const isBeyondSafe = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);

interface Frame {
  readonly array: boolean;
  key: string | number;
  /** in an object, whether the next string is a key */
  expectKey: boolean;
}

/**
 * Pointer -> source text for every integer literal in `text` (valid JSON)
 * that JavaScript cannot hold exactly. Empty, without a scan, when no run of
 * 16 digits appears at all.
 */
export function roundedIntegers(text: string): Record<string, string> {
  const found: Record<string, string> = Object.create(null);
  if (!MAYBE_BIG.test(text)) return found;
  const stack: Frame[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let j = i + 1;
      let escaped = false;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 0x5c) {
          escaped = true;
          j += 2;
          continue;
        }
        if (d === 0x22) break;
        j++;
      }
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        const raw = text.slice(i + 1, j);
        top.key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : raw;
        top.expectKey = false;
      }
      i = j + 1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push({ array: c === 0x5b, key: 0, expectKey: c === 0x7b });
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      i++;
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.array) top.key = (top.key as number) + 1;
      else if (top) top.expectKey = true;
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < n && /[0-9eE+.-]/.test(text[j]!)) j++;
      if (j - i >= 16) {
        const source = text.slice(i, j);
        if (isRoundedInteger(source)) found[stack.map((f) => pointerKey(f.key)).join('')] = source;
      }
      i = j;
    } else {
      i++;
    }
  }
  return found;
}

/**
 * The table keyed as in the trace object form ({…, trace:[…]}), whatever the
 * file's form: a bare array of entries has its pointers moved under /trace.
 */
export function asTracePointers(found: Readonly<Record<string, string>>, bare: boolean): Readonly<Record<string, string>> {
  if (!bare) return found;
  const moved: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(found)) moved[`/trace${k}`] = v;
  return moved;
}
