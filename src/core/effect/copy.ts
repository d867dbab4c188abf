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
