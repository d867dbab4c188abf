// The order in which a replay of the unchanged flow would START the recorded
// steps. A trace lists entries as they finished (spec §4.4); a replay answers
// every step at once, so its order follows the flow's shape instead:
//   - a sequence runs its nodes by step number;
//   - a Retry runs its attempts one after another, then its fallback;
//   - a Parallel starts its branches together in branch order, and they then
//     advance in lockstep: branch 0's k-th step, branch 1's k-th step, …,
//     then everyone's (k+1)-th step. A nested Parallel is one more lockstep
//     group inside its branch.
// The shape is rebuilt from the entries' paths, so it works on any trace,
// including capped ones whose structure has holes.

import type { TraceModel, TraceStep } from '../trace/model';
import { parsePath, type ParsedPath } from '../trace/paths';

type Node =
  | { readonly kind: 'command'; readonly stepIndex: number }
  | { readonly kind: 'retry'; readonly attempts: Map<number, Sequence>; fallback: Sequence | undefined }
  | { readonly kind: 'parallel'; decisionIndex: number | undefined; readonly branches: Map<number, Sequence> };

/** step number within the sequence -> node */
type Sequence = Map<number, Node>;

/** Steps that start in the same lockstep round, in start order. */
type Round = number[];

/**
 * Indices into model.steps in the order a replay of the unchanged flow would
 * start them. Every step appears exactly once. A Parallel's decision entry is
 * placed where the Parallel starts, before its branches' steps.
 *
 * Position-matched traces have no shape to go by, so they keep array order.
 * In a path-matched trace, an entry whose path does not follow the recorder's
 * grammar, or clashes with the shape the earlier entries gave (two entries at
 * one path, a Command where a Retry was), cannot be placed; such entries come
 * last, in array order, since a replay of the unchanged flow never asks for them.
 */
export function startOrder(model: Pick<TraceModel, 'matching' | 'steps'>): number[] {
  if (model.matching === 'position') return Array.from({ length: model.steps.length }, (_, i) => i);
  const root: Sequence = new Map();
  const unplaced: number[] = [];
  for (const step of model.steps) {
    const parsed = parsedPathOf(step);
    if (!parsed || !place(root, parsed, step.index)) unplaced.push(step.index);
  }
  return [...sequenceRounds(root).flat(), ...unplaced];
}

function parsedPathOf(step: TraceStep): ParsedPath | undefined {
  return typeof step.path === 'string' ? parsePath(step.path) : undefined;
}

/** Put one entry into the tree; false when its path clashes with what is there. */
function place(root: Sequence, parsed: ParsedPath, stepIndex: number): boolean {
  let seq = root;
  for (const segment of parsed.segments) {
    const existing = seq.get(segment.step);
    if (segment.kind === 'branch') {
      const node: Node = existing ?? { kind: 'parallel', decisionIndex: undefined, branches: new Map() };
      if (node.kind !== 'parallel') return false;
      seq.set(segment.step, node);
      seq = child(node.branches, segment.branch);
    } else {
      const node: Node = existing ?? { kind: 'retry', attempts: new Map(), fallback: undefined };
      if (node.kind !== 'retry') return false;
      seq.set(segment.step, node);
      if (segment.kind === 'attempt') seq = child(node.attempts, segment.attempt);
      else seq = node.fallback ??= new Map();
    }
  }
  const existing = seq.get(parsed.leaf.step);
  if (parsed.leaf.kind === 'command') {
    if (existing) return false;
    seq.set(parsed.leaf.step, { kind: 'command', stepIndex });
    return true;
  }
  // A decision: its Parallel may already exist because a branch entry came first.
  const node: Node = existing ?? { kind: 'parallel', decisionIndex: undefined, branches: new Map() };
  if (node.kind !== 'parallel' || node.decisionIndex !== undefined) return false;
  node.decisionIndex = stepIndex;
  seq.set(parsed.leaf.step, node);
  return true;
}

function child(map: Map<number, Sequence>, key: number): Sequence {
  let seq = map.get(key);
  if (!seq) map.set(key, (seq = new Map()));
  return seq;
}

function sortedValues<T>(map: Map<number, T>): T[] {
  return [...map.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
}

/** A sequence's rounds: its nodes' rounds one after another, by step number. */
function sequenceRounds(seq: Sequence): Round[] {
  return sortedValues(seq).flatMap(nodeRounds);
}

function nodeRounds(node: Node): Round[] {
  switch (node.kind) {
    case 'command':
      return [[node.stepIndex]];
    case 'retry': {
      const attempts = sortedValues(node.attempts).flatMap(sequenceRounds);
      return node.fallback ? [...attempts, ...sequenceRounds(node.fallback)] : attempts;
    }
    case 'parallel': {
      // Round k holds every branch's k-th round, in branch order.
      const branches = sortedValues(node.branches).map(sequenceRounds);
      const length = Math.max(0, ...branches.map((b) => b.length));
      const rounds: Round[] = [];
      for (let k = 0; k < length; k++) rounds.push(branches.flatMap((b) => b[k] ?? []));
      // The Parallel itself is asked before any branch starts.
      if (node.decisionIndex !== undefined) {
        if (rounds[0]) rounds[0].unshift(node.decisionIndex);
        else rounds.push([node.decisionIndex]);
      }
      return rounds;
    }
  }
}
