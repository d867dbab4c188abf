// Two runs side by side: the Compare view's state. Whoever has two traces
// (the JSONL picker, "Compare with…", a compare link, the verdict matrix)
// calls `open` with them; the view shows while a comparison is set, and
// `close` returns to the normal view. Both models carry their values (the
// alignment compares every step), so outlines are filled in first
// (`openOutlines`). Nothing here is persisted: a reload forgets it.
import { create } from 'zustand';
import type { RecordedModel, TraceModel } from '../core/trace/model';
import { parseTraceText } from '../core/trace/parse';
import { alignTraces, type Alignment } from '../core/compare/align';
import { fullModel } from '../worker/engineClient';
import { useTraceStore } from './traceStore';

/** One side of a comparison: a raw trace object as recorded (what links and the matrix hold), or a model with its values. */
export type CompareInput = { readonly trace: unknown; readonly label: string } | { readonly model: RecordedModel; readonly label: string };

export interface CompareSide {
  readonly model: RecordedModel;
  /** what the person calls this run: "incidents.jsonl · line 3", a file name */
  readonly label: string;
}

export interface Comparison {
  readonly a: CompareSide;
  readonly b: CompareSide;
  readonly alignment: Alignment;
}

interface CompareState {
  readonly comparison: Comparison | undefined;
  /** the selected row of comparison.alignment.rows */
  readonly selected: number;
  /** why the last open failed (a trace that does not parse), shown until the next open */
  readonly problem: string | undefined;
  /** Compare two runs; false (and `problem` set) when either is not a usable trace. */
  open(a: CompareInput, b: CompareInput): boolean;
  /** Two models as the engine gave them (outlines of big traces): their values are fetched first. */
  openOutlines(a: { model: TraceModel; label: string }, b: { model: TraceModel; label: string }): Promise<boolean>;
  select(row: number): void;
  /** Move the selection by `delta` rows, kept within the list. */
  step(delta: number): void;
  close(): void;
}

function sideOf(input: CompareInput, which: 'A' | 'B'): CompareSide | string {
  if ('model' in input) return { model: input.model, label: input.label };
  const parsed = parseTraceText(JSON.stringify(input.trace ?? null), input.label);
  if (parsed.kind === 'trace') return { model: parsed.model, label: input.label };
  if (parsed.kind === 'collection') return `Run ${which} (${input.label}) holds ${parsed.models.length} traces; compare one trace with another.`;
  return `Run ${which} (${input.label}) is not a trace: ${parsed.problem.message}`;
}

export const useCompareStore = create<CompareState>()((set, get) => ({
  comparison: undefined,
  selected: 0,
  problem: undefined,
  open: (inputA, inputB) => {
    const a = sideOf(inputA, 'A');
    const b = sideOf(inputB, 'B');
    if (typeof a === 'string' || typeof b === 'string') {
      set({ problem: typeof a === 'string' ? a : (b as string) });
      return false;
    }
    const alignment = alignTraces(a.model, b.model);
    set({ comparison: { a, b, alignment }, selected: alignment.firstDifference ?? 0, problem: undefined });
    return true;
  },
  openOutlines: async (a, b) => {
    try {
      const [ma, mb] = await Promise.all([fullModel(a.model), fullModel(b.model)]);
      return get().open({ model: ma, label: a.label }, { model: mb, label: b.label });
    } catch (error) {
      set({ problem: `The two runs could not be compared: ${error instanceof Error ? error.message : String(error)}` });
      return false;
    }
  },
  select: (row) => set({ selected: row }),
  step: (delta) => {
    const rows = get().comparison?.alignment.rows.length ?? 0;
    if (rows) set((s) => ({ selected: Math.max(0, Math.min(rows - 1, s.selected + delta)) }));
  },
  close: () => set({ comparison: undefined, selected: 0, problem: undefined })
}));

// Opening another trace, or closing the open one, ends the comparison: the view would otherwise
// cover what the person just asked for.
useTraceStore.subscribe((s, prev) => {
  const status = s.local.status;
  if (status !== prev.local.status && (status === 'loading' || status === 'empty') && useCompareStore.getState().comparison) useCompareStore.getState().close();
});
