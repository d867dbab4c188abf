// A program rebuilt from a recording's paths, and a lookup that answers it
// from the recording, so that the schedule model can say in what order (and
// under which indices) a replay of the unchanged flow would ask the recorded
// steps, without the flow's code.
//
// What the paths do not say is filled in by rules, each written down here:
//   - Each Retry attempt replays its own recorded steps.
//   - A Parallel recorded as not cancelled is replayed as settled: a branch
//     that failed without cancelling the others proves it (§2.5), and where
//     none failed it changes nothing. A cancelled one is settled when its
//     sequence goes on after it, which one that is not settled never does
//     (§6.10 rule 4).
//   - A cancelling branch whose last recorded step did not throw failed in
//     the flow's pure code, by returning a Failure the recording cannot show.
//   - An exhausted Retry whose sequence goes on had a fallback that asked no
//     Command.
//   - Whether a Parallel had a `limit` is read from its timings: its
//     decision's duration covers its branches, run at once or a few at a time.
//     A limit is assumed only when the timings fit it and not running them all
//     at once. Where both fit, or a limit is assumed, the caller is told of
//     the other reading, as the recording does not say which held.
// A step the flow asks beyond what was recorded (in a branch a recorded
// cancellation cut, or a Retry attempt it would start) is not in the
// recording, and a replay asks and cuts it, using up a Step number; the
// caller is told where one could have been asked.

import type { ParallelDecision, StepKind } from '../trace/model';
import { parsePath, type ParsedPath } from '../trace/paths';
import type { Item, Sequence } from './program';
import type { Lookup, ParallelAnswer } from './simulate';

/** What the rebuild reads of each recorded step. */
export interface StepView {
  readonly index: number;
  readonly command: string;
  readonly path: string | undefined;
  readonly kind: StepKind;
  readonly durationMs: number | undefined;
  readonly decision?: ParallelDecision;
  readonly result?: unknown;
}

/** What a Parallel's timings say of its `limit`, where they say anything. */
export interface LimitReading {
  /** the decision's path */
  readonly path: string;
  /** the limit assumed: undefined for branches run all at once */
  readonly limit: number | undefined;
  /** the other reading that fits the timings as well, when there is one: a number, or undefined for no limit */
  readonly other: number | undefined;
  /** true when Retry waits inside its branches, which no duration shows, keep the timings from telling */
  readonly unreadable: boolean;
  /** the decision's duration, and the time its branches' own steps took */
  readonly coveredMs: number;
  readonly stepsMs: number;
}

/** A Retry whose last recorded attempt threw in a branch a recorded cancellation cut. */
export interface OpenRetry {
  readonly path: string;
  /** the path of its last recorded step */
  readonly after: string;
}

/** A branch a recorded cancellation stopped, which may have had a step the recording does not show. */
export interface OpenBranch {
  /** the cancelled Parallel's decision path */
  readonly decision: string;
  /** the branch's path prefix */
  readonly prefix: string;
}

export interface TraceProgram {
  readonly program: Sequence;
  /** Parallels of two branches or more: what a limit could have ordered */
  readonly concurrent: number;
  /** steps whose path is outside the grammar or contradicts the others: a replay never asks for them */
  readonly unplaced: readonly number[];
  /** answers from the recording, by path (names are not compared: the flow is the one recorded) */
  readonly lookup: Lookup;
  /** path -> step index */
  readonly at: ReadonlyMap<string, number>;
  readonly limits: readonly LimitReading[];
  /** cancelled decisions: path -> the recorded trigger (null: cancelled from outside) */
  readonly cancelled: ReadonlyMap<string, number | null>;
  readonly openRetries: readonly OpenRetry[];
  readonly openBranches: readonly OpenBranch[];
}

type Slot = Map<number, Node>;
type Node =
  | { readonly kind: 'command'; readonly index: number }
  | { readonly kind: 'retry'; readonly attempts: Map<number, Slot>; fallback: Slot | undefined }
  | { readonly kind: 'parallel'; readonly branches: Map<number, Slot>; decision: number | undefined };

/** Deeper nesting than any real flow; a crafted path deeper than this is not placed, which keeps every walk here safe. */
const MAX_DEPTH = 200;
/** Branches filled in for a decision that declares more than its entries show, at most. */
const MAX_EMPTY_FILL = 10_000;
/** A prefix that is a Retry's second or later attempt: a wait came before it. */
const RETRIED = /r(?!0\/)\d+\/$/;
/** How closely timings must fit a limit: 5% of the Parallel's duration, and at least 1 ms. */
const FIT = (ms: number): number => Math.max(1, ms * 0.05);

