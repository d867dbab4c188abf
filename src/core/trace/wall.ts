// How long the run took, as well as the trace can tell. Summing every entry
// would count a Parallel twice (its decision's duration covers its branches)
// and would add up branches that ran side by side; walking the structure
// gives the elapsed time, less the pure code between steps, which is not
// recorded.
import type { SequenceNode, TraceStep } from './model';

function sequenceMs(seq: SequenceNode, steps: readonly TraceStep[]): number {
  let ms = 0;
  for (const node of seq.children) {
    if (node.kind === 'command') ms += steps[node.stepIndex]?.durationMs ?? 0;
    else if (node.kind === 'retry') {
      for (const attempt of node.attempts) ms += sequenceMs(attempt, steps);
      if (node.fallback) ms += sequenceMs(node.fallback, steps);
    } else {
      const decision = node.decisionIndex === undefined ? undefined : steps[node.decisionIndex]?.durationMs;
      ms += decision ?? Math.max(0, ...node.branches.map((b) => sequenceMs(b, steps)));
    }
  }
  return ms;
}

/** Elapsed milliseconds: from the structure for path traces, the plain sum for position traces. */
export function wallMs(matching: 'path' | 'position', root: SequenceNode, steps: readonly TraceStep[], sum: number): number {
  return matching === 'path' ? Math.round(sequenceMs(root, steps) * 1000) / 1000 : sum;
}
