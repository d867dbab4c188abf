// Moving the selection: the same rules for keys, buttons and playback.
import type { TraceModel } from '../../core/trace/model';
import { laneGroup } from '../../panels/timeline/rows';
import { columnsOf } from '../../core/trace/outline';
import { useViewStore } from '../../stores/viewStore';

function hidden(model: TraceModel, index: number, folded: readonly string[]): boolean {
  if (!folded.length) return false;
  return model.steps.at(index)!.lanes.some((lane) => folded.includes(laneGroup(lane)));
}

/** Next (delta 1) or previous (-1) step, skipping steps folded away. */
export function stepBy(model: TraceModel, delta: 1 | -1): void {
  const { selected, folded, select } = useViewStore.getState();
  for (let i = selected + delta; i >= 0 && i < model.steps.length; i += delta) {
    if (!hidden(model, i, folded)) return select(i);
  }
}

export function stepTo(model: TraceModel, where: 'first' | 'last'): void {
  const { folded, select } = useViewStore.getState();
  const n = model.steps.length;
  for (let k = 0; k < n; k++) {
    const i = where === 'first' ? k : n - 1 - k;
    if (!hidden(model, i, folded)) return select(i);
  }
}

/** First position in the ascending list whose value is greater than (or, with orEqual, at least) x. */
function firstAbove(list: readonly number[], x: number, orEqual: boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (orEqual ? list[mid]! < x : list[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Next or previous error step, wrapping around so repeated presses cycle through them all. */
export function errorBy(model: TraceModel, delta: 1 | -1): boolean {
  const errors = model.errorSteps;
  if (!errors.length) return false;
  const { selected, select, setInspectorTab } = useViewStore.getState();
  const target =
    delta === 1
      ? (errors[firstAbove(errors, selected, false)] ?? errors[0]!)
      : (errors[firstAbove(errors, selected, true) - 1] ?? errors[errors.length - 1]!);
  select(target);
  setInspectorTab('value');
  return true;
}

/**
 * ← folds the innermost Retry or Parallel around the selected step. The
 * selection moves to the Parallel's decision (which stays visible), or for a
 * Retry to the nearest visible step before it, else after it.
 */
export function foldAround(model: TraceModel): boolean {
  const { selected, folded, toggleFold, select } = useViewStore.getState();
  const step = model.steps.at(selected);
  const lane = step?.lanes[step.lanes.length - 1];
  if (!step || !lane) return false;
  const group = laneGroup(lane);
  if (!folded.includes(group)) toggleFold(group);
  const nowFolded = useViewStore.getState().folded;
  // The innermost lane is a branch: its Parallel's decision is the step's parent (-1 when the trace has none).
  const parent = lane.kind === 'branch' ? columnsOf(model).parent[selected]! : -1;
  const decision = parent >= 0 ? parent : undefined;
  const visible = (i: number | undefined) => i !== undefined && i >= 0 && i < model.steps.length && !hidden(model, i, nowFolded);
  let target = visible(decision) ? decision : undefined;
  for (let i = selected - 1; target === undefined && i >= 0; i--) if (visible(i)) target = i;
  for (let i = selected + 1; target === undefined && i < model.steps.length; i++) if (visible(i)) target = i;
  if (target !== undefined) select(target);
  return true;
}

/** → unfolds the Parallel whose decision is selected, or else the group folded last. */
export function unfoldAt(model: TraceModel): boolean {
  const { selected, folded, toggleFold } = useViewStore.getState();
  const step = model.steps.at(selected);
  const target = step?.kind === 'decision' && step.path !== undefined && folded.includes(step.path) ? step.path : folded[folded.length - 1];
  if (target === undefined) return false;
  toggleFold(target);
  return true;
}
