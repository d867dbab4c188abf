// The tree the paths imply (§4.5): sequences of Commands, Retries and
// Parallels, as the interpreter ran them, built as a table of typed arrays
// (StructureTable) from the step columns. Entries arrive in completion order;
// each is dropped into its sequence, which is found once per sequence prefix
// (lane) by walking that prefix from the root, and each sequence is put in
// step order once at the end. The table crosses to the UI thread by transfer
// and becomes SequenceNode objects only when a view walks the tree
// (decodeStructure: the waterfall, and models built for the CLI).
import type { SequenceNode, StructureNode } from './model';
import { HAS_PATH, lastIn, PLACED, textAt, type StepColumns } from './columns';
import { PairTable } from './pairTable';

export const NODE_COMMAND = 0;
export const NODE_RETRY = 1;
export const NODE_PARALLEL = 2;

/** A sub-sequence index standing for a Retry's fallback. */
export const FALLBACK = -1;

export interface StructureTable {
  /** sequence 0 is the root; sequence s's children are nodes seqChildren[seqChildStart[s], seqChildStart[s + 1]), in step order */
  readonly seqChildStart: Uint32Array;
  readonly seqChildren: Int32Array;
  readonly nodeKind: Uint8Array;
  /** the node's step number within its sequence */
  readonly nodeStep: Float64Array;
  /** a Command's step index; a Parallel's decision step index or -1 */
  readonly nodeRef: Int32Array;
  /**
   * A Retry's attempts (then its fallback) or a Parallel's branches: subIndex[k] is the attempt or
   * branch number (FALLBACK for a fallback), subSeq[k] its sequence, -1 for one the trace shows no
   * entry of (filled in so that branches[i] is branch i).
   */
  readonly nodeSubStart: Uint32Array;
  readonly subIndex: Float64Array;
  readonly subSeq: Int32Array;
}

export interface Structure {
  readonly table: StructureTable;
  /** how many steps with a grammar path could not be placed (contradicting paths) */
  readonly misplaced: number;
}

/**
 * Sub-sequences a Retry or Parallel had but the trace shows no entry for (a
 * branch that only returned Success, a cancelled one that never started)
 * still get an empty sequence, so `branches[i]` is branch i. A hand-written
 * path such as '0p99999999/0' must not make us allocate millions of them, so
 * at most this many are filled in.
 */
const MAX_EMPTY_FILL = 10_000;

/** Deeper nesting than any real flow; refusing it keeps every recursive walk of the tree safe from crafted paths. */
const MAX_DEPTH = 200;

/** Past this many sub-sequences a container's are looked up in a Map rather than its list. */
const LONG_SUBS = 8;

class TreeBuilder {
  constructor(steps: number) {
    this.nodeAt = new PairTable(steps);
  }

  private seqCount = 1;
  /** per node: kind, step, ref, the sequence it is in */
  readonly kind: number[] = [];
  readonly step: number[] = [];
  readonly ref: number[] = [];
  readonly seqOf: number[] = [];
  /** a Parallel's declared branch count (from its decision), -1 when none */
  readonly declared: number[] = [];
  private readonly nodeAt: PairTable;
  /** per container node: its sub-sequences, in the order first met; a Map beside the list once it is long */
  readonly subsOf: ({ index: number; seq: number }[] | undefined)[] = [];
  private readonly longSubs = new Map<number, Map<number, number>>();

  /** The node of `kind` at `step` in `seq`, created when absent; -1 if another kind holds the spot. */
  container(seq: number, step: number, kind: number): number {
    const existing = this.nodeAt.get(seq, step);
    if (existing !== undefined) return this.kind[existing] === kind ? existing : -1;
    return this.newNode(seq, step, kind, -1);
  }

  private newNode(seq: number, step: number, kind: number, ref: number): number {
    const node = this.kind.length;
    this.kind.push(kind);
    this.step.push(step);
    this.ref.push(ref);
    this.seqOf.push(seq);
    this.declared.push(-1);
    this.nodeAt.add(seq, step, node);
    return node;
  }

