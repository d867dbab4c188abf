// How long the run took, as well as the trace can tell. Summing every entry
// would count a Parallel twice (its decision's duration covers its branches)
// and would add up branches that ran side by side; walking the structure
// gives the elapsed time, less the pure code between steps, which is not
// recorded.
import { HAS_DURATION, type StepColumns } from './columns';
import { childrenOf, NODE_COMMAND, NODE_RETRY, subsOf, type StructureTable } from './structure';

function sequenceMs(t: StructureTable, c: StepColumns, seq: number): number {
  if (seq < 0) return 0;
  let ms = 0;
  for (const node of childrenOf(t, seq)) {
    const kind = t.nodeKind[node];
    if (kind === NODE_COMMAND) ms += c.durationMs[t.nodeRef[node]!] ?? 0;
    else if (kind === NODE_RETRY) for (const s of subsOf(t, node)) ms += sequenceMs(t, c, s.seq);
    else {
      const decision = t.nodeRef[node]!;
      ms += decision >= 0 && (c.flags[decision]! & HAS_DURATION) !== 0 ? c.durationMs[decision]! : Math.max(0, ...subsOf(t, node).map((s) => sequenceMs(t, c, s.seq)));
    }
  }
  return ms;
}

/** Elapsed milliseconds: from the structure for path traces, the plain sum for position traces. */
export function wallMs(matching: 'path' | 'position', t: StructureTable, c: StepColumns, sum: number): number {
  return matching === 'path' ? Math.round(sequenceMs(t, c, 0) * 1000) / 1000 : sum;
}
