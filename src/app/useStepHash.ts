// The selected step lives in the URL fragment (#step=3, 1-based) so a reload
// keeps your place. The fragment never reaches a server.
import { useEffect } from 'react';
import type { TraceModel } from '../core/trace/model';
import { useViewStore } from '../stores/viewStore';
import { openingStep, stepFromHash, writeHash } from './stepHash';

export function useStepHash(model: TraceModel | undefined) {
  const selected = useViewStore((s) => s.selected);

  // A newly opened trace starts where the fragment says; else, when the recording ends in a Failure, on the
  // step that threw it (that is what the on-call engineer came for); else at step 1.
  useEffect(() => {
    if (!model) return;
    useViewStore.getState().resetForTrace(stepFromHash(model.steps.length) ?? openingStep(model));
  }, [model]);

  useEffect(() => {
    if (model && model.steps.length > 0) writeHash(selected);
  }, [model, selected]);

  useEffect(() => {
    if (!model) return;
    const onHash = () => {
      const step = stepFromHash(model.steps.length);
      if (step !== undefined) useViewStore.getState().select(step);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [model]);
}
