// What a step changed in the pipeline value: leaf paths whose value differs
// between before and after, e.g. `total: 120 → 0`. Bounded, so a huge value
// cannot make the inspector walk millions of leaves.
export interface ValueChange {
  readonly path: string;
  readonly kind: 'changed' | 'added' | 'removed';
  readonly before?: unknown;
  readonly after?: unknown;
}

const MAX_CHANGES = 200;
const MAX_DEPTH = 12;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function join(base: string, key: string, array: boolean): string {
  if (array) return `${base}[${key}]`;
  return base ? `${base}.${key}` : key;
}

function walk(a: unknown, b: unknown, path: string, depth: number, out: ValueChange[]) {
  if (out.length >= MAX_CHANGES || Object.is(a, b)) return;
  const bothObjects = isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects || depth >= MAX_DEPTH) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path: path || '(value)', kind: 'changed', before: a, after: b });
    return;
  }
  const array = Array.isArray(a);
  for (const key of Object.keys(a)) {
    if (!Object.hasOwn(b, key)) out.push({ path: join(path, key, array), kind: 'removed', before: a[key] });
    else walk(a[key], b[key], join(path, key, array), depth + 1, out);
    if (out.length >= MAX_CHANGES) return;
  }
  for (const key of Object.keys(b)) {
    if (!Object.hasOwn(a, key)) out.push({ path: join(path, key, array), kind: 'added', after: b[key] });
    if (out.length >= MAX_CHANGES) return;
  }
}

export function diffValues(before: unknown, after: unknown): ValueChange[] {
  const out: ValueChange[] = [];
  walk(before, after, '', 0, out);
  return out;
}
