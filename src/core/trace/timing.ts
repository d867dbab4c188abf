// Where each step sits in time, and on which row, for drawing a waterfall.
//
// A trace records durations, not start times, so starts are rebuilt from the
// structure (§4.5) the way wall.ts measures elapsed time: a sequence's items
// run one after another; a Parallel's branches all start at the Parallel's
// start, and its decision entry spans them; a Retry's attempts run one after
// another, then its fallback. The pure code between steps is not recorded, so
// steps are packed end to end. Position-matched traces have no structure and
// are simply cumulative. Missing durations count 0.
//
// Rows: a sequence draws on one row; a Parallel's branches take the rows
// below the row it sits on, one block per branch, nested Parallels inside
// their branch's block. Retry attempts stay on their sequence's row (they
// never overlap). Parallels that run one after another in a sequence reuse
// the same rows, so the row count follows the flow's width, not its length,
// and no two steps on one row overlap in time.
//
// Nothing recurses: an explicit stack numbers the nodes, then two plain loops
// over those numbers (backwards for sizes, forwards for places) do the rest,
// so 100,000 steps, or a tree nested as deep as anyone can build, cost three
// linear passes and no stack. timingInSlices pauses every so many nodes, for
// a caller on the UI thread to spread the work over several tasks.
import type { Indexed, SequenceNode, StructureNode, TraceModel, TraceStep } from './model';

export interface Span {
  readonly startMs: number;
  readonly endMs: number;
}

export interface AttemptSpan extends Span {
  /**
   * The lowest and highest step index inside the attempt (at any depth), -1
   * when it recorded nothing. Each attempt ends before the next begins, so in
   * completion order one attempt's range lies wholly before the next one's.
   */
  readonly firstStep: number;
  readonly lastStep: number;
}

export interface RetryGroup extends Span {
  /** the Retry's own position, e.g. '1' or '0p1/0' (it records no entry) */
  readonly path: string;
  readonly row: number;
  /** how many Retries enclose this one on the same row (0 for the outermost), for stacking brackets */
  readonly level: number;
  readonly attempts: readonly AttemptSpan[];
  readonly fallback: AttemptSpan | undefined;
}

export interface ParallelSpan extends Span {
  /** the decision path, e.g. '0p' */
  readonly path: string;
  /** the row the Parallel sits on (its decision's row) */
  readonly row: number;
  readonly decisionIndex: number | undefined;
  /** the rows its branches use, inclusive; lastRow < firstRow when no branch recorded anything */
  readonly firstRow: number;
  readonly lastRow: number;
}

export interface Timing {
  /** per step index: when it started, ms from the start of the run */
  readonly startMs: Float64Array;
  /** per step index: when it ended (a decision: when its Parallel ended) */
  readonly endMs: Float64Array;
  /** per step index: the row it is drawn on */
  readonly row: Int32Array;
  readonly rowCount: number;
  /** where the last top-level item ends: the elapsed time, as wall.ts measures it (unrounded) */
  readonly runMs: number;
  /** the latest end of anything drawn (runMs, or the loose row's end if longer) */
  readonly extentMs: number;
  /** in the structure's order: outer before inner, siblings in time order */
  readonly retries: readonly RetryGroup[];
  readonly parallels: readonly ParallelSpan[];
  /**
   * The row of path-mode steps the structure does not hold (a path off the
   * grammar, or one contradicting earlier entries: hand-edited traces), laid
   * end to end from 0; -1 when every step is placed.
   */
  readonly looseRow: number;
}

/** What the timing reads from a model: no values, only shape and durations. */
export type TimingInput = Pick<TraceModel, 'matching' | 'root'> & { readonly steps: Indexed<Pick<TraceStep, 'durationMs'>> };

type Item = SequenceNode | StructureNode;

const isSequence = (item: Item): item is SequenceNode => 'prefix' in item;

const SEQ = 0;
const CMD = 1;
const RETRY = 2;
const PAR = 3;

/** The timing, all at once. */
export function computeTiming(model: TimingInput): Timing {
  return drain(timingInSlices(model));
}

/** Runs a sliced computation to its end. */
export function drain<T>(work: Generator<void, T, void>): T {
  let step = work.next();
  while (!step.done) step = work.next();
  return step.value;
}

