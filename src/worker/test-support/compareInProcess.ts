// The compare worker's work in this process, for tests of what calls it
// (compareStore): the same core calls the worker makes, on the same inputs.
import { compareModels, encodeAlignment } from '../../core/compare/session';
import { parseTraceBytes } from '../../core/trace/parse';
import type { RecordedModel } from '../../core/trace/model';
import { toRawTrace } from '../../core/trace/raw';
import type { CompareInput, Opened } from '../compareClient';

export async function openInProcess(a: CompareInput, b: CompareInput): Promise<Opened> {
  const read = async (input: CompareInput, side: 'A' | 'B') => {
    if ('model' in input) return input.model as RecordedModel;
    const bytes = 'file' in input ? new Uint8Array(await input.file.arrayBuffer()) : new TextEncoder().encode(JSON.stringify(input.trace ?? null));
    const parsed = parseTraceBytes(bytes, input.label);
    if (parsed.kind === 'trace') return parsed.model;
    if (parsed.kind === 'collection') return { side, reason: 'several' as const, count: parsed.models.length };
    return { side, reason: 'not-a-trace' as const, message: parsed.problem.message };
  };
  const ma = await read(a, 'A');
  if ('reason' in ma) return { ok: false, problem: ma };
  const mb = await read(b, 'B');
  if ('reason' in mb) return { ok: false, problem: mb };
  const session = compareModels(ma, a.label, mb, b.label);
  return {
    ok: true,
    handle: {
      a: session.a,
      b: session.b,
      alignment: encodeAlignment(session.alignment),
      detail: async (row) => session.detail(row),
      raw: async () => ({ a: toRawTrace(ma), b: toRawTrace(mb) }),
      close: () => undefined
    }
  };
}
