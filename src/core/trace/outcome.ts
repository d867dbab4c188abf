// What the recording alone proves about how the run ended. A trace holds
// Command outcomes, not the pure code between them, so the only ending it can
// prove is a Failure carried straight out of the flow by a thrown error:
//   - the root sequence's last step is a Command that threw (an I/O fault at
//     the root ends the run as Failure(thrown));
//   - a Retry whose fallback ran returns the fallback's outcome unwrapped, so
//     look at the fallback's last step;
//   - a Parallel cancelled by branch b returns branch b's outcome, so look at
//     branch b's last step.
// Everything else (a step that returned, an exhausted Retry whose Failure
// wraps the error, a Parallel that was not cancelled) is computed by code the
// trace does not hold, so the outcome is unknown and the reason says why.

import { plural } from './describe';
import { decisionAt, KINDS, THREW, type StepColumns } from './columns';
import type { RecordedOutcome } from './model';
import { childrenOf, FALLBACK, NODE_COMMAND, NODE_RETRY, subsOf, type StructureTable } from './structure';

export interface OutcomeInput {
  readonly matching: 'path' | 'position';
  readonly dropped: number;
  readonly columns: StepColumns;
  readonly structure: StructureTable;
  /** steps whose path is outside the grammar or contradicts the others */
  readonly unplaced: number;
  /** the stored error of a step that threw */
  readonly errorOf: (index: number) => unknown;
  readonly commandOf: (index: number) => string;
}

const REPLAY = 'replay the flow to see it';
const unknown = (reason: string): RecordedOutcome => ({ known: false, reason });
const RETURNED = unknown(`the flow's last recorded step returned, so the result is computed by code the trace does not hold; ${REPLAY}`);

const threw = (c: StepColumns, i: number) => (c.flags[i]! & THREW) !== 0;

/** A step that threw, as the run's Failure; an unrecorded error cannot be shown. */
function fromThrow(input: OutcomeInput, i: number): RecordedOutcome {
  if (KINDS[input.columns.kind[i]!] === 'unrecorded') {
    return unknown(`the flow's last recorded step (${input.commandOf(i)}) threw, but the recorder left its error out; ${REPLAY}`);
  }
  return { known: true, type: 'Failure', error: input.errorOf(i), stepIndex: i };
}

function lastOf(input: OutcomeInput, seq: number, prefix: string, where: string): RecordedOutcome {
  const { structure: t, columns: c } = input;
  const children = seq < 0 ? new Int32Array(0) : childrenOf(t, seq);
  if (children.length === 0) return unknown(`${where} recorded no steps, so the trace does not show how it ended; ${REPLAY}`);
  const last = children[children.length - 1]!;
  const kind = t.nodeKind[last];
  if (kind === NODE_COMMAND) {
    const step = t.nodeRef[last]!;
    return threw(c, step) ? fromThrow(input, step) : RETURNED;
  }
  const at = `${prefix}${t.nodeStep[last]!}`;
  const subs = subsOf(t, last);
  if (kind === NODE_RETRY) {
    const fallback = subs.find((s) => s.index === FALLBACK);
    if (fallback) return lastOf(input, fallback.seq, `${at}rf/`, `the fallback of the Retry at '${at}'`);
    const attempts = subs.filter((s) => s.index !== FALLBACK);
    const attempt = attempts[attempts.length - 1];
    const final = attempt && attempt.seq >= 0 ? childrenOf(t, attempt.seq) : undefined;
    const finalNode = final?.[final.length - 1];
    if (finalNode === undefined || t.nodeKind[finalNode] !== NODE_COMMAND) {
      return unknown(`the flow's last recorded step is a Retry without a fallback, and the trace does not show how its last attempt ended; ${REPLAY}`);
    }
    if (!threw(c, t.nodeRef[finalNode]!)) return RETURNED;
    return {
      ...unknown(
        `the flow's last recorded step is a Retry without a fallback whose last attempt failed: an exhausted Retry fails with a wrapper ({retryExhausted, lastError, attempts}) that the trace does not record; ${REPLAY}`
      ),
      // Its last try's throw is the likely cause: the first screen opens there.
      stepIndex: t.nodeRef[finalNode]!
    };
  }
  const parallel = `${at}p`;
  const decisionIndex = t.nodeRef[last]!;
  if (decisionIndex < 0) {
    return unknown(`the Parallel at '${parallel}' has no decision entry, so the trace does not show how it ended; ${REPLAY}`);
  }
  const decision = decisionAt(c, decisionIndex);
  if (!decision?.cancelled) {
    return unknown(`the flow's last recorded step is a Parallel that was not cancelled, so the result is computed by code the trace does not hold; ${REPLAY}`);
  }
  const b = decision.branch;
  const branch = typeof b === 'number' ? subs.find((s) => s.index === b) : undefined;
  if (!branch) {
    return unknown(`the Parallel at '${parallel}' was cancelled, but the trace does not show which branch's failure it returned; ${REPLAY}`);
  }
  return lastOf(input, branch.seq, `${parallel}${b}/`, `branch ${b} of the Parallel at '${parallel}', which cancelled it,`);
}

export function inferOutcome(input: OutcomeInput): RecordedOutcome {
  const { columns: c, dropped } = input;
  if (dropped > 0) {
    return unknown(`${plural(dropped, 'entry was', 'entries were')} dropped by a maxEntries cap, so the recording ends before the run did; ${REPLAY}`);
  }
  if (c.count === 0) return unknown(`the trace holds no steps, so it does not show how the run ended; ${REPLAY}`);
  if (input.matching === 'position') {
    // No structure to follow: an older trace is read as a plain sequence, so a
    // last entry that threw ended the run, unless its path puts it inside a
    // Retry or Parallel, whose ending the trace cannot show.
    const last = c.count - 1;
    if (!threw(c, last) || KINDS[c.kind[last]!] === 'decision') return RETURNED;
    if (c.depth[last]! > 0) {
      return unknown(`the last entry threw inside a Retry or Parallel, and this trace has too few paths to show how that ended; ${REPLAY}`);
    }
    return fromThrow(input, last);
  }
  if (input.unplaced > 0) {
    return unknown(
      `${plural(input.unplaced, "entry's path", "entries' paths")} could not be placed in the flow's structure (outside the recorder's format, or contradicting another path), so the trace does not show how the run ended; ${REPLAY}`
    );
  }
  return lastOf(input, 0, '', 'the flow');
}
