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
  // Nearly every value (and every one read from a recorded trace) has no
  // cycle: JSON's own walk then gives the same text as the cutting one, many
  // times faster. Anything it refuses takes the cutting walk, which decides.
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
    // A replacer takes JSON.stringify off its fast path (a call per key): most values hold no
    // Error, and a walk that proves so and JSON's own walk are together cheaper.
    const text = plainData(v, 0) ? JSON.stringify(v) : JSON.stringify(v, storingErrors);
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

/** Nodes a value may have for plainData to walk it; past that the replacer's walk decides. */
const PLAIN_BUDGET = 4096;
let plainLeft = 0;

/**
 * True when `v` is made only of primitives, arrays and plain objects (no Error, no toJSON, no
 * class instance whose JSON could hold one), so JSON with no replacer gives copyStoringErrors'
 * text. It reads the keys JSON reads: a getter on a plain object runs once more, as the copy
 * itself already runs it once more than the flow does. Anything unusual says false.
 */
function plainData(v: unknown, depth: number): boolean {
  if (depth === 0) plainLeft = PLAIN_BUDGET;
  if (typeof v !== 'object' || v === null) return true;
  if (--plainLeft < 0 || depth > 32) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!plainData(v[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  if ('toJSON' in v) return false;
  for (const key in v) {
    if (!plainData((v as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}
