// Numbers as they were written, where JavaScript reads another number. JSON.parse
// rounds them (the file's 9007199254740993 becomes 9007199254740992, 1e400 and
// a 309-digit integer become Infinity, 1e-400 becomes 0, a 40-digit fraction
// keeps 17) and the parsed value is what replay must use, so the text from the
// file goes into a side table beside the model: JSON pointer -> source text,
// read only by the views.
//
// One scanner for every runtime rather than the reviver's `context.source`:
// Node 20 lacks it, the reviver would also need a second walk to learn each
// number's path, and the scanner yields the pointer directly. It runs only
// when the text could hold such a number at all: 16 digits (with or without a
// point among them; 15 significant digits always survive) or a 3-digit exponent.

/** RFC 6901: "~" and "/" in a key are escaped. */
export const pointerKey = (key: string | number) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

const MAYBE_INEXACT = /\d{16}|[\d.]{17}|[eE][+-]?\d{3}/;
const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * A decimal number as sign, significant digits and exponent ("-0.0120e3" -> "-12e0"), or
 * "0"/"-0", so that two texts naming the same value compare equal. BigInt keeps an exponent
 * of any length exact (a file may say 1e99999999999999999999).
 */
function canonicalDecimal(text: string): string | undefined {
  const m = NUMBER.exec(text);
  if (!m) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  const all = whole! + fraction;
  const first = all.search(/[1-9]/);
  if (first < 0) return `${sign}0`;
  const significant = all.slice(first).replace(/0+$/, '');
  const trailing = all.length - first - significant.length;
  const power = BigInt(exponent) - BigInt(fraction.length) + BigInt(trailing);
  return `${sign}${significant}e${power}`;
}

/** The value a double holds, in the same form (its shortest round-trip digits, which String gives). */
function canonicalDouble(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  return canonicalDecimal(String(n).replace('e+', 'e'));
}

/**
 * Whether JavaScript reads this JSON number literal as some other number: past 2^53, past
 * the largest double (Infinity), below the smallest (0), or with more digits than a double
 * keeps. -0 is read exactly (the views show its sign); 2^53 and 1.5e300 are exact too.
 */
export function isRoundedNumber(source: string): boolean {
  const written = canonicalDecimal(source);
  return written !== undefined && written !== canonicalDouble(Number(source));
}

/** A number that JSON.parse may have rounded: an integer past 2^53 (in either direction). */
export const isBeyondSafe = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);

interface Frame {
  readonly array: boolean;
  key: string | number;
  /** in an object, whether the next string is a key */
  expectKey: boolean;
}

/**
 * Pointer -> source text for every number literal in `text` (valid JSON)
 * that JavaScript cannot hold exactly (isRoundedNumber). Empty, without a
 * scan, when no literal could be one.
 */
export function roundedNumbers(text: string): Record<string, string> {
  const found: Record<string, string> = Object.create(null);
  if (!MAYBE_INEXACT.test(text)) return found;
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
      // 5 characters at least: 16 digits, or 1e999
      const source = text.slice(i, j);
      if (j - i >= 5 && MAYBE_INEXACT.test(source) && isRoundedNumber(source)) {
        found[stack.map((f) => pointerKey(f.key)).join('')] = source;
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
