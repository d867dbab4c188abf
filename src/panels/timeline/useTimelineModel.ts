// Derives the timeline's rows from the model and the folds (not the selection: the rows read theirs).
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { columnsOf } from '../../core/trace/outline';
import { useViewStore } from '../../stores/viewStore';
import { buildRows } from './rows';

export function useTimelineModel(model: TraceModel) {
  const folded = useViewStore((s) => s.folded);
  // One Set per fold change, not per render: the rows compare their props, and a selection changes no fold.
  const foldedSet = useMemo(() => new Set(folded), [folded]);
  const rows = useMemo(() => buildRows(columnsOf(model), foldedSet), [model, foldedSet]);
  return { rows, foldedSet };
}
