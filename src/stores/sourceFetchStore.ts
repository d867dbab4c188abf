// How the fetch of the flow's source by URL is going (?source=, or the source
// URL template setting), for the source panel to show where the code will be.
// The fetch itself is react-query's, in app/open/useSourceUrl.ts; panels only read
// this store, and ask for a retry through it.
import { create } from 'zustand';
import type { SourceFile } from './sourceStore';

/** 'link': ?source= in the address; 'template': the source URL template setting. */
export type SourceFetchVia = 'link' | 'template';

export type SourceFetch =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly url: string; readonly via: SourceFetchVia }
  /** url is undefined when the template could not be filled for this trace (nothing was fetched) */
  | { readonly status: 'error'; readonly url: string | undefined; readonly via: SourceFetchVia; readonly message: string; readonly hint: string };

const IDLE: SourceFetch = { status: 'idle' };

/** A file the fetch put in the source store, to tell it from files the person gave. */
export interface PlacedSource {
  readonly file: SourceFile;
  readonly via: SourceFetchVia;
  readonly url: string;
}

interface SourceFetchState {
  readonly fetch: SourceFetch;
  /** bumps on every Retry; the fetching hook refetches when it changes */
  readonly retries: number;
  /** the file last put in the source store by a fetch */
  readonly placed: PlacedSource | undefined;
  /** the ?source= URL whose file was put in: a link gives its file once, not again after the person replaces it */
  readonly linkPlaced: string | undefined;
  set(fetch: SourceFetch): void;
  retry(): void;
  place(placed: PlacedSource): void;
}

export const useSourceFetchStore = create<SourceFetchState>()((set) => ({
  fetch: IDLE,
  retries: 0,
  placed: undefined,
  linkPlaced: undefined,
  // The same state again keeps its reference, so readers do not re-render for nothing.
  set: (fetch) => set((s) => (sameFetch(s.fetch, fetch) ? s : { fetch: fetch.status === 'idle' ? IDLE : fetch })),
  retry: () => set((s) => ({ retries: s.retries + 1 })),
  place: (placed) => set((s) => ({ placed, linkPlaced: placed.via === 'link' ? placed.url : s.linkPlaced }))
}));

function sameFetch(a: SourceFetch, b: SourceFetch): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'idle' || b.status === 'idle') return true;
  if (a.url !== b.url || a.via !== b.via) return false;
  return a.status !== 'error' || b.status !== 'error' || (a.message === b.message && a.hint === b.hint);
}
