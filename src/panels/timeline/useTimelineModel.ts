// Derives what the timeline shows from the model and the view store.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { columnsOf } from '../../core/trace/outline';
import { useViewStore } from '../../stores/viewStore';
import { buildRows } from './rows';

export function useTimelineModel(model: TraceModel) {
  const folded = useViewStore((s) => s.folded);
  const selected = useViewStore((s) => s.selected);
  // One Set per fold change, not per render: the rows compare their props, and a selection changes no fold.
  const foldedSet = useMemo(() => new Set(folded), [folded]);
  const rows = useMemo(() => buildRows(columnsOf(model), foldedSet), [model, foldedSet]);
  return { rows, selected, selectedRow: rows.rowOfStep[selected] ?? -1, foldedSet };
}
