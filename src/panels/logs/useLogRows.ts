// The Logs panel's rows for one replay (production's or the fix's), and what the filter's cmd: and
// is: terms read of each recorded step: whether it threw, and its status after the last replay.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { logRows, type LogRow, type StepFacts } from '../../core/logpoints/rows';
import { statusBits } from '../../core/filter/status';
import { useLogpointStore } from '../../stores/logpointStore';
import { useNotesStore } from '../../stores/notesStore';
import type { LogSide } from '../../stores/useLogReports';
import { useReplayOverlay } from '../timeline/useReplayOverlay';

export function useLogRows(side: LogSide | undefined): LogRow[] {
  const points = useLogpointStore((s) => s.points);
  return useMemo(() => logRows(side?.logs, side?.report, points), [side, points]);
}

export function useStepFacts(model: TraceModel): StepFacts {
  const overlay = useReplayOverlay(model);
  const notes = useNotesStore((s) => s.notes);
  const status = overlay?.status;
  return useMemo(() => {
    const bits = statusBits(model.steps.length, status, notes);
    return { threw: (i) => model.steps.at(i)?.threw === true, status: (i) => bits[i] ?? 0 };
  }, [model, status, notes]);
}