  /** A Command at `step` in `seq`; false when something is there already. */
  command(seq: number, step: number, stepIndex: number): boolean {
    if (this.nodeAt.get(seq, step) !== undefined) return false;
    this.newNode(seq, step, NODE_COMMAND, stepIndex);
    return true;
  }

  /** Sub-sequence `index` of a container, created when absent. */
  child(node: number, index: number): number {
    let list = this.subsOf[node];
    if (!list) this.subsOf[node] = list = [];
    const long = this.longSubs.get(node);
    if (long) {
      const seq = long.get(index);
      if (seq !== undefined) return seq;
    } else for (const sub of list) if (sub.index === index) return sub.seq;
    const seq = this.seqCount++;
    list.push({ index, seq });
    // A Parallel of thousands of branches would make the scan above quadratic.
    if (long) long.set(index, seq);
    else if (list.length > LONG_SUBS) this.longSubs.set(node, new Map(list.map((s) => [s.index, s.seq])));
    return seq;
  }

  private readonly walked = new Map<string, number>();

  /**
   * The sequence a prefix ('3p1/0r0/') names, walking it from the root; -1 when it contradicts what
   * is there. Each prefix is walked once: its parent's sequence, then its last segment. A prefix
   * found once stays found, and one that contradicted stays so (nodes are never removed).
   */
  walk(prefix: string, remember = true): number {
    if (prefix === '') return 0;
    const known = remember ? this.walked.get(prefix) : undefined;
    if (known !== undefined) return known;
    let depth = 0;
    for (let k = 0; k < prefix.length; k++) if (prefix.charCodeAt(k) === SLASH) depth++;
    // Past the limit nothing is walked at all, as a path that deep is not placed.
    const seq = depth > MAX_DEPTH ? -1 : this.walkLast(prefix);
    if (remember) this.walked.set(prefix, seq);
    return seq;
  }

  private walkLast(prefix: string): number {
    const cut = prefix.lastIndexOf('/', prefix.length - 2);
    const parent = this.walk(prefix.slice(0, cut + 1));
    if (parent < 0) return -1;
    // The segment between: num 'p' num, num 'r' num, or num 'rf' (the prefix came from a placed path).
    const from = cut + 1;
    const to = prefix.length - 1;
    let k = from;
    while (k < to && prefix.charCodeAt(k) >= 48 && prefix.charCodeAt(k) <= 57) k++;
    const step = numberText(prefix, from, k);
    const letter = prefix.charCodeAt(k);
    if (letter === LETTER_P) {
      const node = this.container(parent, step, NODE_PARALLEL);
      return node < 0 ? -1 : this.child(node, numberText(prefix, k + 1, to));
    }
    const node = this.container(parent, step, NODE_RETRY);
    if (node < 0) return -1;
    return this.child(node, prefix.charCodeAt(k + 1) === LETTER_F ? FALLBACK : numberText(prefix, k + 1, to));
  }

  table(): StructureTable {
    const seqCount = this.seqCount;
    const nodes = this.kind.length;
    // Children of each sequence, in step order: counted, placed, then sorted in place (already in order, as a rule).
    const seqChildStart = new Uint32Array(seqCount + 1);
    for (let k = 0; k < nodes; k++) seqChildStart[this.seqOf[k]! + 1]!++;
    for (let s = 0; s < seqCount; s++) seqChildStart[s + 1]! += seqChildStart[s]!;
    const fill = seqChildStart.slice(0, seqCount);
    const seqChildren = new Int32Array(nodes);
    for (let k = 0; k < nodes; k++) seqChildren[fill[this.seqOf[k]!]!++] = k;
    for (let s = 0; s < seqCount; s++) sortByStep(seqChildren, seqChildStart[s]!, seqChildStart[s + 1]!, this.step);

    const nodeSubStart = new Uint32Array(nodes + 1);
    const subIndex: number[] = [];
    const subSeq: number[] = [];
    for (let k = 0; k < nodes; k++) {
      nodeSubStart[k] = subIndex.length;
      if (this.kind[k] !== NODE_COMMAND) {
        const declared = this.kind[k] === NODE_PARALLEL ? this.declared[k]! : -1;
        for (const sub of indexedSubs(this.subsOf[k] ?? [], declared)) {
          subIndex.push(sub.index);
          subSeq.push(sub.seq);
        }
      }
    }
    nodeSubStart[nodes] = subIndex.length;
    return {
      seqChildStart,
      seqChildren,
      nodeKind: Uint8Array.from(this.kind),
      nodeStep: Float64Array.from(this.step),
      nodeRef: Int32Array.from(this.ref),
      nodeSubStart,
      subIndex: Float64Array.from(subIndex),
      subSeq: Int32Array.from(subSeq)
    };
  }
}

