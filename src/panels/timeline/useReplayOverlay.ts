// The last replay's status for every recorded step, or undefined before any replay.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { replayOverlay } from '../../core/verdict/overlay';
import { useReplayStore } from '../../stores/replayStore';

export function useReplayOverlay(model: TraceModel): Uint8Array | undefined {
  const run = useReplayStore((s) => s.run);
  const report = run.status === 'done' ? run.report : undefined;
  return useMemo(() => (report ? replayOverlay(report, model.steps.length) : undefined), [report, model.steps.length]);
}
