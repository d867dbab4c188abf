// How each recorded step fared in the last replay, laid over the timeline.
// One byte per step: this is per-step data, so it must stay small.
import type { ReplayReport, ReplayStep } from '../replay/report';

export const STEP_NOT_REPLAYED = 0;
export const STEP_REPLAYED = 1;
export const STEP_UNREACHED = 2;
export const STEP_PARADOX = 3;

export type StepReplayStatus = typeof STEP_NOT_REPLAYED | typeof STEP_REPLAYED | typeof STEP_UNREACHED | typeof STEP_PARADOX;

export function replayOverlay(report: ReplayReport, stepCount: number): Uint8Array {
  const status = new Uint8Array(stepCount);
  for (const step of report.steps) {
    if (step.entryIndex !== undefined && step.entryIndex < stepCount && (step.status === 'answered' || step.status === 'decision')) status[step.entryIndex] = STEP_REPLAYED;
  }
  for (const i of report.unreached) if (i < stepCount) status[i] = STEP_UNREACHED;
  const paradox = report.fault?.kind === 'TimeParadox' ? report.fault.entryIndex : undefined;
  if (paradox !== undefined && paradox < stepCount) status[paradox] = STEP_PARADOX;
  return status;
}

/** The replay step that a recorded entry answered, for the inspector's pipeline view. */
export function replayStepOf(report: ReplayReport, entryIndex: number): ReplayStep | undefined {
  return report.steps.find((s) => s.entryIndex === entryIndex);
}

export const overlayLabel: Record<StepReplayStatus, string> = {
  [STEP_NOT_REPLAYED]: '',
  [STEP_REPLAYED]: 'replayed',
  [STEP_UNREACHED]: 'never reached in the replay',
  [STEP_PARADOX]: 'the replay diverged here'
};
