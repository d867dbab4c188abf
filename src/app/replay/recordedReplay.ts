// Replays of changed incidents (a redacted share, a minimizer's candidate) against the recorded code:
// the flow as it was opened (no edits), its export, the settings' clock and seed, and the context each
// trace carries. Each replay runs aside the person's, in a fresh sandboxed worker under the replay
// time limit; one that does not finish (a time limit, memory, a crash) answers undefined, which both
// callers count as "not the same failure".
import type { TraceModel } from '../../core/trace/model';
import type { ReplayReport } from '../../core/replay/report';
import { toRawTrace } from '../../core/trace/raw';
import { fullModel } from '../../worker/engineClient';
import { replayTraceAside } from '../../worker/replayClient';
import { useSourceStore, type SourceFile } from '../../stores/sourceStore';
import { useReplayStore } from '../../stores/replayStore';
import type { ReplayRun } from '../../worker/replay.protocol';
import { replayAmbient } from './replay';

export interface RecordedReplayer {
  /** the flow's files as opened */
  readonly files: readonly SourceFile[];
  /** the open incident's trace, whole, as the library reads it */
  raw(): Promise<Record<string, unknown>>;
  replay(trace: unknown): Promise<ReplayReport | undefined>;
}

/** undefined when no flow source is open (nothing to replay). */
export function recordedReplayer(model: TraceModel, signal: AbortSignal): RecordedReplayer | undefined {
  const { files } = useSourceStore.getState();
  if (!files.length) return undefined;
  const { exportName, timeoutMs } = useReplayStore.getState();
  const ambient = replayAmbient();
  const run: ReplayRun = { files: files.map((f) => ({ name: f.name, text: f.text })), ...(exportName ? { exportName } : {}), ...(ambient ? { ambient } : {}) };
  return {
    files,
    raw: async () => toRawTrace(await fullModel(model)) as Record<string, unknown>,
    async replay(trace) {
      try {
        const { result } = await replayTraceAside(trace, run, timeoutMs, signal);
        return result.kind === 'report' ? result.report : undefined;
      } catch (error) {
        if (signal.aborted) throw error;
        return undefined;
      }
    }
  };
}
