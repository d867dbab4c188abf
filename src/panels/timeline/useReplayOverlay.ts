// The last replay's status for every recorded step, or undefined before any replay.
// `quiet`: the app's own replay on load, where "replayed" on every row would be noise;
// only what it could not replay is marked. `stale`: the code was edited since.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { replayOverlay } from '../../core/verdict/overlay';
import { useLastReplay } from '../../stores/useLastReplay';

export interface TimelineOverlay {
  readonly status: Uint8Array;
  readonly quiet: boolean;
  readonly stale: boolean;
}

export function useReplayOverlay(model: TraceModel): TimelineOverlay | undefined {
  const last = useLastReplay();
  const report = last?.report;
  const status = useMemo(() => (report ? replayOverlay(report, model.steps.length) : undefined), [report, model.steps.length]);
  return status && last ? { status, quiet: last.auto, stale: last.stale } : undefined;
}
