// The replays whose logs the panels show: production's (the recorded code, the incident's facts)
// and the fix's (the person's edited code), each with the report its hits' steps index into.
import { useMemo } from 'react';
import type { ReplayReport } from '../core/replay/report';
import type { LogReport } from '../core/logpoints/types';
import { shownReplay, useReplayStore } from './replayStore';

export interface LogSide {
  readonly logs: LogReport;
  readonly report: ReplayReport;
}

export interface LogReports {
  /** the recorded code's replay: production's values */
  readonly production?: LogSide;
  /** the edited code's replay (or with another context or a what-if), when the last replay was one */
  readonly fix?: LogSide;
}

const sideOf = (report: ReplayReport | undefined): LogSide | undefined => (report?.logs ? { logs: report.logs, report } : undefined);

export function useLogReports(): LogReports {
  // The shown replay, not the run (useLastReplay says why).
  const done = useReplayStore((s) => shownReplay(s.run));
  const baseline = useReplayStore((s) => s.baseline);
  return useMemo(() => {
    if (done?.edited) {
      const production = sideOf(baseline);
      const fix = sideOf(done.report);
      return { ...(production ? { production } : {}), ...(fix ? { fix } : {}) };
    }
    const production = sideOf(done?.report) ?? sideOf(baseline);
    return production ? { production } : {};
  }, [done, baseline]);
}
