// The workspace module, fetched once: by the idle prefetch on the empty screen
// (warmWorkspace.ts) or, should a trace come first, by the render that needs it.
import { createElement, lazy } from 'react';

let loading: Promise<typeof import('./Workspace')> | undefined;

export function loadWorkspace(): Promise<typeof import('./Workspace')> {
  // A failed fetch is forgotten, so the next ask tries again rather than failing for good.
  loading ??= import('./Workspace').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export const LazyWorkspace = lazy(() => loadWorkspace().then((m) => ({ default: m.Workspace })));

/** Only seen when a trace is ready before the prefetch finished: the panes' background, busy. */
export const WorkspaceFallback = () => createElement('div', { className: 'min-h-0 flex-1 bg-panel', 'aria-busy': 'true' });
