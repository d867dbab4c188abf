// "Replay all": the verdict matrix of a corpus (a JSONL file, a folder of
// traces, several capsules) replayed against the flow in the editor. One row
// per trace, filled in as its replay answers; the runner is app/replay/replayAll.ts.
import { create } from 'zustand';
import type { BatchRow, BatchVerdict } from '../core/batch/verdict';
import type { StepOverride } from '../core/whatif/apply';

export interface CorpusRow {
  /** the trace's place in the corpus (its model's index) */
  readonly index: number;
  /** the edited flow ("after") */
  readonly after: BatchRow;
  /** the baseline flow ("before"), when the run had one */
  readonly before?: BatchRow;
}

export type CorpusRun =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly done: number; readonly total: number; readonly startedAt: number }
  | { readonly status: 'done' | 'cancelled'; readonly done: number; readonly total: number; readonly ms: number }
  /** nothing could be replayed: no flow, or the flow does not compile or load (the same for every trace) */
  | { readonly status: 'failed'; readonly message: string };

/** The flow a run replayed: the edits on top of the loaded files, and its what-if, so a row opens with that same flow. */
export interface CorpusFlow {
  readonly edits: Readonly<Record<string, string>>;
  readonly exportName: string | undefined;
  /** the what-if applied to every trace (none: []) */
  readonly overrides: readonly StepOverride[];
}

interface CorpusState {
  /** which corpus the rows belong to (its file name and size), so another corpus starts empty */
  readonly corpus: string | undefined;
  readonly run: CorpusRun;
  /** by trace index; undefined until that trace's replay answers */
  readonly rows: readonly (CorpusRow | undefined)[];
  /** whether the run replayed the original flow too, as "before" */
  readonly withBaseline: boolean;
  readonly flow: CorpusFlow | undefined;
  /** what the matrix shows: one verdict's group, or all */
  readonly verdict: BatchVerdict | undefined;
  readonly filterText: string;
  /** a flow file of the person's choosing to replay as the baseline, in place of the loaded flow's entry file */
  readonly baselineFile: { readonly name: string; readonly text: string } | undefined;
  setBaselineFile(file: { readonly name: string; readonly text: string } | undefined): void;
  begin(corpus: string, total: number, withBaseline: boolean, flow: CorpusFlow): void;
  /** rows that answered since the last call, in one update (a corpus of thousands answers fast) */
  addRows(rows: readonly CorpusRow[]): void;
  end(status: 'done' | 'cancelled'): void;
  fail(corpus: string, message: string): void;
  showVerdict(verdict: BatchVerdict | undefined): void;
  setFilterText(text: string): void;
  /** another corpus opened: forget the last one's matrix */
  openCorpus(corpus: string): void;
}

export const useCorpusStore = create<CorpusState>()((set, get) => ({
  corpus: undefined,
  run: { status: 'idle' },
  rows: [],
  withBaseline: false,
  flow: undefined,
  verdict: undefined,
  filterText: '',
  baselineFile: undefined,
  setBaselineFile: (baselineFile) => set({ baselineFile }),
  begin: (corpus, total, withBaseline, flow) =>
    set({ corpus, rows: new Array<CorpusRow | undefined>(total).fill(undefined), withBaseline, flow, verdict: undefined, run: { status: 'running', done: 0, total, startedAt: performance.now() } }),
  addRows: (incoming) =>
    set((s) => {
      if (s.run.status !== 'running' || incoming.length === 0) return {};
      const rows = [...s.rows];
      for (const row of incoming) rows[row.index] = row;
      return { rows, run: { ...s.run, done: s.run.done + incoming.length } };
    }),
  end: (status) => {
    const run = get().run;
    if (run.status !== 'running') return;
    set({ run: { status, done: run.done, total: run.total, ms: performance.now() - run.startedAt } });
  },
  fail: (corpus, message) => set({ corpus, rows: [], run: { status: 'failed', message } }),
  showVerdict: (verdict) => set({ verdict }),
  setFilterText: (filterText) => set({ filterText }),
  openCorpus: (corpus) => {
    if (get().corpus !== corpus) set({ corpus, run: { status: 'idle' }, rows: [], verdict: undefined, filterText: '' });
  }
}));
