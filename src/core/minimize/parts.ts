// An incident as parts that can be taken away: every key of an object and item of an array in its
// initial input, its context and the values its Commands returned, at every depth, and the recorded
// entries its replay never reached. A candidate is the incident without some of them. Recorded
// answers are only ever shrunk, never invented or re-ordered: thrown errors, Parallel decisions,
// paths and the entries the replay reached stay as recorded, so the trace stays one the library
// replays. A second kind of part simplifies a value in place: a string to '', a number to 0.

export type Root = 'initialInput' | 'context' | number;
export type Segment = string | number;

export type Part =
  | { readonly kind: 'field'; readonly root: Root; readonly path: readonly Segment[] }
  | { readonly kind: 'entry'; readonly index: number }
  | { readonly kind: 'simplify'; readonly root: Root; readonly path: readonly Segment[] };

type Json = unknown;
type TraceDoc = { initialInput?: Json; context?: Json; trace?: Json[]; [k: string]: Json };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A stored error ({__error: true, …}) is kept whole: its name, message and code are what the failure is. */
const isStoredError = (v: unknown) => isObject(v) && v.__error === true;

export const partKey = (p: Part): string => (p.kind === 'entry' ? `entry:${p.index}` : `${p.kind}:${JSON.stringify([p.root, ...p.path])}`);

/** The values a part can live in: the input, the context, and each returned Command's result. */
function roots(doc: TraceDoc): { root: Root; value: Json }[] {
  const out: { root: Root; value: Json }[] = [];
  if ('initialInput' in doc) out.push({ root: 'initialInput', value: doc.initialInput });
  if ('context' in doc) out.push({ root: 'context', value: doc.context });
  (doc.trace ?? []).forEach((entry, i) => {
    if (isObject(entry) && entry.command !== 'Parallel' && !entry.threw && 'result' in entry) out.push({ root: i, value: entry.result });
  });
  return out;
}

function eachNode(value: Json, path: Segment[], visit: (path: Segment[], value: Json) => void) {
  if (isStoredError(value)) return;
  const children: [Segment, Json][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : isObject(value) ? Object.entries(value) : [];
  for (const [seg, child] of children) {
    visit([...path, seg], child);
    eachNode(child, [...path, seg], visit);
  }
}

/** Every field that can be removed, parents before their children; and the unreached entries. */
export function removableParts(doc: TraceDoc, unreached: readonly number[]): Part[] {
  const parts: Part[] = [];
  for (const { root, value } of roots(doc)) eachNode(value, [], (path) => parts.push({ kind: 'field', root, path }));
  for (const index of unreached) parts.push({ kind: 'entry', index });
  return parts;
}

/** Every string longer than nothing and number other than 0 that is left, as a simplification. */
export function simplifiableParts(doc: TraceDoc): Part[] {
  const parts: Part[] = [];
  for (const { root, value } of roots(doc)) {
    const visit = (path: Segment[], v: Json) => {
      if ((typeof v === 'string' && v !== '') || (typeof v === 'number' && v !== 0)) parts.push({ kind: 'simplify', root, path });
    };
    visit([], value);
    eachNode(value, [], visit);
  }
  return parts;
}

/** `value` without the fields under `root` whose keys are in `removed`, and with those in `simplified` simplified. */
function rebuild(value: Json, prefix: string, removed: ReadonlySet<string>, simplified: ReadonlySet<string>, keyOf: (path: string) => string): Json {
  const k = keyOf(prefix);
  if (simplified.has(`simplify:${k}`)) {
    if (typeof value === 'string') return '';
    if (typeof value === 'number') return 0;
  }
  if (isStoredError(value)) return value;
  const child = (seg: Segment) => (prefix ? `${prefix},${JSON.stringify(seg)}` : JSON.stringify(seg));
  if (Array.isArray(value)) {
    const out: Json[] = [];
    value.forEach((item, i) => {
      if (!removed.has(`field:${keyOf(child(i))}`)) out.push(rebuild(item, child(i), removed, simplified, keyOf));
    });
    return out;
  }
  if (isObject(value)) {
    const out: Record<string, Json> = {};
    for (const [key, v] of Object.entries(value)) if (!removed.has(`field:${keyOf(child(key))}`)) out[key] = rebuild(v, child(key), removed, simplified, keyOf);
    return out;
  }
  return value;
}

/** The incident without the `removed` parts, and with the `simplified` ones simplified. */
export function applyParts(doc: TraceDoc, removed: readonly Part[], simplified: readonly Part[] = []): TraceDoc {
  const removedKeys = new Set(removed.map(partKey));
  const simplifiedKeys = new Set(simplified.map(partKey));
  const rootKey = (root: Root) => (path: string) => `[${[JSON.stringify(root), path].filter(Boolean).join(',')}]`;
  const out: TraceDoc = { ...doc };
  if ('initialInput' in doc) out.initialInput = rebuild(doc.initialInput, '', removedKeys, simplifiedKeys, rootKey('initialInput'));
  if ('context' in doc) out.context = rebuild(doc.context, '', removedKeys, simplifiedKeys, rootKey('context'));
  if (Array.isArray(doc.trace)) {
    out.trace = doc.trace
      .map((entry, i) => (isObject(entry) && entry.command !== 'Parallel' && !entry.threw && 'result' in entry ? { ...entry, result: rebuild(entry.result, '', removedKeys, simplifiedKeys, rootKey(i)) } : entry))
      .filter((_, i) => !removedKeys.has(`entry:${i}`));
  }
  return out;
}

/** How many fields a value holds at every depth (what the manifest counts). */
export function countFields(value: Json): number {
  let n = 0;
  eachNode(value, [], () => n++);
  return n;
}
