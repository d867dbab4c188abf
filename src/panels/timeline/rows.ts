// The timeline's rows: recorded steps in recorded (completion) order, with
// Retry groups given a header row and folded groups hidden. Pure, built in
// one pass, so a 100,000-step trace costs one linear scan per fold change.
import type { Lane, TraceModel, TraceStep } from '../../core/trace/model';

export type TimelineRow =
  | { readonly kind: 'step'; readonly stepIndex: number; readonly depth: number }
  | {
      readonly kind: 'retry';
      /** the Retry's position, e.g. '1'; also its fold key */
      readonly path: string;
      readonly depth: number;
      readonly attempts: number;
      readonly fallback: boolean;
    };

/** The fold key of a lane: the Retry's or the Parallel decision's path. */
export const laneGroup = (lane: Lane): string => (lane.kind === 'branch' ? lane.parallelPath : lane.retryPath);

interface RetryInfo {
  attempts: Set<number>;
  fallback: boolean;
}

function collectRetries(steps: readonly TraceStep[]): Map<string, RetryInfo> {
  const retries = new Map<string, RetryInfo>();
  for (const step of steps) {
    for (const lane of step.lanes) {
      if (lane.kind === 'branch') continue;
      let info = retries.get(lane.retryPath);
      if (!info) retries.set(lane.retryPath, (info = { attempts: new Set(), fallback: false }));
      if (lane.kind === 'attempt') info.attempts.add(lane.attempt);
      else info.fallback = true;
    }
  }
  return retries;
}

export function buildRows(model: TraceModel, folded: ReadonlySet<string>): TimelineRow[] {
  const retries = collectRetries(model.steps);
  const headed = new Set<string>();
  const rows: TimelineRow[] = [];
  for (const step of model.steps) {
    let hidden = false;
    for (let depth = 0; depth < step.lanes.length; depth++) {
      const lane = step.lanes[depth]!;
      const group = laneGroup(lane);
      if (lane.kind !== 'branch' && !headed.has(group)) {
        headed.add(group);
        const info = retries.get(group)!;
        if (!hidden) rows.push({ kind: 'retry', path: group, depth, attempts: info.attempts.size, fallback: info.fallback });
      }
      if (folded.has(group)) hidden = true;
    }
    if (!hidden) rows.push({ kind: 'step', stepIndex: step.index, depth: step.depth });
  }
  return rows;
}

/** Row index of each step, -1 when it is folded away. */
export function rowOfStep(rows: readonly TimelineRow[], stepCount: number): Int32Array {
  const index = new Int32Array(stepCount).fill(-1);
  rows.forEach((row, i) => {
    if (row.kind === 'step') index[row.stepIndex] = i;
  });
  return index;
}
