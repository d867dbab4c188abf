// The step that explains a run's Failure, whatever shape the Failure took,
// for the first screen to open on:
//   - the step that threw, when the recording shows it ended the run;
//   - the last try of an exhausted Retry (the recording shows its throw, not the wrapper);
//   - the failing branch of a cancelled Parallel (followed by the recording's outcome);
//   - with the incident's replay: the step whose next returned the Failure, or
//     the last step that threw before an exhausted Retry's wrapper ended the run.
import type { ReplayReport } from '../replay/report';
import type { TraceModel } from '../trace/model';

export function explainingStep(model: Pick<TraceModel, 'outcome' | 'steps'>, incident: ReplayReport | undefined): number | undefined {
  const { outcome } = model;
  if (outcome.known) return outcome.stepIndex;
  const result = incident?.status === 'resolved' ? incident.result : undefined;
  if (result?.type === 'Failure') {
    const error = result.error as { retryExhausted?: unknown } | null;
    const steps = incident?.steps ?? [];
    if (typeof error === 'object' && error !== null && error.retryExhausted === true) {
      for (let i = steps.length - 1; i >= 0; i--) {
        const s = steps[i]!;
        if (s.entryIndex !== undefined && model.steps.at(s.entryIndex)?.kind === 'threw') return s.entryIndex;
      }
    }
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i]!;
      if (s.ledToFailure && s.entryIndex !== undefined) return s.entryIndex;
    }
    if (incident?.fault?.entryIndex !== undefined) return incident.fault.entryIndex;
  }
  return outcome.stepIndex;
}
