// A step's recorded value, apart from its outline: what the engine worker
// answers when the UI asks for a step. The keys are present exactly when the
// entry had them, as on a RecordedStep (`throw undefined` has no `error`).
import type { RecordedModel, RecordedStep, TraceModel, TraceStep } from './model';
import { THREW, type StepColumns } from './columns';

export interface StepValue {
  readonly result?: unknown;
  readonly error?: unknown;
}

export function valueOf(step: RecordedStep): StepValue {
  if ('error' in step) return { error: step.error };
  if ('result' in step) return { result: step.result };
  return {};
}

/** What the person sees for a step: the error for a threw step, the result otherwise. */
export function shownValue(step: TraceStep, value: StepValue): { readonly value: unknown; readonly present: boolean } {
  return step.kind === 'threw' ? { value: value.error, present: step.hasValue } : { value: value.result, present: step.hasValue };
}

/** What the filter searches of step i: its error when it threw, else its result (as SearchStep reads a step). */
export function shownValueAt(c: StepColumns, i: number, value: StepValue): unknown {
  return (c.flags[i]! & THREW) !== 0 ? value.error : value.result;
}

/** A model with its values put back, for the work that reads every one (narration, export, share). */
export function withValues(model: TraceModel, values: readonly StepValue[]): RecordedModel {
  const steps = Array.from(model.steps, (s, i) => ({ ...s, ...values[i] }));
  return { ...model, recorded: true, steps };
}