function sortByStep(children: Int32Array, from: number, to: number, step: readonly number[]): void {
  // Insertion sort: entries of one sequence arrive in step order unless a Parallel's branches interleave.
  for (let i = from + 1; i < to; i++) {
    const node = children[i]!;
    const s = step[node]!;
    let j = i - 1;
    while (j >= from && step[children[j]!]! > s) {
      children[j + 1] = children[j]!;
      j--;
    }
    children[j + 1] = node;
  }
}

/** Sub-sequences by number; gaps (and declared branches with no entries) become empty ones, the fallback last. */
function indexedSubs(subs: readonly { index: number; seq: number }[], declared: number): readonly { index: number; seq: number }[] {
  // As a rule they came 0, 1, 2… with no fallback and nothing more declared: already what the table holds.
  let inOrder = declared <= subs.length;
  for (let k = 0; k < subs.length && inOrder; k++) if (subs[k]!.index !== k) inOrder = false;
  if (inOrder) return subs;
  const numbered = subs.filter((s) => s.index !== FALLBACK).sort((a, b) => a.index - b.index);
  const fallback = subs.filter((s) => s.index === FALLBACK);
  let length = declared >= 0 && declared <= MAX_EMPTY_FILL ? declared : 0;
  for (const s of numbered) length = Math.max(length, s.index + 1);
  if (length - numbered.length > MAX_EMPTY_FILL) return [...numbered, ...fallback];
  const out: { index: number; seq: number }[] = [];
  let k = 0;
  for (let i = 0; i < length; i++) {
    if (numbered[k]?.index === i) out.push(numbered[k++]!);
    else out.push({ index: i, seq: -1 });
  }
  return [...out, ...fallback];
}

const SLASH = 47;
const LETTER_P = 112;
const LETTER_F = 102;

/** The number written as the digits text[from, to), as parsePath reads it. */
function numberText(text: string, from: number, to: number): number {
  if (to - from > 15) return Number(text.slice(from, to));
  let value = 0;
  for (let k = from; k < to; k++) value = value * 10 + (text.charCodeAt(k) - 48);
  return value;
}

/** The structure of a path-matched trace, from its columns; `declaredOf` gives a decision's declared branch count. */
export function buildStructure(c: StepColumns): Structure {
  const tree = new TreeBuilder(c.count);
  const laneCount = c.laneStart.length - 1;
  /** per lane: its sequence, -1 when its prefix contradicts the tree, -2 until first met */
  const laneSeq = new Int32Array(laneCount).fill(-2);
  laneSeq[0] = 0;
  let misplaced = 0;
  for (let i = 0; i < c.count; i++) {
    if ((c.flags[i]! & (PLACED | HAS_PATH)) !== (PLACED | HAS_PATH)) continue;
    const lane = c.lane[i]!;
    let seq = laneSeq[lane]!;
    // A lane is walked once, here (laneSeq keeps it); only the prefixes above it are remembered by the tree.
    if (seq === -2) seq = laneSeq[lane] = tree.walk(textAt(c.laneText, c.laneStart, lane), false);
    if (seq < 0) {
      misplaced++;
      continue;
    }
    const start = c.pathStart[i]!;
    const end = c.pathStart[i + 1]!;
    const decision = c.pathText.charCodeAt(end - 1) === 0x70; // 'p'
    const slash = lastIn(c.pathText, SLASH, start, end);
    const step = numberText(c.pathText, slash < 0 ? start : slash + 1, decision ? end - 1 : end);
    if (decision) {
      const node = tree.container(seq, step, NODE_PARALLEL);
      if (node < 0 || tree.ref[node]! >= 0) {
        misplaced++;
        continue;
      }
      tree.ref[node] = i;
      tree.declared[node] = c.decisionBranches[i]!;
    } else if (!tree.command(seq, step, i)) misplaced++;
  }
  return { table: tree.table(), misplaced };
}

