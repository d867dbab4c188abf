// What timeTravel would print if the unchanged flow were replayed against a
// trace, worked out from the trace alone (no flow, no replay). A replay of
// the unchanged flow answers each recorded step with its recorded value, so
// the Step lines are the entries themselves, in start order. The final state
// is known only when the recording shows how the run ended; otherwise the
// lines stop after the steps and the UI says a replay is needed.

import type { RecordedModel } from '../trace/model';
import { reviveError } from '../values/revive';
import {
  NO_INPUT_WARNING,
  anonymousWarning,
  errorLine,
  headerLine,
  inputLine,
  stateLine,
  stepLine,
  type NarrationLine
} from './lines';
import { replayOrder } from './order';

export { narrationText, type NarrationLine, type NarrationLineKind } from './lines';

/** The parts of a model the narration reads (a full RecordedModel will do): it tells every value. */
export type NarratableModel = Pick<
  RecordedModel,
  'recorded' | 'matching' | 'flowName' | 'initialInput' | 'steps' | 'recordedSteps' | 'outcome'
>;

export function narrateRecording(model: NarratableModel): NarrationLine[] {
  return recordingNarration(model).lines;
}

/**
 * The narration, and what the recording does not say that its order or its
 * Step numbers rest on (a limit read from timings, a step a cancellation may
 * have cut): a replay of the flow gives the exact ones.
 */
export function recordingNarration(model: NarratableModel): { readonly lines: NarrationLine[]; readonly caveats: readonly string[] } {
  const lines: NarrationLine[] = [];

  // Only the warnings that hold without a build to compare: the version
  // warning needs the version being replayed against, so it is not here.
  if (model.initialInput === undefined) lines.push({ kind: 'warning', text: NO_INPUT_WARNING });
  const anonymous = model.steps.filter((s) => s.command === 'anonymous').length;
  if (anonymous > 0) lines.push({ kind: 'warning', text: anonymousWarning(anonymous) });

  lines.push({ kind: 'header', text: headerLine(model.flowName, model.recordedSteps) });
  lines.push({ kind: 'input', text: inputLine(model.initialInput) });

  const order = replayOrder(model);
  for (const { stepIndex, ordinal } of order.asked) {
    const step = model.steps[stepIndex];
    if (!step || step.kind === 'decision' || step.kind === 'unrecorded') continue; // a Parallel prints nothing
    // A step that threw is answered with its revived error (spec §4.8).
    const value = step.threw ? reviveError(step.error) : step.result;
    lines.push({ kind: 'step', text: stepLine(ordinal, step.command, step.threw, step.durationMs, value), stepIndex: step.index });
  }

  // An unrecorded value is refused with a ReplayError, which ends the run: no final state is printed.
  const outcome = model.outcome;
  if (outcome.known && !order.blocked) {
    lines.push({ kind: 'state', text: stateLine(outcome.type) });
    lines.push({ kind: 'outcome', text: errorLine(reviveError(outcome.error)), stepIndex: outcome.stepIndex });
  }
  return { lines, caveats: order.caveats };
}
