// How messages name a JSON value: its kind ("a number"), or for the fields
// where the exact value is the clue, the value itself ('the string "two"').

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** 'null', 'an array', 'an object', 'a string', 'a number', 'a boolean', 'undefined'... */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return 'an array';
  const t = typeof v;
  return t === 'object' ? 'an object' : `a ${t}`;
}

/** Like kindOf, but shows a primitive's value: the string "two", the number -1, the boolean true. */
export function describeValue(v: unknown): string {
  if (typeof v === 'string') {
    const shown = v.length > 40 ? `${v.slice(0, 40)}…` : v;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return `the ${typeof v} ${String(v)}`;
  return kindOf(v);
}

/** "1 entry" / "3 entries" */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
