// The fields of one recorded value that "Redact a field everywhere" can pick
// from: every leaf (a string, number or boolean) with the keys that lead to
// it, in document order. Arrays are walked too, so `items[2].email` can be
// picked; pathRuleFor then widens the index to every item.

export interface FieldChoice {
  /** keys and array indices from the value's root to the leaf */
  readonly keys: readonly (string | number)[];
  /** how the person reads it: `customer.email`, `items[2].sku` */
  readonly label: string;
  /** the leaf as short text, for recognising it; already cut to `PREVIEW` characters */
  readonly preview: string;
}

const PREVIEW = 40;

function labelOf(keys: readonly (string | number)[]): string {
  let out = '';
  for (const k of keys) out += typeof k === 'number' ? `[${k}]` : out === '' ? k : `.${k}`;
  return out;
}

function previewOf(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text;
}

/**
 * Leaves of `value`, at most `limit`, depth-first. An array's items after
 * the first `perArray` are skipped: the rule for one item covers them all.
 */
export function listFields(value: unknown, limit = 200, perArray = 3): { fields: FieldChoice[]; more: boolean } {
  const fields: FieldChoice[] = [];
  let more = false;
  const seen = new Set<object>();
  const walk = (v: unknown, keys: (string | number)[]) => {
    if (fields.length >= limit) {
      more = true;
      return;
    }
    if (v === null || v === undefined) return;
    if (typeof v !== 'object') {
      if (keys.length) fields.push({ keys: [...keys], label: labelOf(keys), preview: previewOf(v) });
      return;
    }
    if (seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      v.slice(0, perArray).forEach((item, i) => walk(item, [...keys, i]));
      return;
    }
    for (const [k, child] of Object.entries(v)) walk(child, [...keys, k]);
  };
  walk(value, []);
  return { fields, more };
}
