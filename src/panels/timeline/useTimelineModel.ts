// Derives what the timeline shows from the model and the view store.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useViewStore } from '../../stores/viewStore';
import { buildRows, rowOfStep } from './rows';

export function useTimelineModel(model: TraceModel) {
  const folded = useViewStore((s) => s.folded);
  const selected = useViewStore((s) => s.selected);
  const rows = useMemo(() => buildRows(model, new Set(folded)), [model, folded]);
  const rowIndex = useMemo(() => rowOfStep(rows, model.steps.length), [rows, model.steps.length]);
  return { rows, rowIndex, selected, selectedRow: rowIndex[selected] ?? -1, foldedSet: new Set(folded) };
}
