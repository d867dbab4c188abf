// Keeps the filter store's matches in step with what is typed, the trace, the
// notes and the last replay: each change asks the search worker again, and
// only the newest answer lands.
import { useEffect, useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { statusBits } from '../../core/filter/status';
import { useFilterStore } from '../../stores/filterStore';
import { useNotesStore } from '../../stores/notesStore';
import { prepareSearch, searchSteps } from '../../worker/searchClient';
import { useReplayOverlay } from './useReplayOverlay';

export function useStepSearch(model: TraceModel): void {
  const text = useFilterStore((s) => s.text);
  const overlay = useReplayOverlay(model);
  const notes = useNotesStore((s) => s.notes);
  const status = overlay?.status;
  const bits = useMemo(() => statusBits(model.steps.length, status, notes), [model.steps.length, status, notes]);

  // A new trace: an old query's matches mean nothing in it. Send its steps now, while the person reads.
  useEffect(() => {
    useFilterStore.getState().clear();
    prepareSearch(model.steps);
  }, [model.steps]);

  useEffect(() => {
    let live = true;
    if (!text.trim()) {
      useFilterStore.getState().setMatches(text, new Int32Array(0));
      return;
    }
    void searchSteps(model.steps, text, bits).then((matches) => {
      if (live && matches) useFilterStore.getState().setMatches(text, matches);
    });
    return () => {
      live = false;
    };
  }, [model.steps, text, bits]);
}
