// Keeps the filter store's matches in step with what is typed, the trace, the
// notes and the last replay: each change asks the engine worker (which holds
// the trace, values and all) again, and only the newest answer lands.
import { useEffect, useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { statusBits } from '../../core/filter/status';
import { useFilterStore } from '../../stores/filterStore';
import { useNotesStore } from '../../stores/notesStore';
import { searchInEngine } from '../../worker/engineClient';
import { useReplayOverlay } from './useReplayOverlay';

export function useStepSearch(model: TraceModel): void {
  const text = useFilterStore((s) => s.text);
  const overlay = useReplayOverlay(model);
  const notes = useNotesStore((s) => s.notes);
  const status = overlay?.status;
  const bits = useMemo(() => statusBits(model.steps.length, status, notes), [model.steps.length, status, notes]);

  // A new trace: an old query's matches mean nothing in it.
  useEffect(() => {
    useFilterStore.getState().clear();
  }, [model]);

  useEffect(() => {
    let live = true;
    if (!text.trim()) {
      useFilterStore.getState().setMatches(text, new Int32Array(0));
      return;
    }
    searchInEngine(model, text, bits).then(
      (matches) => {
        if (live && matches) useFilterStore.getState().setMatches(text, matches);
      },
      () => undefined // the engine stopped (a newer trace replaced it): nothing to show for this one
    );
    return () => {
      live = false;
    };
  }, [model, text, bits]);
}
