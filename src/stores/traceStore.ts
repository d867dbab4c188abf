// What the person chose to open, and how far loading it got. A trace fetched
// by URL is react-query data (queries/traceByUrl.ts); this store only records
// that the URL is the chosen source.
import { create } from 'zustand';
import type { SkippedFile } from '../core/trace/corpus';
import type { TraceModel, TraceSummary } from '../core/trace/model';
import type { TraceProblem } from '../core/trace/errors';
import type { ParseProgress } from '../worker/engineClient';

export type LocalLoad =
  | { readonly status: 'empty' }
  | { readonly status: 'loading'; readonly label: string; readonly progress: ParseProgress | undefined }
  | { readonly status: 'error'; readonly problem: TraceProblem; readonly fileName: string | undefined }
  /** `skipped`: files of a several-file corpus, or lines of a JSONL file, that held no trace, and why */
  | { readonly status: 'picking'; readonly fileName: string; readonly summaries: readonly TraceSummary[]; readonly models: readonly TraceModel[]; readonly skipped?: readonly SkippedFile[] }
  | { readonly status: 'ready'; readonly model: TraceModel; readonly fileName: string };

export type TraceSource = { readonly kind: 'local' } | { readonly kind: 'url'; readonly url: string };

interface TraceState {
  readonly source: TraceSource;
  readonly local: LocalLoad;
  /** bumps on every newly opened trace, so per-trace view state can reset */
  readonly generation: number;
  /** the JSONL collection a picked trace came from, to go back to the list */
  readonly collection: Extract<LocalLoad, { status: 'picking' }> | undefined;
  /** the collection's trace opened last, so going back to the list puts the focus on its row */
  readonly picked: number | undefined;
  /** the last trace that opened, so a bad file never costs you the good one on screen */
  readonly lastReady: Extract<LocalLoad, { status: 'ready' }> | undefined;
  /** the step that was selected in lastReady when another load began */
  readonly lastReadyStep: number;
  setLocal(load: LocalLoad): void;
  openUrl(url: string): void;
  pick(from: Extract<LocalLoad, { status: 'picking' }>, index: number): void;
  backToCollection(): void;
}

export const useTraceStore = create<TraceState>()((set, get) => ({
  source: { kind: 'local' },
  local: { status: 'empty' },
  generation: 0,
  collection: undefined,
  picked: undefined,
  lastReady: undefined,
  lastReadyStep: 0,
  setLocal: (load) =>
    set((s) => ({
      lastReady: load.status === 'ready' ? load : s.lastReady,
      source: { kind: 'local' },
      local: load,
      collection: load.status === 'picking' ? load : load.status === 'ready' ? undefined : s.collection,
      picked: load.status === 'picking' || load.status === 'ready' ? undefined : s.picked,
      generation: load.status === 'ready' ? s.generation + 1 : s.generation
    })),
  openUrl: (url) => set((s) => ({ source: { kind: 'url', url }, generation: s.generation + 1, collection: undefined })),
  pick: (local, index) => {
    const model = local.models[index];
    if (!model) return;
    const ready = { status: 'ready', model, fileName: `${local.fileName} · line ${local.summaries[index]?.line ?? index + 1}` } as const;
    set((s) => ({
      local: ready,
      lastReady: ready,
      source: { kind: 'local' },
      collection: local,
      picked: index,
      generation: s.generation + 1
    }));
  },
  backToCollection: () => {
    const { collection } = get();
    if (collection) set({ local: collection, source: { kind: 'local' } });
  }
}));
