// The waterfall's per-row arrays, built once per trace: each row's steps
// sorted by start, with a running count of errors, so a frame finds what is
// in view by binary search and sums a pixel column's errors in O(1). Pure (no
// canvas, no React): the drawing and the hit test both read these.
import type { Indexed, StepKind } from '../../core/trace/model';
import { drain, type ParallelSpan, type RetryGroup, type Timing } from '../../core/trace/timing';

export interface RowBars {
  /** step indices on this row, by start time (steps on one row never overlap, so ends are in order too) */
  readonly steps: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** errorsBefore[k]: how many of steps[0..k-1] threw; length steps.length + 1 */
  readonly errorsBefore: Int32Array;
  /** Retry brackets on this row, by nesting level, each level by start (one level's never overlap) */
  readonly retries: readonly (readonly RetryGroup[])[];
}

export interface LaneIndex {
  readonly timing: Timing;
  readonly rows: readonly RowBars[];
  /** every step, by start time (then row): the order ← and → walk */
  readonly byTime: Int32Array;
  /** position of each step in byTime */
  readonly rankOf: Int32Array;
  /** the Parallel each decision step closes, to draw the lines down to its branches */
  readonly parallelByDecision: ReadonlyMap<number, ParallelSpan>;
}

export interface StepShape {
  readonly kind: StepKind;
  readonly threw: boolean;
}

function sortedBy(indices: Int32Array, key: (i: number) => number, tie: (i: number) => number): Int32Array {
  // Recordings are mostly in start order already (a sequence completes in the order it starts): skip the sort then.
  let ordered = true;
  for (let k = 1; k < indices.length && ordered; k++) {
    const a = indices[k - 1]!;
    const b = indices[k]!;
    ordered = key(a) < key(b) || (key(a) === key(b) && tie(a) <= tie(b));
  }
  return ordered ? indices : indices.sort((a, b) => key(a) - key(b) || tie(a) - tie(b));
}

export function buildLaneIndex(timing: Timing, steps: Indexed<StepShape>): LaneIndex {
  return drain(laneIndexInSlices(timing, steps));
}

/** The same, pausing every `slice` steps (the sorts, when needed, run whole). */
export function* laneIndexInSlices(timing: Timing, steps: Indexed<StepShape>, slice = Infinity): Generator<void, LaneIndex, void> {
  let work = 0;
  const pause = (units: number) => (work += units) >= slice && ((work = 0), true);
  const n = steps.length;
  const { startMs, endMs, row, rowCount } = timing;
  // Counting sort by row, keeping index order within a row.
  const counts = new Int32Array(rowCount + 1);
  for (let i = 0; i < n; i++) counts[row[i]! + 1]!++;
  for (let r = 0; r < rowCount; r++) counts[r + 1]! += counts[r]!;
  const grouped = new Int32Array(n);
  const fill = counts.slice(0, rowCount);
  for (let i = 0; i < n; i++) grouped[fill[row[i]!]!++] = i;
  if (pause(n)) yield;

  const start = (i: number) => startMs[i]!;
  const rows: RowBars[] = [];
  for (let r = 0; r < rowCount; r++) {
    const ids = sortedBy(grouped.subarray(counts[r]!, counts[r + 1]!), start, (i) => i);
    const len = ids.length;
    const s = new Float64Array(len);
    const e = new Float64Array(len);
    const errorsBefore = new Int32Array(len + 1);
    for (let k = 0; k < len; k++) {
      const i = ids[k]!;
      s[k] = startMs[i]!;
      e[k] = endMs[i]!;
      errorsBefore[k + 1] = errorsBefore[k]! + (steps.at(i)!.threw ? 1 : 0);
      if (pause(1)) yield;
    }
    rows.push({ steps: ids, start: s, end: e, errorsBefore, retries: [] });
  }
  for (const group of timing.retries) {
    const levels = rows[group.row]!.retries as RetryGroup[][];
    while (levels.length <= group.level) levels.push([]);
    levels[group.level]!.push(group);
  }
  for (const r of rows) for (const level of r.retries) (level as RetryGroup[]).sort((a, b) => a.startMs - b.startMs);

  const all = new Int32Array(n);
  for (let i = 0; i < n; i++) all[i] = i;
  if (pause(n)) yield;
  const byTime = sortedBy(all, start, (i) => row[i]!);
  if (pause(n)) yield;
  const rankOf = new Int32Array(n);
  for (let k = 0; k < n; k++) rankOf[byTime[k]!] = k;
  const parallelByDecision = new Map<number, ParallelSpan>();
  for (const p of timing.parallels) if (p.decisionIndex !== undefined) parallelByDecision.set(p.decisionIndex, p);
  return { timing, rows, byTime, rankOf, parallelByDecision };
}

