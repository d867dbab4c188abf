// The selected step in the URL fragment (#step=3, 1-based). Other fragment
// keys are kept, so permalinks can add their own: an opened link's `#incident=…&step=3` and a
// capsule address's `#key=…&step=3` stay working links to the step on screen (sharedAddress.ts).
import type { TraceModel } from '../../core/trace/model';
import { forgetSharedAddress } from './sharedAddress';

export function stepFromHash(total: number): number | undefined {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const raw = params.get('step');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= total ? n - 1 : undefined;
}

export function writeHash(index: number) {
  const params = new URLSearchParams(window.location.hash.slice(1));
  params.set('step', String(index + 1));
  const url = new URL(window.location.href);
  url.hash = params.toString();
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

/** A different trace is opening: the fragment's step, and the link it was a step of, belonged to the old one. */
export function clearStepHash() {
  forgetSharedAddress();
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (!params.has('step')) return;
  params.delete('step');
  const url = new URL(window.location.href);
  url.hash = params.toString();
  window.history.replaceState(null, '', url);
}

/** Where a trace opens when the link names no step: the step whose error ended the run, or the first. */
export function openingStep(model: Pick<TraceModel, 'outcome' | 'steps'>): number {
  const { outcome } = model;
  return outcome.stepIndex !== undefined && outcome.stepIndex < model.steps.length ? outcome.stepIndex : 0;
}