/** A table with only the empty root: the structure of a trace matched by position. */
export const EMPTY_STRUCTURE: StructureTable = {
  seqChildStart: new Uint32Array([0, 0]),
  seqChildren: new Int32Array(0),
  nodeKind: new Uint8Array(0),
  nodeStep: new Float64Array(0),
  nodeRef: new Int32Array(0),
  nodeSubStart: new Uint32Array([0]),
  subIndex: new Float64Array(0),
  subSeq: new Int32Array(0)
};

export function structureBuffers(t: StructureTable): ArrayBuffer[] {
  return [t.seqChildStart, t.seqChildren, t.nodeKind, t.nodeStep, t.nodeRef, t.nodeSubStart, t.subIndex, t.subSeq].map((a) => a.buffer as ArrayBuffer);
}

// ---------------------------------------------------------------- reading the table

/** The children (node ids) of sequence `seq`. */
export function childrenOf(t: StructureTable, seq: number): Int32Array {
  return t.seqChildren.subarray(t.seqChildStart[seq], t.seqChildStart[seq + 1]);
}

/** A container's sub-sequences as [index, seq] pairs (seq -1: shown by no entry). */
export function subsOf(t: StructureTable, node: number): { index: number; seq: number }[] {
  const out: { index: number; seq: number }[] = [];
  for (let k = t.nodeSubStart[node]!; k < t.nodeSubStart[node + 1]!; k++) out.push({ index: t.subIndex[k]!, seq: t.subSeq[k]! });
  return out;
}

/**
 * The tree as SequenceNode objects. Recursion follows Retry/Parallel nesting,
 * which the builder caps at MAX_DEPTH; commands take their path from the columns.
 */
export function decodeStructure(t: StructureTable, c: StepColumns): SequenceNode {
  const seqNode = (seq: number, prefix: string): SequenceNode => {
    if (seq < 0) return { prefix, children: [] };
    const children: StructureNode[] = [];
    for (const node of childrenOf(t, seq)) children.push(nodeOf(node, prefix));
    return { prefix, children };
  };
  const nodeOf = (node: number, prefix: string): StructureNode => {
    const step = t.nodeStep[node]!;
    const kind = t.nodeKind[node];
    if (kind === NODE_COMMAND) {
      const stepIndex = t.nodeRef[node]!;
      return { kind: 'command', path: textAt(c.pathText, c.pathStart, stepIndex), step, stepIndex };
    }
    const at = `${prefix}${step}`;
    const subs = subsOf(t, node);
    if (kind === NODE_RETRY) {
      const fallback = subs.find((s) => s.index === FALLBACK);
      return {
        kind: 'retry',
        path: at,
        step,
        attempts: subs.filter((s) => s.index !== FALLBACK).map((s) => seqNode(s.seq, `${at}r${s.index}/`)),
        fallback: fallback ? seqNode(fallback.seq, `${at}rf/`) : undefined
      };
    }
    const ref = t.nodeRef[node]!;
    return { kind: 'parallel', path: `${at}p`, step, decisionIndex: ref >= 0 ? ref : undefined, branches: subs.map((s) => seqNode(s.seq, `${at}p${s.index}/`)) };
  };
  return seqNode(0, '');
}
