// What a minimized incident kept: every leaf value left in its input, context and recorded answers,
// as JSON pointers into the trace. These are the values the failure depends on; the app marks them
// in the step details and the Minimize dialog lists them.
export interface KeptField {
  /** `/initialInput/email`, `/trace/0/result/email` */
  readonly pointer: string;
  readonly value: unknown;
  /** for an answer's field: the entry's Command and path, which find it in the original too */
  readonly entry?: { readonly command: string; readonly path: string | undefined };
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

type Entry = KeptField['entry'];

function leaves(value: unknown, pointer: string, out: KeptField[], limit: number, entry: Entry): void {
  if (out.length >= limit) return;
  const push = () => out.push({ pointer, value, ...(entry ? { entry } : {}) });
  if (typeof value === 'object' && value !== null) {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    // An emptied object or array is kept as itself: the flow needed it to be there.
    if (!entries.length) push();
    for (const [k, v] of entries) leaves(v, `${pointer}/${escape(k)}`, out, limit, entry);
    return;
  }
  push();
}

export function keptFields(doc: { readonly initialInput?: unknown; readonly context?: unknown; readonly trace?: readonly unknown[] }, limit = 500): KeptField[] {
  const out: KeptField[] = [];
  if (doc.initialInput !== undefined) leaves(doc.initialInput, '/initialInput', out, limit, undefined);
  if (doc.context !== undefined) leaves(doc.context, '/context', out, limit, undefined);
  (doc.trace ?? []).forEach((item, i) => {
    const e = item as { command?: unknown; path?: unknown; result?: unknown; error?: unknown } | null;
    if (!e || typeof e !== 'object') return;
    const entry = { command: String(e.command), path: typeof e.path === 'string' ? e.path : undefined };
    if ('result' in e) leaves(e.result, `/trace/${i}/result`, out, limit, entry);
    if ('error' in e) leaves(e.error, `/trace/${i}/error`, out, limit, entry);
  });
  return out;
}