/** First position in an ascending array whose value is at least (or, with above, more than) x, from `from`. */
export function lowerBound(values: Float64Array, x: number, from = 0, above = false): number {
  let lo = from;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (above ? values[mid]! <= x : values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What to draw in one row for the window starting at startMs, pxPerMs wide per ms, widthPx across. */
export type Mark =
  /** one step, at least a pixel wide: bars.steps[at] */
  | { readonly kind: 'bar'; readonly at: number }
  /** steps bars.steps[from..to-1], all starting inside pixel column `column` and too thin to draw alone */
  | { readonly kind: 'column'; readonly column: number; readonly from: number; readonly to: number; readonly errors: number };

/**
 * The marks of one row in view, left to right. Each mark is either a bar at
 * least a pixel wide (steps on a row do not overlap, so there are at most
 * about widthPx of those) or one pixel column of thinner ones (at most
 * widthPx), found by binary search: the work follows the pixels, not the
 * number of steps.
 */
export function rowMarks(bars: RowBars, startMs: number, pxPerMs: number, widthPx: number, emit: (mark: Mark) => void): void {
  const endMs = startMs + widthPx / pxPerMs;
  const len = bars.steps.length;
  let i = lowerBound(bars.end, startMs, 0, true);
  // A zero-length step exactly at the left edge belongs in view too.
  while (i > 0 && bars.end[i - 1]! >= startMs && bars.start[i - 1]! >= startMs) i--;
  while (i < len && bars.start[i]! <= endMs) {
    const x0 = (bars.start[i]! - startMs) * pxPerMs;
    const x1 = (bars.end[i]! - startMs) * pxPerMs;
    if (x1 - x0 >= 1) {
      emit({ kind: 'bar', at: i });
      i++;
      continue;
    }
    const column = Math.max(0, Math.floor(x0));
    const columnEnd = startMs + (column + 1) / pxPerMs;
    let j = lowerBound(bars.start, columnEnd, i + 1);
    // The last one may start in this column but run on for pixels: it is drawn as its own bar.
    if (j - 1 > i && (bars.end[j - 1]! - startMs) * pxPerMs >= column + 2) j--;
    emit({ kind: 'column', column, from: i, to: j, errors: bars.errorsBefore[j]! - bars.errorsBefore[i]! });
    i = j;
  }
}

/**
 * The step at time t on one row: the one whose bar holds t, else the nearest
 * within toleranceMs (thin bars are hard to hit), else -1.
 */
export function stepAt(bars: RowBars, t: number, toleranceMs: number): number {
  const len = bars.steps.length;
  if (len === 0) return -1;
  // The first bar starting after t, and the one before it.
  const after = lowerBound(bars.start, t, 0, true);
  let best = -1;
  let bestGap = Infinity;
  for (let k = Math.max(0, after - 2); k <= Math.min(len - 1, after + 1); k++) {
    const gap = t < bars.start[k]! ? bars.start[k]! - t : t > bars.end[k]! ? t - bars.end[k]! : 0;
    // Inside two (a zero-length step on another's edge): the later-starting, thinner one.
    if (gap < bestGap || (gap === 0 && bestGap === 0)) {
      best = k;
      bestGap = gap;
    }
  }
  return bestGap <= toleranceMs ? bars.steps[best]! : -1;
}

/** Retry groups on one level of a row that overlap [startMs, endMs] and are at least minMs long, with their positions in `level`. */
export function retriesInView(level: readonly RetryGroup[], startMs: number, endMs: number, minMs: number, emit: (group: RetryGroup, at: number) => void): void {
  let lo = 0;
  let hi = level.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (level[mid]!.endMs < startMs) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < level.length && level[k]!.startMs <= endMs; k++) {
    const g = level[k]!;
    if (g.endMs - g.startMs >= minMs) {
      emit(g, k);
      continue;
    }
    // Too small to bracket: skip the groups that end within minMs of this one's start (all smaller still).
    let a = k + 1;
    let b = level.length;
    const until = g.startMs + minMs;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (level[mid]!.endMs <= until) a = mid + 1;
      else b = mid;
    }
    k = a - 1;
  }
}
