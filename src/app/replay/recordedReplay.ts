// Replays of changed incidents (a redacted share, a minimizer's candidates) against the recorded
// code: the flow as it was opened (no edits), its export, the settings' clock and seed, and the
// context each trace carries. They run in the sandbox's batch workers, one per core, under the
// replay time limit (worker/replayClient.ts candidateSession), and come back as what "fails the
// same way" compares; one that does not finish (a time limit, memory, a crash) answers undefined,
// which both callers count as "not the same failure".
import type { TraceModel } from '../../core/trace/model';
import type { FailureSignature } from '../../core/minimize/sameFailure';
import { toRawTrace } from '../../core/trace/raw';
import { fullModel } from '../../worker/engineClient';
import { candidateSession } from '../../worker/replayClient';
import { useSourceStore, type SourceFile } from '../../stores/sourceStore';
import { useReplayStore } from '../../stores/replayStore';
import type { BatchFlow } from '../../sandbox/batch/protocol';
import { replayAmbient } from './replay';

export interface RecordedReplayer {
  /** the flow's files as opened */
  readonly files: readonly SourceFile[];
  /** the open incident's trace, whole, as the library reads it */
  raw(): Promise<Record<string, unknown>>;
  replay(trace: unknown): Promise<FailureSignature | undefined>;
  /** candidates replayed side by side */
  readonly parallel: number;
  /** ends the workers; the caller's signal does too */
  close(): void;
}

/** undefined when no flow source is open (nothing to replay). */
export function recordedReplayer(model: TraceModel, signal: AbortSignal): RecordedReplayer | undefined {
  const { files } = useSourceStore.getState();
  if (!files.length) return undefined;
  const { exportName, timeoutMs } = useReplayStore.getState();
  const ambient = replayAmbient();
  const flow: BatchFlow = { files: files.map((f) => ({ name: f.name, text: f.text })), ...(exportName ? { exportName } : {}), ...(ambient ? { ambient } : {}) };
  const session = candidateSession(flow, timeoutMs, signal);
  return {
    files,
    raw: async () => toRawTrace(await fullModel(model)) as Record<string, unknown>,
    replay: (trace) => session.replay(trace),
    parallel: session.parallel,
    close: () => session.close()
  };
}
