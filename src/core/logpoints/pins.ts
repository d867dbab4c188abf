// Which recorded step a pinned hit belongs to, for the walkthrough's slides and the post-mortem.
// A hit names its step by its place in the one report it came from (LogHit.step), and by that
// step's path. The path finds the recorded step in any replay of the trace (the report that was
// pinned from may be gone, replaced by a later replay); a trace matched by position has no paths,
// and there the report's step says which entry answered it.
import type { ReplayReport } from '../replay/report';
import type { TraceModel } from '../trace/model';

/** What of the trace a pin's step is found in. */
export type PinModel = Pick<TraceModel, 'byPath'> & { readonly steps: { readonly length: number } };

export interface PinPlace {
  readonly seq: number;
  /** by its place in the report's steps */
  readonly step?: number;
  readonly path?: string;
}

/** The recorded step index the pin belongs to; undefined when no step followed it or none can be found. */
export function recordedStepOfPin(pin: PinPlace, model: PinModel, report: Pick<ReplayReport, 'steps'> | undefined): number | undefined {
  if (pin.path !== undefined && Object.hasOwn(model.byPath, pin.path)) return model.byPath[pin.path];
  if (pin.step === undefined || !report) return undefined;
  const s = report.steps[pin.step];
  // The report must be the one it came from: a later replay's step at that place may be another.
  if (!s || s.entryIndex === undefined || (pin.path !== undefined && s.path !== pin.path)) return undefined;
  return s.entryIndex < model.steps.length ? s.entryIndex : undefined;
}

/** The pins with the recorded step each belongs to, in the order their lines ran. */
export function pinsWithSteps<P extends PinPlace>(pins: readonly P[], model: PinModel, report: Pick<ReplayReport, 'steps'> | undefined): (P & { readonly recorded?: number })[] {
  return [...pins]
    .sort((a, b) => a.seq - b.seq)
    .map((p) => {
      const recorded = recordedStepOfPin(p, model, report);
      return recorded === undefined ? { ...p } : { ...p, recorded };
    });
}
