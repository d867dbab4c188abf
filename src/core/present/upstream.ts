// What the step before a replayed step changed in the value passed along:
// on a failing step, usually the answer (`total: 0`, set by cmdValidatePromo).
// The details pane lists it and the source note sums it up; both read it here.
import type { ReplayReport, ReplayStep } from '../replay/report';
import { diffValues, type ValueChange } from './diff';

export interface Upstream {
  /** the replay step that answered this entry */
  readonly here: ReplayStep | undefined;
  /** the replay step before it, if any */
  readonly previous: ReplayStep | undefined;
  /** the Command before it and what it changed, when both values were captured and something changed */
  readonly change: { readonly by: string; readonly changes: readonly ValueChange[] } | undefined;
}

export function upstreamOf(report: ReplayReport, entryIndex: number): Upstream {
  const at = report.steps.findIndex((s) => s.entryIndex === entryIndex);
  const here = at >= 0 ? report.steps[at] : undefined;
  const prev = at > 0 ? report.steps[at - 1] : undefined;
  if (!here?.hasBefore || !prev?.hasBefore || prev.type !== 'Command') return { here, previous: prev, change: undefined };
  const changes = diffValues(prev.before, here.before);
  return { here, previous: prev, change: changes.length ? { by: prev.name, changes } : undefined };
}
