// The structure tree as one Int32Array of tokens in pre-order, plus the few
// strings Retry and Parallel nodes and sequences carry. Structured clone of
// the tree itself costs ~250 ms at 100,000 steps (one object per node); the
// tokens transfer for free and decode in a few milliseconds. Command nodes
// take their path from their step, so paths are not sent twice.
//
// Tokens: sequence  SEQ prefix# childCount
//         command   CMD step stepIndex
//         retry     RETRY step path# attemptCount hasFallback   (attempts, then the fallback)
//         parallel  PAR step path# decisionIndex|-1 branchCount (branches)
// Recursion follows Retry/Parallel nesting, which structure.ts caps at 200.
import type { SequenceNode, StructureNode, TraceStep } from './model';

const SEQ = 0;
const CMD = 1;
const RETRY = 2;
const PAR = 3;

export interface StructureWire {
  readonly tokens: Int32Array;
  readonly strings: readonly string[];
}

export function encodeStructure(root: SequenceNode): StructureWire {
  const out: number[] = [];
  const strings: string[] = [];
  const string = (s: string) => strings.push(s) - 1;
  const seq = (s: SequenceNode) => {
    out.push(SEQ, string(s.prefix), s.children.length);
    for (const c of s.children) node(c);
  };
  const node = (n: StructureNode) => {
    if (n.kind === 'command') out.push(CMD, n.step, n.stepIndex);
    else if (n.kind === 'retry') {
      out.push(RETRY, n.step, string(n.path), n.attempts.length, n.fallback ? 1 : 0);
      for (const a of n.attempts) seq(a);
      if (n.fallback) seq(n.fallback);
    } else {
      out.push(PAR, n.step, string(n.path), n.decisionIndex ?? -1, n.branches.length);
      for (const b of n.branches) seq(b);
    }
  };
  seq(root);
  return { tokens: Int32Array.from(out), strings };
}

export function decodeStructure(wire: StructureWire, steps: readonly TraceStep[]): SequenceNode {
  const { tokens, strings } = wire;
  let at = 0;
  const next = () => tokens[at++]!;
  const seq = (): SequenceNode => {
    if (next() !== SEQ) throw new Error('structure tokens out of step: expected a sequence');
    const prefix = strings[next()]!;
    const count = next();
    const children: StructureNode[] = new Array(count);
    for (let i = 0; i < count; i++) children[i] = node();
    return { prefix, children };
  };
  const node = (): StructureNode => {
    const kind = next();
    const step = next();
    if (kind === CMD) {
      const stepIndex = next();
      return { kind: 'command', path: steps[stepIndex]?.path ?? '', step, stepIndex };
    }
    const path = strings[next()]!;
    if (kind === RETRY) {
      const count = next();
      const hasFallback = next() === 1;
      const attempts: SequenceNode[] = new Array(count);
      for (let i = 0; i < count; i++) attempts[i] = seq();
      return { kind: 'retry', path, step, attempts, fallback: hasFallback ? seq() : undefined };
    }
    if (kind !== PAR) throw new Error(`structure tokens out of step: unknown node kind ${kind}`);
    const decision = next();
    const count = next();
    const branches: SequenceNode[] = new Array(count);
    for (let i = 0; i < count; i++) branches[i] = seq();
    return { kind: 'parallel', path, step, decisionIndex: decision < 0 ? undefined : decision, branches };
  };
  return seq();
}