const decisionOf = (s: StepView): Partial<ParallelDecision> | undefined =>
  s.decision ?? (typeof s.result === 'object' && s.result !== null ? (s.result as Partial<ParallelDecision>) : undefined);

export interface ProgramOptions {
  /** read each Parallel's limit from its timings (false: every Parallel runs its branches at once) */
  readonly readLimits?: boolean;
  /** a Parallel's limit (by decision path) instead of its timings' reading: undefined for none */
  readonly choose?: ReadonlyMap<string, number | undefined>;
}

export function traceProgram(steps: readonly StepView[], options: ProgramOptions = {}): TraceProgram {
  const choose = options.choose ?? new Map<string, number | undefined>();
  const root: Slot = new Map();
  const unplaced: number[] = [];
  const at = new Map<string, number>();
  const cancelled = new Map<string, number | null>();
  for (const s of steps) {
    if (s.path === undefined) {
      unplaced.push(s.index);
      continue;
    }
    const parsed = parsePath(s.path);
    if (!parsed || parsed.segments.length > MAX_DEPTH || at.has(s.path) || !place(root, parsed, s)) {
      unplaced.push(s.index);
      continue;
    }
    at.set(s.path, s.index);
    const d = s.kind === 'decision' ? decisionOf(s) : undefined;
    if (d?.cancelled === true) cancelled.set(s.path, typeof d.branch === 'number' ? d.branch : null);
  }
  const context: Context = { steps, timing: options.readLimits === false ? undefined : new Timing(steps, at, choose), limits: [], openRetries: [], openBranches: [], isCut: cutter(cancelled), concurrent: 0 };
  const program = toSequence(root, '', context);
  const concurrent = context.concurrent;
  return { program, unplaced, lookup: lookupOf(steps, at, cancelled), at, limits: context.limits, concurrent, cancelled, openRetries: context.openRetries, openBranches: context.openBranches };
}

function place(root: Slot, parsed: ParsedPath, s: StepView): boolean {
  let slot = root;
  for (const seg of parsed.segments) {
    const existing = slot.get(seg.step);
    if (seg.kind === 'branch') {
      const node: Node = existing ?? { kind: 'parallel', branches: new Map(), decision: undefined };
      if (node.kind !== 'parallel') return false;
      slot.set(seg.step, node);
      slot = child(node.branches, seg.branch);
    } else {
      const node: Node = existing ?? { kind: 'retry', attempts: new Map(), fallback: undefined };
      if (node.kind !== 'retry') return false;
      slot.set(seg.step, node);
      slot = seg.kind === 'attempt' ? child(node.attempts, seg.attempt) : (node.fallback ??= new Map());
    }
  }
  const existing = slot.get(parsed.leaf.step);
  if (parsed.leaf.kind === 'command') {
    if (s.kind === 'decision' || existing) return false;
    slot.set(parsed.leaf.step, { kind: 'command', index: s.index });
    return true;
  }
  if (s.kind !== 'decision') return false;
  const node: Node = existing ?? { kind: 'parallel', branches: new Map(), decision: undefined };
  if (node.kind !== 'parallel' || node.decision !== undefined) return false;
  node.decision = s.index;
  slot.set(parsed.leaf.step, node);
  return true;
}

function child(map: Map<number, Slot>, key: number): Slot {
  let slot = map.get(key);
  if (!slot) map.set(key, (slot = new Map()));
  return slot;
}

const lastStep = (slot: Slot): number => Math.max(-1, ...slot.keys());

interface Context {
  readonly steps: readonly StepView[];
  readonly timing: Timing | undefined;
  readonly limits: LimitReading[];
  readonly openRetries: OpenRetry[];
  readonly openBranches: OpenBranch[];
  readonly isCut: (path: string) => boolean;
  concurrent: number;
}

function toSequence(slot: Slot, prefix: string, c: Context): Sequence {
  const { steps } = c;
  const numbers = [...slot.keys()].sort((a, b) => a - b);
  const items = numbers.map((step, at): Item => {
    const node = slot.get(step) as Node;
    const goesOn = at < numbers.length - 1;
    if (node.kind === 'command') return { kind: 'command', name: steps[node.index]?.command ?? 'unrecorded', step };
    if (node.kind === 'retry') return retryItem(node, `${prefix}${step}`, step, goesOn, c);
    return parallelItem(node, `${prefix}${step}`, step, goesOn, c);
  });
  return { items };
}

