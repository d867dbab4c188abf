// The tree the paths imply (§4.5): sequences of Commands, Retries and
// Parallels, as the interpreter ran them. Entries arrive in completion order,
// so each one is dropped into place by walking its path from the root; every
// step costs O(path length), and each sequence is sorted once at the end.

import type { SequenceNode, StructureNode, TraceStep } from './model';
import { parsedPathOf } from './paths';

interface SeqB {
  readonly prefix: string;
  readonly nodes: Map<number, NodeB>;
}

type NodeB =
  | { kind: 'command'; path: string; step: number; stepIndex: number }
  | { kind: 'retry'; path: string; step: number; attempts: Map<number, SeqB>; fallback: SeqB | undefined }
  | { kind: 'parallel'; path: string; step: number; decisionIndex: number | undefined; declared: number | undefined; branches: Map<number, SeqB> };

const newSeq = (prefix: string): SeqB => ({ prefix, nodes: new Map() });

/**
 * Sub-sequences a Retry or Parallel had but the trace shows no entry for (a
 * branch that only returned Success, a cancelled one that never started)
 * still get an empty SequenceNode, so `branches[i]` is branch i. A
 * hand-written path such as '0p99999999/0' must not make us allocate
 * millions of them, so at most this many are filled in.
 */
const MAX_EMPTY_FILL = 10_000;

/** Deeper nesting than any real flow; refusing it keeps the recursion below safe from crafted paths. */
const MAX_DEPTH = 200;

/** The node of `kind` at `step` in `seq`, created when absent; undefined if another kind holds the spot. */
function container<K extends 'retry' | 'parallel'>(seq: SeqB, step: number, kind: K): Extract<NodeB, { kind: K }> | undefined {
  const existing = seq.nodes.get(step);
  if (existing) return existing.kind === kind ? (existing as Extract<NodeB, { kind: K }>) : undefined;
  const path = seq.prefix + step;
  const node: NodeB =
    kind === 'retry'
      ? { kind: 'retry', path, step, attempts: new Map(), fallback: undefined }
      : { kind: 'parallel', path: `${path}p`, step, decisionIndex: undefined, declared: undefined, branches: new Map() };
  seq.nodes.set(step, node);
  return node as Extract<NodeB, { kind: K }>;
}

function child(map: Map<number, SeqB>, index: number, prefix: string): SeqB {
  let seq = map.get(index);
  if (!seq) map.set(index, (seq = newSeq(prefix)));
  return seq;
}

/** Place one step; false when its path contradicts what earlier entries built (only in hand-edited traces). */
function place(root: SeqB, step: TraceStep): boolean {
  const parsed = parsedPathOf(step);
  if (!parsed || parsed.segments.length > MAX_DEPTH) return false;
  let seq = root;
  for (const s of parsed.segments) {
    if (s.kind === 'branch') {
      const p = container(seq, s.step, 'parallel');
      if (!p) return false;
      seq = child(p.branches, s.branch, `${seq.prefix}${s.step}p${s.branch}/`);
    } else {
      const r = container(seq, s.step, 'retry');
      if (!r) return false;
      if (s.kind === 'attempt') seq = child(r.attempts, s.attempt, `${seq.prefix}${s.step}r${s.attempt}/`);
      else seq = r.fallback ??= newSeq(`${seq.prefix}${s.step}rf/`);
    }
  }
  const { leaf } = parsed;
  if (leaf.kind === 'decision') {
    const p = container(seq, leaf.step, 'parallel');
    if (!p || p.decisionIndex !== undefined) return false;
    p.decisionIndex = step.index;
    p.declared = step.decision?.branches;
    return true;
  }
  if (seq.nodes.has(leaf.step)) return false;
  seq.nodes.set(leaf.step, { kind: 'command', path: step.path ?? '', step: leaf.step, stepIndex: step.index });
  return true;
}

/** Sub-sequences by index; gaps (and declared branches with no entries) become empty sequences. */
function indexed(map: Map<number, SeqB>, declared: number | undefined, prefixOf: (i: number) => string): SequenceNode[] {
  let length = declared ?? 0;
  for (const i of map.keys()) length = Math.max(length, i + 1);
  if (length - map.size > MAX_EMPTY_FILL) {
    return [...map.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => finish(s));
  }
  const out: SequenceNode[] = [];
  for (let i = 0; i < length; i++) {
    const s = map.get(i);
    out.push(s ? finish(s) : { prefix: prefixOf(i), children: [] });
  }
  return out;
}

function finishNode(n: NodeB, parentPrefix: string): StructureNode {
  if (n.kind === 'command') return n;
  const at = parentPrefix + n.step;
  if (n.kind === 'retry') {
    return {
      kind: 'retry',
      path: n.path,
      step: n.step,
      attempts: indexed(n.attempts, undefined, (i) => `${at}r${i}/`),
      fallback: n.fallback && finish(n.fallback)
    };
  }
  return {
    kind: 'parallel',
    path: n.path,
    step: n.step,
    decisionIndex: n.decisionIndex,
    branches: indexed(n.branches, n.declared !== undefined && n.declared <= MAX_EMPTY_FILL ? n.declared : undefined, (i) => `${at}p${i}/`)
  };
}

// Recursion depth is the nesting depth of Retry/Parallel in the flow (at most
// MAX_DEPTH), not the trace length.
function finish(seq: SeqB): SequenceNode {
  const children = [...seq.nodes.values()].sort((a, b) => a.step - b.step).map((n) => finishNode(n, seq.prefix));
  return { prefix: seq.prefix, children };
}

export interface Structure {
  readonly root: SequenceNode;
  /** how many steps with a grammar path could not be placed (contradicting paths) */
  readonly misplaced: number;
}

/** The structure tree of a path-matched trace. */
export function buildStructure(steps: readonly TraceStep[]): Structure {
  const root = newSeq('');
  let misplaced = 0;
  for (const step of steps) if (step.placed && !place(root, step)) misplaced++;
  return { root: finish(root), misplaced };
}
