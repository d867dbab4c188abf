// Corpus bytes (core/batch/corpusBytes.ts: traces one after another, and where each ends) as the
// batch scheduler serves them (protocol.ts BatchCorpus): the app's Replay all receives them on a
// port, and candidate replays (candidates.ts) make them, in the CLI and the app alike.
import type { CorpusBytes } from '../../core/batch/corpusBytes';
import type { BatchCorpus } from './protocol';

/** The corpus message checked, as a scheduler's corpus; the problem in words otherwise. */
export function corpusOf(data: unknown): BatchCorpus | string {
  const c = data as Partial<CorpusBytes> | null;
  if (!(c?.bytes instanceof Uint8Array) || !(c.ends instanceof Uint32Array)) return 'the corpus did not arrive as bytes';
  const count = c.ends.length;
  const start = new Int32Array(count);
  const end = new Int32Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const e = c.ends[i]!;
    if (e < at || e > c.bytes.length) return `trace ${i + 1} of the corpus ends outside its bytes`;
    start[i] = at;
    end[i] = at = e;
  }
  const undefinedErrors = new Map<number, readonly number[]>();
  for (const [seq, list] of c.undefinedErrors ?? []) if (Number.isInteger(seq) && Array.isArray(list)) undefinedErrors.set(seq, list.filter(Number.isInteger));
  return { chunks: [c.bytes], count, chunk: new Int32Array(count), start, end, ...(undefinedErrors.size ? { undefinedErrors } : {}) };
}
