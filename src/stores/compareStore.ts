// Two runs side by side: the Compare view's state. Whoever has two traces
// (the JSONL picker, "Compare with…", a compare link, the verdict matrix)
// calls `open` with them; the view shows while a comparison is set, and
// `close` returns to the normal view. Both runs and their alignment live in a
// compare worker (worker/compareClient.ts): this store holds each run's
// summary, the aligned rows as columns, and the selected row's detail, which
// it asks the worker for as the selection moves. Nothing here is persisted:
// a reload forgets it.
import { create } from 'zustand';
import type { AlignmentWire, RowDetail, SideSummary } from '../core/compare/session';
import { openComparison, type CompareHandle, type CompareInput } from '../worker/compareClient';
import type { SideProblem } from '../worker/compare.protocol';
import { useTraceStore } from './traceStore';

export type { CompareInput };

export interface Comparison {
  readonly a: SideSummary;
  readonly b: SideSummary;
  readonly alignment: AlignmentWire;
}

interface CompareState {
  readonly comparison: Comparison | undefined;
  /** the selected row of comparison.alignment */
  readonly selected: number;
  /** the selected row's values and differences, once the worker has sent them */
  readonly detail: RowDetail | undefined;
  /** why the last open failed (a run that is no trace), shown until the next open */
  readonly problem: string | undefined;
  /**
   * Compare two runs; false (and `problem` set) when either is not a usable trace. `wording`
   * 'file': B is a file the person picked to compare the open trace with, and is named so.
   */
  open(a: CompareInput, b: CompareInput, wording?: 'run' | 'file'): Promise<boolean>;
  select(row: number): void;
  /** Move the selection by `delta` rows, kept within the list. */
  step(delta: number): void;
  close(): void;
  /** Both runs as pure-effect's replay reads them, for a link that opens this comparison. */
  rawTraces(): Promise<{ readonly a: unknown; readonly b: unknown }>;
}

let handle: CompareHandle | undefined;
/** Bumped by every open and close: an answer for an older one is dropped. */
let generation = 0;

function problemText(p: SideProblem, labels: { A: string; B: string }, wording: 'run' | 'file'): string {
  if (p.reason === 'failed') return `The two runs could not be compared: ${p.message ?? 'the comparison stopped'}`;
  const label = labels[p.side];
  if (wording === 'file' && p.side === 'B') {
    return p.reason === 'several' ? `${label} holds ${p.count} traces: open it, tick two in its list and choose Compare.` : `${label} is not a trace: ${p.message}`;
  }
  return p.reason === 'several' ? `Run ${p.side} (${label}) holds ${p.count} traces; compare one trace with another.` : `Run ${p.side} (${label}) is not a trace: ${p.message}`;
}

export const useCompareStore = create<CompareState>()((set, get) => {
  /** The detail of `row`, asked for now and set if it is still the selected row when it comes. */
  const fetchDetail = (row: number) => {
    const mine = generation;
    const h = handle;
    if (!h) return;
    h.detail(row).then(
      (detail) => {
        if (mine === generation && get().selected === row) set({ detail });
      },
      () => undefined // the comparison closed meanwhile
    );
  };
  return {
    comparison: undefined,
    selected: 0,
    detail: undefined,
    problem: undefined,
    open: async (a, b, wording = 'run') => {
      const mine = ++generation;
      handle?.close();
      handle = undefined;
      let opened;
      try {
        opened = await openComparison(a, b);
      } catch (error) {
        opened = { ok: false as const, problem: { side: 'A' as const, reason: 'failed' as const, message: error instanceof Error ? error.message : String(error) } };
      }
      if (mine !== generation) {
        if (opened.ok) opened.handle.close();
        return false;
      }
      if (!opened.ok) {
        set({ problem: problemText(opened.problem, { A: a.label, B: b.label }, wording), comparison: undefined, detail: undefined });
        return false;
      }
      handle = opened.handle;
      const { alignment } = opened.handle;
      const selected = alignment.firstDifference ?? 0;
      set({ comparison: { a: opened.handle.a, b: opened.handle.b, alignment }, selected, detail: undefined, problem: undefined });
      fetchDetail(selected);
      return true;
    },
    select: (row) => {
      if (row === get().selected) return;
      set({ selected: row, detail: undefined });
      fetchDetail(row);
    },
    step: (delta) => {
      const rows = get().comparison?.alignment.count ?? 0;
      if (rows) get().select(Math.max(0, Math.min(rows - 1, get().selected + delta)));
    },
    close: () => {
      generation++;
      handle?.close();
      handle = undefined;
      set({ comparison: undefined, selected: 0, detail: undefined, problem: undefined });
    },
    rawTraces: () => (handle ? handle.raw() : Promise.reject(new Error('Nothing is being compared.')))
  };
});

// Opening another trace, or closing the open one, ends the comparison: the view would otherwise
// cover what the person just asked for.
useTraceStore.subscribe((s, prev) => {
  const status = s.local.status;
  if (status !== prev.local.status && (status === 'loading' || status === 'empty') && useCompareStore.getState().comparison) useCompareStore.getState().close();
});
