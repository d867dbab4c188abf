// The trace a replay reads, as bytes: what the engine and the compare worker
// hand on by transfer instead of cloning a trace object of 100,000 entries.
// Kept small, as the UI thread writes it too (for a model it holds whole).
import type { RecordedModel } from './model';
import { toRawTrace } from './raw';

/** The trace object pure-effect's replay reads (raw.ts), as JSON text in UTF-8, to be transferred. */
export interface RawTraceBytes {
  readonly bytes: Uint8Array;
  /**
   * Entries whose `error` key holds undefined (a path-less `throw undefined`): JSON has no way to
   * write it, and a replay reads the key's presence, so the reader puts it back (withUndefinedErrors).
   */
  readonly undefinedErrors: readonly number[];
}

/** toRawTrace of a model with its values, as RawTraceBytes. */
export function rawTraceOfModel(model: RecordedModel): RawTraceBytes {
  return {
    bytes: new TextEncoder().encode(JSON.stringify(toRawTrace(model))),
    undefinedErrors: model.steps.flatMap((s) => (s.kind === 'threw' && !s.hasValue && s.path === undefined ? [s.index] : []))
  };
}

/** The trace object of RawTraceBytes, as the replay reads it. */
export function readRawTrace(raw: RawTraceBytes): Record<string, unknown> {
  const trace = JSON.parse(new TextDecoder().decode(raw.bytes)) as { trace: Record<string, unknown>[] };
  for (const i of raw.undefinedErrors) {
    const entry = trace.trace[i];
    if (entry) entry.error = undefined;
  }
  return trace;
}
