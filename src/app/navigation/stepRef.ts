// Following a post-mortem's step link (#of=<shape>&step=N): the step opens only in the incident
// the link was made for. Its `of=` leaves the address as soon as it is read (the step stays, for
// useStepHash), so a reload or the next trace opened is not checked against it again. A link into
// another incident than the one open, or into none, says so instead of showing a wrong step.
import type { TraceModel } from '../../core/trace/model';
import { recordingShape } from '../../core/trace/identity';
import { stepRefIn, withoutStepRef, type StepRef } from '../../core/share/stepRef';
import { useStepRefStore } from '../../stores/stepRefStore';

const FIRST = 'Open the incident link at the top of the post-mortem first, then follow this step link again.';

/** The reference in the address, taken out of it; undefined when there is none. */
export function takeStepRef(): StepRef | undefined {
  const ref = stepRefIn(window.location.hash);
  if (!ref) return undefined;
  const url = new URL(window.location.href);
  url.hash = withoutStepRef(url.hash);
  window.history.replaceState(null, '', url);
  return ref;
}

/** As the page loads: the reference waits for the trace that opens (a restored session, most often). */
export function readStepRefAtLoad(): void {
  const ref = takeStepRef();
  if (ref) useStepRefStore.getState().expect(ref);
}

/** Why the step link cannot open here, with nothing open. */
export function noIncidentProblem(ref: StepRef): string {
  const which = ref.step !== undefined ? `step ${ref.step + 1} of an incident` : 'a step of an incident';
  return `This post-mortem link opens ${which} that is not open in this browser. ${FIRST}`;
}

/**
 * Whether `ref` may open its step in `model`. When not, the notice says which incident is open and
 * what to do; the caller then leaves the selection where a trace opens without a step.
 */
export function followStepRef(ref: StepRef, model: TraceModel): boolean {
  if (ref.shape === recordingShape(model)) {
    if (ref.step !== undefined && ref.step >= model.steps.length) {
      useStepRefStore.getState().settle(`This post-mortem link opens step ${ref.step + 1}, but this incident has ${model.steps.length} steps.`);
      return false;
    }
    useStepRefStore.getState().settle(undefined);
    return true;
  }
  const step = ref.step !== undefined ? `step ${ref.step + 1} of another incident` : 'a step of another incident';
  useStepRefStore.getState().settle(`This post-mortem link opens ${step} than the one open here (${model.flowName || 'flow'}, ${model.steps.length} steps). ${FIRST}`);
  return false;
}

/** The reference read at load, checked against the first trace that opens; true when it may not take its step. */
export function refusedAtOpen(model: TraceModel): boolean {
  const { pending } = useStepRefStore.getState();
  return pending !== undefined && !followStepRef(pending, model);
}
