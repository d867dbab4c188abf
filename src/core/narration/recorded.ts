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
import { startOrder } from './order';

export { narrationText, type NarrationLine, type NarrationLineKind } from './lines';

/** The parts of a model the narration reads (a full RecordedModel will do): it tells every value. */
export type NarratableModel = Pick<
  RecordedModel,
  'recorded' | 'matching' | 'flowName' | 'initialInput' | 'steps' | 'recordedSteps' | 'outcome'
>;

export function narrateRecording(model: NarratableModel): NarrationLine[] {
  const lines: NarrationLine[] = [];

  // Only the warnings that hold without a build to compare: the version
  // warning needs the version being replayed against, so it is not here.
  if (model.initialInput === undefined) lines.push({ kind: 'warning', text: NO_INPUT_WARNING });
  const anonymous = model.steps.filter((s) => s.command === 'anonymous').length;
  if (anonymous > 0) lines.push({ kind: 'warning', text: anonymousWarning(anonymous) });

  lines.push({ kind: 'header', text: headerLine(model.flowName, model.recordedSteps) });
  lines.push({ kind: 'input', text: inputLine(model.initialInput) });

  let ordinal = 0;
  let blocked = false;
  for (const index of startOrder(model)) {
    const step = model.steps[index];
    if (!step || step.kind === 'decision') continue; // a Parallel prints nothing
    if (step.kind === 'unrecorded') {
      // The replay refuses this step with a ReplayError, which no Retry or
      // Parallel absorbs, so the run ends here and nothing more is printed.
      blocked = true;
      break;
    }
    ordinal += 1;
    // A step that threw is answered with its revived error (spec §4.8).
    const value = step.threw ? reviveError(step.error) : step.result;
    lines.push({
      kind: 'step',
      text: stepLine(ordinal, step.command, step.threw, step.durationMs, value),
      stepIndex: step.index
    });
  }

  const outcome = model.outcome;
  if (outcome.known && !blocked) {
    lines.push({ kind: 'state', text: stateLine(outcome.type) });
    lines.push({ kind: 'outcome', text: errorLine(reviveError(outcome.error)), stepIndex: outcome.stepIndex });
  }
  return lines;
}
