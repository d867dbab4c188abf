// A corpus replay's traces as one buffer, the way the app hands them to the sandbox's batch workers
// (worker/batchRun.ts): every trace's replay JSON one after another, transferred once, instead of a
// message with a trace per replay.
import type { RawTraceBytes } from '../trace/rawBytes';

export interface CorpusBytes {
  readonly bytes: Uint8Array;
  /** where each trace's bytes end; trace i is bytes ends[i - 1] (0 for the first)..ends[i] */
  readonly ends: Uint32Array;
  /** [trace, entry indexes] for traces holding a `throw undefined` their JSON cannot write (rawBytes.ts) */
  readonly undefinedErrors?: readonly (readonly [number, readonly number[]])[];
}

/** The traces, in order, as one CorpusBytes (its buffer is new, to be transferred). */
export function packCorpus(traces: readonly RawTraceBytes[]): CorpusBytes {
  const ends = new Uint32Array(traces.length);
  let size = 0;
  traces.forEach((t, i) => (ends[i] = size += t.bytes.length));
  const bytes = new Uint8Array(size);
  const undefinedErrors: [number, readonly number[]][] = [];
  traces.forEach((t, i) => {
    bytes.set(t.bytes, i === 0 ? 0 : ends[i - 1]!);
    if (t.undefinedErrors.length) undefinedErrors.push([i, t.undefinedErrors]);
  });
  return { bytes, ends, ...(undefinedErrors.length ? { undefinedErrors } : {}) };
}