/**
 * The same, pausing (yield) after about every `slice` nodes, so a caller on
 * the UI thread can spread 100,000 steps over several tasks and let the page
 * paint and take keys in between.
 */
export function* timingInSlices(model: TimingInput, slice = Infinity): Generator<void, Timing, void> {
  let work = 0;
  const n = model.steps.length;
  const startMs = new Float64Array(n).fill(Number.NaN);
  const endMs = new Float64Array(n).fill(Number.NaN);
  const row = new Int32Array(n);
  const duration = (i: number) => model.steps.at(i)?.durationMs ?? 0;

  if (model.matching === 'position') {
    let t = 0;
    for (let i = 0; i < n; i++) {
      startMs[i] = t;
      t += duration(i);
      endMs[i] = t;
      if (++work >= slice) {
        work = 0;
        yield;
      }
    }
    return { startMs, endMs, row, rowCount: 1, runMs: t, extentMs: t, retries: [], parallels: [], looseRow: -1 };
  }

  // Pass 1: number every sequence and item. A sequence is numbered, then its
  // items right after it, then (later) the sub-sequences of those items,
  // each after its item. So a sequence's items are ids k+1..k+length, and
  // everything comes after whatever contains it.
  const items: Item[] = [];
  const parents: number[] = [];
  const stack: { seq: SequenceNode; parent: number }[] = [{ seq: model.root, parent: -1 }];
  const pending: { seq: SequenceNode; parent: number }[] = [];
  while (stack.length > 0) {
    const { seq, parent } = stack.pop()!;
    const k = items.length;
    items.push(seq);
    parents.push(parent);
    for (const child of seq.children) {
      // A flat trace is one sequence of 100,000 items: pause inside it, not only between sequences.
      if (++work >= slice) {
        work = 0;
        yield;
      }
      const c = items.length;
      items.push(child);
      parents.push(k);
      if (child.kind === 'parallel') for (const b of child.branches) pending.push({ seq: b, parent: c });
      else if (child.kind === 'retry') {
        for (const a of child.attempts) pending.push({ seq: a, parent: c });
        if (child.fallback) pending.push({ seq: child.fallback, parent: c });
      }
    }
    // Reversed onto the stack, so siblings are numbered in their order.
    while (pending.length > 0) stack.push(pending.pop()!);
  }
  const count = items.length;
  const kind = new Uint8Array(count);
  for (let k = 0; k < count; k++) {
    const item = items[k]!;
    kind[k] = isSequence(item) ? SEQ : item.kind === 'command' ? CMD : item.kind === 'retry' ? RETRY : PAR;
  }

  // Pass 2, backwards: every node is finished before the one holding it, and adds itself to it.
  const span = new Float64Array(count);
  // For a sequence: the rows it needs, its own included (0 when it recorded nothing).
  // For a Retry or Parallel: the rows it needs below the row it sits on.
  const height = new Int32Array(count);
  // What the contents added up to so far: ms (a sum, or a Parallel's longest branch) and rows.
  const sumMs = new Float64Array(count);
  const sumRows = new Int32Array(count);
  const lo = new Int32Array(count).fill(-1);
  const hi = new Int32Array(count).fill(-1);
  for (let k = count - 1; k >= 0; k--) {
    if (++work >= slice) {
      work = 0;
      yield;
    }
    const item = items[k]!;
    switch (kind[k]) {
      case CMD: {
        const i = (item as Extract<StructureNode, { kind: 'command' }>).stepIndex;
        span[k] = duration(i);
        lo[k] = hi[k] = i;
        break;
      }
      case SEQ:
        span[k] = sumMs[k]!;
        height[k] = (item as SequenceNode).children.length === 0 ? 0 : 1 + sumRows[k]!;
        break;
      case RETRY:
        span[k] = sumMs[k]!;
        height[k] = sumRows[k]!;
        break;
      default: {
        // As wall.ts: the decision's duration covers its branches; without one (a capped trace), the longest branch.
        const d = (item as Extract<StructureNode, { kind: 'parallel' }>).decisionIndex;
        span[k] = (d === undefined ? undefined : model.steps.at(d)?.durationMs) ?? sumMs[k]!;
        height[k] = sumRows[k]!;
        if (d !== undefined) {
          if (lo[k]! < 0 || d < lo[k]!) lo[k] = d;
          if (d > hi[k]!) hi[k] = d;
        }
      }
    }
    const p = parents[k]!;
    if (p < 0) continue;
    if (kind[p] === PAR) {
      if (span[k]! > sumMs[p]!) sumMs[p] = span[k]!;
      sumRows[p] = sumRows[p]! + height[k]!;
    } else {
      sumMs[p] = sumMs[p]! + span[k]!;
      // Items sit on their sequence's row; a Retry's attempts too.
      const below = kind[p] === RETRY ? height[k]! - 1 : height[k]!;
      if (below > sumRows[p]!) sumRows[p] = below;
    }
    if (lo[k]! >= 0) {
      if (lo[p]! < 0 || lo[k]! < lo[p]!) lo[p] = lo[k]!;
      if (hi[k]! > hi[p]!) hi[p] = hi[k]!;
    }
  }

  // Pass 3, forwards: a sequence's start and row are known before it is
  // reached (set by what holds it), and it places its items end to end.
  const seqStart = new Float64Array(count);
  const seqRow = new Int32Array(count);
  const seqLevel = new Int32Array(count);
  // Per Retry or Parallel: where its next sub-sequence starts (time for a Retry, row for a Parallel).
  const nextMs = new Float64Array(count);
  const nextRow = new Int32Array(count);
  // Per Retry id: its group, filled in as its attempts are reached.
  const groupOf: ({ path: string; row: number; level: number; startMs: number; endMs: number; attempts: AttemptSpan[]; fallback: AttemptSpan | undefined } | undefined)[] = new Array(count);
  const retries: RetryGroup[] = [];
  const parallels: ParallelSpan[] = [];
  for (let k = 0; k < count; k++) {
    if (kind[k] !== SEQ) continue;
    const seq = items[k] as SequenceNode;
    const p = parents[k]!;
    if (p >= 0 && kind[p] === PAR) {
      seqStart[k] = nextMs[p]!;
      seqRow[k] = nextRow[p]!;
      nextRow[p] = nextRow[p]! + height[k]!;
    } else if (p >= 0) {
      seqStart[k] = nextMs[p]!;
      nextMs[p] = nextMs[p]! + span[k]!;
      const group = groupOf[p]!;
      seqRow[k] = group.row;
      seqLevel[k] = group.level + 1;
      const attempt = { startMs: seqStart[k]!, endMs: seqStart[k]! + span[k]!, firstStep: lo[k]!, lastStep: hi[k]! };
      if (seq === (items[p] as Extract<StructureNode, { kind: 'retry' }>).fallback) group.fallback = attempt;
      else group.attempts.push(attempt);
    }
    const at = seqRow[k]!;
    let t = seqStart[k]!;
    for (let c = k + 1; c <= k + seq.children.length; c++) {
      if (++work >= slice) {
        work = 0;
        yield;
      }
      const s = span[c]!;
      const child = items[c] as StructureNode;
      if (child.kind === 'command') {
        startMs[child.stepIndex] = t;
        endMs[child.stepIndex] = t + s;
        row[child.stepIndex] = at;
      } else if (child.kind === 'parallel') {
        if (child.decisionIndex !== undefined) {
          startMs[child.decisionIndex] = t;
          endMs[child.decisionIndex] = t + s;
          row[child.decisionIndex] = at;
        }
        nextMs[c] = t;
        nextRow[c] = at + 1;
        parallels.push({ path: child.path, row: at, decisionIndex: child.decisionIndex, startMs: t, endMs: t + s, firstRow: at + 1, lastRow: at + height[c]! });
      } else {
        nextMs[c] = t;
        const group = { path: child.path, row: at, level: seqLevel[k]!, startMs: t, endMs: t + s, attempts: [], fallback: undefined };
        groupOf[c] = group;
        retries.push(group);
      }
      t += s;
    }
  }

  const runMs = span[0]!;
  // An empty root (every step loose) leaves no empty row above the loose one.
  let rowCount = height[0]!;
  let extentMs = runMs;
  let looseRow = -1;
  let loose = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isNaN(startMs[i]!)) continue;
    if (looseRow < 0) looseRow = rowCount++;
    startMs[i] = loose;
    loose += duration(i);
    endMs[i] = loose;
    row[i] = looseRow;
  }
  if (loose > extentMs) extentMs = loose;
  return { startMs, endMs, row, rowCount: Math.max(1, rowCount), runMs, extentMs, retries, parallels, looseRow };
}
