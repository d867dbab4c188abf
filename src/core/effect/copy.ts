// Copying values the way the recorder and the replay do (spec §4.6): through
// JSON, with any reference to one of the value's own ancestors dropped, so a
// cycle is cut while an object reached twice without a cycle is copied twice.

/** `chars`: the length of the JSON text the copy went through, a measure of its size. */
export type CopyResult = { readonly ok: true; readonly value: unknown; readonly chars?: number } | { readonly ok: false; readonly error: unknown };

type Transform = (value: unknown) => unknown;

function ancestorCut(transform?: Transform): (this: unknown, key: string, value: unknown) => unknown {
  const chain: unknown[] = [];
  return function (this: unknown, _key: string, raw: unknown): unknown {
    // JSON.stringify calls the replacer with the object being serialized as
    // `this`, so everything above it in `chain` has been left behind.
    while (chain.length > 0 && chain[chain.length - 1] !== this) chain.pop();
    const value = transform ? transform(raw) : raw;
    if (typeof value === 'object' && value !== null) {
      if (chain.includes(value)) return undefined;
      chain.push(value);
    }
    return value;
  };
}

function copyWith(v: unknown, transform?: Transform): CopyResult {
  try {
    const text = JSON.stringify(v, ancestorCut(transform));
    // undefined, a function or a Symbol has no JSON: the copy is undefined (no `result` key).
    return text === undefined ? { ok: true, value: undefined } : { ok: true, value: JSON.parse(text) as unknown, chars: text.length };
  } catch (error) {
    // A BigInt, or a getter that throws.
    return { ok: false, error };
  }
}

/** `JSON.parse(JSON.stringify(v, cut))`, reporting failure instead of throwing. */
export function copyValue(v: unknown): CopyResult {
  // Nearly every value (and every one read from a recorded trace) is plain data: copied directly
  // (clonePlain), several times cheaper than the text round trip; a replay of 10,000 steps copies
  // each recorded answer. Otherwise it has no cycle: JSON's own walk then gives the same text as
  // the cutting one, many times faster. Anything it refuses takes the cutting walk, which decides.
  if (v === undefined) return { ok: true, value: undefined };
  let plain: CopyResult | undefined;
  try {
    plain = plainCopy(v);
  } catch (error) {
    // A getter that throws, read as JSON's walk would read it.
    return { ok: false, error };
  }
  if (plain) return plain;
  try {
    const text = JSON.stringify(v);
    return text === undefined ? { ok: true, value: undefined } : { ok: true, value: JSON.parse(text) as unknown, chars: text.length };
  } catch {
    return copyWith(v);
  }
}

/**
 * Like copyValue, but every Error anywhere in the value is first replaced by
 * `toStored(error)` (its stored form). Timescope's reports use this so that a
 * nested error (a Retry's lastError, say) keeps its message; the library
 * itself would store a nested Error as its bare own keys.
 */
export function copyStoringErrors(v: unknown, toStored: (e: Error) => unknown): CopyResult {
  // As in copyValue: with no cycle, JSON's own walk (here with only the Error replacer) gives
  // the text the cutting one would, without its ancestor chain; a refusal takes the cutting walk.
  const outer = storing;
  storing = toStored;
  try {
    // Most values are plain data, copied directly (clonePlain); JSON's walk, with the Error
    // replacer, takes the rest.
    if (v === undefined) return { ok: true, value: undefined };
    const plain = plainCopy(v);
    if (plain) return plain;
    const text = JSON.stringify(v, storingErrors);
    return text === undefined ? { ok: true, value: undefined } : { ok: true, value: JSON.parse(text) as unknown, chars: text.length };
  } catch {
    return copyWith(v, (x) => (x instanceof Error ? toStored(x) : x));
  } finally {
    storing = outer;
  }
}

/** copyStoringErrors's replacer, made once rather than per copy (a replay makes some 16,000 copies). */
let storing: ((e: Error) => unknown) | undefined;
function storingErrors(_key: string, x: unknown): unknown {
  return x instanceof Error && storing ? storing(x) : x;
}

/** Nodes a value may have for clonePlain to copy it; past that JSON's walk decides. */
const PLAIN_BUDGET = 4096;
const PLAIN_DEPTH = 32;
let plainLeft = 0;
/** JSON's length of what clonePlain copied, counted as it goes (the copies' budgets read it). */
let plainChars = 0;
const NOT_PLAIN: unique symbol = Symbol('not plain');

/**
 * The copy JSON would make of `v` (`JSON.parse(JSON.stringify(v))`), made directly, when `v` is
 * made only of primitives, arrays and plain objects: no Error, Date, class instance, toJSON,
 * BigInt or cycle, whose JSON this does not repeat (it says NOT_PLAIN, and JSON's walk decides).
 * For the small values a replay copies at every step it is several times cheaper than the text
 * round trip. As JSON does, it reads each own enumerable key once (a getter runs once), drops
 * undefined, functions and symbols from objects and makes them null in arrays, and writes NaN,
 * ±Infinity as null and -0 as 0.
 */
function clonePlain(v: unknown, depth: number): unknown {
  switch (typeof v) {
    case 'string':
      plainChars += v.length + 2;
      return v;
    case 'number':
      if (!Number.isFinite(v)) {
        plainChars += 4;
        return null;
      }
      plainChars += numberChars(v);
      return v === 0 ? 0 : v;
    case 'boolean':
      plainChars += v ? 4 : 5;
      return v;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (v === null) {
    plainChars += 4;
    return null;
  }
  if (--plainLeft < 0 || depth > PLAIN_DEPTH || typeof (v as { toJSON?: unknown }).toJSON === 'function') return NOT_PLAIN;
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    plainChars += 2 + Math.max(0, v.length - 1);
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      const c = x === undefined || typeof x === 'function' || typeof x === 'symbol' ? ((plainChars += 4), null) : clonePlain(x, depth + 1);
      if (c === NOT_PLAIN) return NOT_PLAIN;
      out[i] = c;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  plainChars += 2;
  let first = true;
  for (const key of Object.keys(v)) {
    const x: unknown = (v as Record<string, unknown>)[key];
    if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
    const c = clonePlain(x, depth + 1);
    if (c === NOT_PLAIN) return NOT_PLAIN;
    plainChars += key.length + 3 + (first ? 0 : 1);
    first = false;
    // JSON.parse makes `__proto__` an own key; an assignment would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: c, enumerable: true, writable: true, configurable: true });
    else out[key] = c;
  }
  return out;
}

/**
 * The length of a finite number's JSON text. Counts and ids are small integers, counted here
 * without making the text (a replay copies thousands of them); anything else is written out.
 */
function numberChars(v: number): number {
  if (!Number.isInteger(v) || v > 999_999_999 || v < -999_999_999) return String(v).length;
  let n = v < 0 ? 2 : 1;
  for (let a = v < 0 ? -v : v; a >= 10; a = Math.floor(a / 10)) n++;
  return n;
}

/** clonePlain's copy with its JSON length, or undefined when JSON's walk must decide. */
function plainCopy(v: unknown): CopyResult | undefined {
  plainLeft = PLAIN_BUDGET;
  plainChars = 0;
  const value = clonePlain(v, 0);
  return value === NOT_PLAIN ? undefined : { ok: true, value, chars: plainChars };
}
