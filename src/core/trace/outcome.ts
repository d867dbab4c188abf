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
import type { RecordedOutcome, RecordedStep, SequenceNode } from './model';

export interface OutcomeInput {
  readonly matching: 'path' | 'position';
  readonly dropped: number;
  readonly steps: readonly RecordedStep[];
  readonly root: SequenceNode;
  /** steps whose path is outside the grammar or contradicts the others */
  readonly unplaced: number;
}

const REPLAY = 'replay the flow to see it';
const unknown = (reason: string): RecordedOutcome => ({ known: false, reason });
const RETURNED = unknown(`the flow's last recorded step returned, so the result is computed by code the trace does not hold; ${REPLAY}`);

/** A step that threw, as the run's Failure; an unrecorded error cannot be shown. */
function fromThrow(step: RecordedStep): RecordedOutcome {
  if (step.kind === 'unrecorded') {
    return unknown(`the flow's last recorded step (${step.command}) threw, but the recorder left its error out; ${REPLAY}`);
  }
  return { known: true, type: 'Failure', error: step.error, stepIndex: step.index };
}

function lastOf(seq: SequenceNode, steps: readonly RecordedStep[], where: string): RecordedOutcome {
  const last = seq.children[seq.children.length - 1];
  if (!last) return unknown(`${where} recorded no steps, so the trace does not show how it ended; ${REPLAY}`);
  switch (last.kind) {
    case 'command': {
      const step = steps[last.stepIndex]!;
      return step.threw ? fromThrow(step) : RETURNED;
    }
    case 'retry': {
      if (last.fallback) return lastOf(last.fallback, steps, `the fallback of the Retry at '${last.path}'`);
      const attempt = last.attempts[last.attempts.length - 1];
      const final = attempt?.children[attempt.children.length - 1];
      if (final?.kind !== 'command') {
        return unknown(`the flow's last recorded step is a Retry without a fallback, and the trace does not show how its last attempt ended; ${REPLAY}`);
      }
      if (!steps[final.stepIndex]!.threw) return RETURNED;
      return unknown(
        `the flow's last recorded step is a Retry without a fallback whose last attempt failed: an exhausted Retry fails with a wrapper ({retryExhausted, lastError, attempts}) that the trace does not record; ${REPLAY}`
      );
    }
    case 'parallel': {
      if (last.decisionIndex === undefined) {
        return unknown(`the Parallel at '${last.path}' has no decision entry, so the trace does not show how it ended; ${REPLAY}`);
      }
      const decision = steps[last.decisionIndex]!.decision;
      if (!decision?.cancelled) {
        return unknown(`the flow's last recorded step is a Parallel that was not cancelled, so the result is computed by code the trace does not hold; ${REPLAY}`);
      }
      const b = decision.branch;
      const branch = typeof b === 'number' ? last.branches.find((s) => s.prefix === `${last.path}${b}/`) : undefined;
      if (!branch) {
        return unknown(`the Parallel at '${last.path}' was cancelled, but the trace does not show which branch's failure it returned; ${REPLAY}`);
      }
      return lastOf(branch, steps, `branch ${b} of the Parallel at '${last.path}', which cancelled it,`);
    }
  }
}

export function inferOutcome(input: OutcomeInput): RecordedOutcome {
  const { steps, dropped } = input;
  if (dropped > 0) {
    return unknown(`${plural(dropped, 'entry was', 'entries were')} dropped by a maxEntries cap, so the recording ends before the run did; ${REPLAY}`);
  }
  if (steps.length === 0) return unknown(`the trace holds no steps, so it does not show how the run ended; ${REPLAY}`);
  if (input.matching === 'position') {
    // No structure to follow: an older trace is read as a plain sequence, so a
    // last entry that threw ended the run, unless its path puts it inside a
    // Retry or Parallel, whose ending the trace cannot show.
    const last = steps[steps.length - 1]!;
    if (!last.threw || last.kind === 'decision') return RETURNED;
    if (last.depth > 0) {
      return unknown(`the last entry threw inside a Retry or Parallel, and this trace has too few paths to show how that ended; ${REPLAY}`);
    }
    return fromThrow(last);
  }
  if (input.unplaced > 0) {
    return unknown(
      `${plural(input.unplaced, "entry's path", "entries' paths")} could not be placed in the flow's structure (outside the recorder's format, or contradicting another path), so the trace does not show how the run ended; ${REPLAY}`
    );
  }
  return lastOf(input.root, steps, 'the flow');
}