function retryItem(node: Extract<Node, { kind: 'retry' }>, at: string, step: number, goesOn: boolean, c: Context): Item {
  const { steps } = c;
  const count = Math.max(0, ...node.attempts.keys()) + 1;
  const slots = Array.from({ length: count }, (_, i) => node.attempts.get(i) ?? new Map<number, Node>());
  const bodies = slots.map((slot, i) => toSequence(slot, `${at}r${i}/`, c));
  let fallback = node.fallback && toSequence(node.fallback, `${at}rf/`, c);
  const final = slots[count - 1] as Slot;
  const lastNode = final.get(lastStep(final));
  const exhausted = lastNode?.kind === 'command' && steps[lastNode.index]?.kind === 'threw';
  if (!fallback && exhausted && goesOn) fallback = { items: [] };
  // Its last attempt threw, perhaps only because a cancellation stopped it: then it may have had attempts
  // left, and a replay, where nothing is cancelled, starts one more and has its first step cut.
  const next = `${at}r${count}/0`;
  if (exhausted && !node.fallback && c.isCut(next)) c.openRetries.push({ path: at, after: steps[(lastNode as { index: number }).index]?.path as string });
  return { kind: 'retry', step, attempts: count - 1, body: bodies[0] as Sequence, bodies, ...(fallback ? { fallback } : {}) };
}

function parallelItem(node: Extract<Node, { kind: 'parallel' }>, at: string, step: number, goesOn: boolean, c: Context): Item {
  const { steps } = c;
  const d = node.decision === undefined ? undefined : steps[node.decision];
  const decision = d && decisionOf(d);
  const declared = Number.isInteger(decision?.branches) ? (decision?.branches as number) : 0;
  const count = Math.min(MAX_EMPTY_FILL, Math.max(declared, ...[...node.branches.keys()].map((b) => b + 1)));
  const branches = Array.from({ length: count }, (_, b) => toSequence(node.branches.get(b) ?? new Map(), `${at}p${b}/`, c));
  if (count > 1) c.concurrent += 1;
  const trigger = decision?.cancelled === true && typeof decision.branch === 'number' ? decision.branch : undefined;
  if (trigger !== undefined && trigger < count) {
    const slot = node.branches.get(trigger) ?? new Map<number, Node>();
    const last = slot.get(lastStep(slot));
    if (last?.kind !== 'command' || steps[last.index]?.kind !== 'threw') {
      const b = branches[trigger] as Sequence;
      branches[trigger] = { items: [...b.items, { kind: 'fail', value: 'a Failure the recording does not show' }] };
    }
  }
  const settled = decision?.cancelled === false || (decision?.cancelled === true && goesOn);
  // A branch it stopped whose last recorded step did not throw may have had a next step, which a replay asks and cuts.
  if (decision?.cancelled === true) {
    for (let b = 0; b < count; b++) {
      if (b === trigger) continue;
      const slot = node.branches.get(b) ?? new Map<number, Node>();
      const last = slot.get(lastStep(slot));
      if (last?.kind !== 'command' || steps[last.index]?.kind !== 'threw') c.openBranches.push({ decision: `${at}p`, prefix: `${at}p${b}/` });
    }
  }
  const reading = d ? c.timing?.limitOf(d, count) : undefined;
  if (reading) c.limits.push(reading);
  const limit = reading?.limit;
  return { kind: 'parallel', step, branches, ...(settled ? { settled } : {}), ...(limit !== undefined ? { limit } : {}) };
}

/** The recorded durations, by sequence, to tell a limited Parallel from one that ran its branches at once. */
class Timing {
  /** sequence prefix ('0p1/') -> its direct steps */
  private readonly direct = new Map<string, number[]>();
  /** sequence prefix -> the prefixes of the sequences inside it, one level down */
  private readonly inner = new Map<string, Set<string>>();
  /** prefixes with a retried attempt somewhere inside: their Retry waits are not in any duration */
  private readonly waits = new Set<string>();

  constructor(
    private readonly steps: readonly StepView[],
    private readonly at: ReadonlyMap<string, number>,
    private readonly choose: ReadonlyMap<string, number | undefined>
  ) {
    for (const [path, index] of at) {
      let prefix = path.slice(0, path.lastIndexOf('/') + 1);
      let list = this.direct.get(prefix);
      if (!list) this.direct.set(prefix, (list = []));
      list.push(index);
      let waited = false;
      // Link each prefix to its parent, up to the root, once.
      for (let depth = 0; prefix !== '' && depth <= MAX_DEPTH; depth++) {
        if (RETRIED.test(prefix)) waited = true;
        const parent = prefix.slice(0, prefix.lastIndexOf('/', prefix.length - 2) + 1);
        if (waited) this.waits.add(parent);
        let set = this.inner.get(parent);
        if (!set) this.inner.set(parent, (set = new Set()));
        if (set.has(prefix) && !waited) break;
        set.add(prefix);
        prefix = parent;
      }
    }
  }

