// The selected step lives in the URL fragment (#step=3, 1-based) so a reload
// keeps your place. The fragment never reaches a server.
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useViewStore } from '../../stores/viewStore';
import { useTraceStore } from '../../stores/traceStore';
import { openingStep, stepFromHash, writeHash } from './stepHash';
import { followStepRef, readStepRefAtLoad, refusedAtOpen, takeStepRef } from './stepRef';
import { useStepRefStore } from '../../stores/stepRefStore';

// A post-mortem's step link names its incident: read before the first trace opens (stepRef.ts).
if (typeof window !== 'undefined') readStepRefAtLoad();

/** Per trace opened: whether a step link was refused for it (asked again when an effect runs twice). */
const refusals = new WeakMap<TraceModel, boolean>();

/** A step link made for another incident picks no step in this one; a notice about a trace before goes. */
function stepRefRefused(model: TraceModel): boolean {
  let refused = refusals.get(model);
  if (refused === undefined) {
    if (useStepRefStore.getState().pending) refused = refusedAtOpen(model);
    else useStepRefStore.getState().dismiss();
    refusals.set(model, (refused ??= false));
  }
  return refused;
}

/**
 * How long the selection rests before the fragment follows it. history.replaceState costs most of
 * a millisecond, on the same key press as the list's highlight; while the person holds ↓ only the
 * step they stop on matters to a reload or a copied address.
 */
export const HASH_IDLE_MS = 200;

/**
 * Where a newly opened trace starts (shell/traceStart.ts): where the fragment says; else, when the
 * recording ends in a Failure, on the step that threw it (that is what the on-call engineer came
 * for); else at step 1.
 */
export function openingSelection(model: TraceModel): number {
  const refused = stepRefRefused(model);
  return (refused ? undefined : stepFromHash(model.steps.length)) ?? openingStep(model);
}

export function useStepHash(model: TraceModel | undefined) {
  // Subscribed outside React: a render of App on every selection would re-render the whole shell.
  useEffect(() => {
    if (!model || model.steps.length === 0) return;
    // The opening step at once: a link copied right after opening names it.
    writeHash(useViewStore.getState().selected);
    let timer: number | undefined;
    const flush = () => {
      window.clearTimeout(timer);
      timer = undefined;
      writeHash(useViewStore.getState().selected);
    };
    const off = useViewStore.subscribe((s, prev) => {
      if (s.selected === prev.selected) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(flush, HASH_IDLE_MS);
    });
    // Something else is opening (loading.ts clears or sets the fragment for it first): a write still
    // waiting belongs to the trace being left, and would open the next one at its step.
    const drop = () => {
      window.clearTimeout(timer);
      timer = undefined;
    };
    const offTrace = useTraceStore.subscribe(drop);
    // A reload (or closing the tab) within the pause still keeps the last step.
    const onHide = () => timer !== undefined && flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      off();
      offTrace();
      window.removeEventListener('pagehide', onHide);
      drop();
    };
  }, [model]);

  useEffect(() => {
    if (!model) return;
    const onHash = () => {
      const ref = takeStepRef();
      if (ref) {
        if (followStepRef(ref, model) && ref.step !== undefined) useViewStore.getState().select(ref.step);
        return;
      }
      const step = stepFromHash(model.steps.length);
      if (step !== undefined) useViewStore.getState().select(step);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [model]);
}
