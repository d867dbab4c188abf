// The editor's logpoints, from the store and the last replays: each with its summary after the
// line (the value as of the selected step, its hits, production's value beside the fix's), the
// one being typed, and the actions the editor calls (which write the store).
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { lineSummary, reportStepAsOf } from '../../core/logpoints/present';
import type { EditorLogpoint, LogpointActions } from '../../editor/types';
import { useLogpointStore } from '../../stores/logpointStore';
import { useLogReports } from '../../stores/useLogReports';
import { useExpressionCheck } from '../../stores/expressionCheck';
import { useAutoReplayBlocker } from '../../stores/autoReplay';
import { shownReplay, useReplayStore } from '../../stores/replayStore';

const actions: LogpointActions = {
  toggle: (file, line) => {
    const store = useLogpointStore.getState();
    const here = store.points.find((p) => p.file === file && p.line === line);
    if (here) store.remove(here.id);
    else store.edit(store.add(file, line, ''));
  },
  edit: (id) => useLogpointStore.getState().edit(id),
  setExpr: (id, expr) => useLogpointStore.getState().setExpr(id, expr),
  cancel: (id, before) => {
    const store = useLogpointStore.getState();
    if (before.trim()) store.setExpr(id, before);
    else store.remove(id);
  },
  moved: (id, line) => useLogpointStore.getState().setLine(id, line)
};

export function useLogpointView(model: TraceModel | undefined, selected: number) {
  const points = useLogpointStore((s) => s.points);
  const editing = useLogpointStore((s) => s.editing);
  const check = useExpressionCheck(points.length > 0);
  const { production, fix } = useLogReports();
  const blocked = useAutoReplayBlocker();
  const replayed = useReplayStore((s) => shownReplay(s.run) !== undefined);
  const logpoints = useMemo<EditorLogpoint[]>(() => {
    if (!model) return [];
    const prod = production ? { logs: production.logs, step: reportStepAsOf(production.report, selected) } : undefined;
    const fixed = fix ? { logs: fix.logs, step: reportStepAsOf(fix.report, selected) } : undefined;
    return points.map((point) => {
      const checked = check?.(point.expr);
      const summary = lineSummary({
        point,
        checked,
        ...(prod ? { production: prod } : {}),
        ...(fixed ? { fix: fixed } : {}),
        selected: selected + 1,
        waitsForReplay: blocked === 'link' && !replayed
      });
      return { id: point.id, file: point.file, line: point.line, expr: point.expr, summary: summary.text, label: summary.label, tone: summary.tone, refusal: checked && !checked.ok ? summary.text.replace(/^◆ /, '') : undefined };
    });
  }, [model, points, check, production, fix, selected, blocked, replayed]);
  return { logpoints, editing, actions };
}