  /** The time a sequence's own steps took: Commands, nested Parallels as their decisions say, Retry attempts and fallbacks. */
  private busy(prefix: string, depth = 0): number {
    if (depth > MAX_DEPTH) return 0;
    let ms = 0;
    for (const i of this.direct.get(prefix) ?? []) ms += this.steps[i]?.durationMs ?? 0;
    for (const sub of this.inner.get(prefix) ?? []) {
      // A nested Parallel's branches are covered by its decision, when it has one.
      const m = /(\d+)p\d+\/$/.exec(sub);
      if (m && this.at.has(`${sub.slice(0, m.index)}${m[1]}p`)) continue;
      ms += this.busy(sub, depth + 1);
    }
    return ms;
  }

  limitOf(d: StepView, n: number): LimitReading | undefined {
    if (typeof d.durationMs !== 'number' || d.path === undefined || n < 2) return undefined;
    const path = d.path as string;
    const covered = d.durationMs as number;
    const base = path.slice(0, -1);
    const prefixes = Array.from({ length: n }, (_, b) => `${base}p${b}/`);
    const busy = prefixes.map((p) => this.busy(p));
    const stepsMs = busy.reduce((a, b) => a + b, 0);
    if (this.choose.has(path)) return { path, limit: this.choose.get(path), other: undefined, unreadable: false, coveredMs: covered, stepsMs };
    // The steps' own times bound each limit's duration from below (Retry waits, and the time between
    // steps, are in none of them): a limit whose bound is past the Parallel's duration did not hold.
    const possible = (k: number) => makespan(busy, k) <= covered + FIT(covered);
    let smallest: number | undefined;
    for (let k = 1; k < n && smallest === undefined; k++) if (possible(k)) smallest = k;
    const unreadable = prefixes.some((p) => this.waits.has(p));
    const fits = (k: number) => Math.abs(makespan(busy, k) - covered) <= FIT(covered);
    // All at once unless a limit fits the timings and all at once does not; the other reading is the one the
    // timings leave possible, so that the caller can tell whether it would change the order.
    const limited = !unreadable && !fits(n) && smallest !== undefined && fits(smallest);
    const read = limited ? { limit: smallest, other: undefined } : { limit: undefined, other: smallest };
    if (read.limit === undefined && read.other === undefined) return undefined;
    return { path, ...read, unreadable, coveredMs: covered, stepsMs };
  }
}

/** How long branches of these durations take on `slots` slots, each taking the next branch in order when free. */
function makespan(durations: readonly number[], slots: number): number {
  const free = new Array<number>(Math.min(slots, durations.length)).fill(0);
  for (const d of durations) {
    let s = 0;
    for (let i = 1; i < free.length; i++) if ((free[i] as number) < (free[s] as number)) s = i;
    free[s] = (free[s] as number) + d;
  }
  return Math.max(0, ...free);
}

const MISSING = { kind: 'fault', error: 'missing' } as const;

/** §6.4 step 3: whether a step with no entry lies in a branch a recorded cancellation cut. */
function cutter(cancelled: ReadonlyMap<string, number | null>): (path: string) => boolean {
  return (path) => {
    for (const [decision, branch] of cancelled) {
      if (!path.startsWith(decision)) continue;
      const m = /^(\d+)\//.exec(path.slice(decision.length));
      if (m && (branch === null || Number(m[1]) !== branch)) return true;
    }
    return false;
  };
}

function lookupOf(steps: readonly StepView[], at: ReadonlyMap<string, number>, cancelled: ReadonlyMap<string, number | null>): Lookup {
  const isCut = cutter(cancelled);
  return {
    command(step) {
      const i = at.get(step.path);
      const s = i === undefined ? undefined : steps[i];
      if (!s) return isCut(step.path) ? { kind: 'cut' } : MISSING;
      if (s.kind === 'returned') return { kind: 'value' };
      if (s.kind === 'threw') return { kind: 'threw', error: undefined };
      // An unrecorded value is refused with a ReplayError.
      return { kind: 'fault', error: 'unrecorded' };
    },
    parallel(step): ParallelAnswer {
      const i = at.get(step.path);
      const s = i === undefined ? undefined : steps[i];
      if (s?.kind === 'decision') return { kind: 'decision', has: true, decision: decisionOf(s) };
      return isCut(step.path) ? { kind: 'cut' } : { kind: 'decision', has: false };
    },
    pastEnd: () => 'past the end',
    count: () => 'count',
    didNotFail: () => 'did not fail'
  };
}
