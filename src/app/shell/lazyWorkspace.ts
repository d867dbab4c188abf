// The workspace module, fetched once: by the idle prefetch on the empty screen
// (warmWorkspace.ts) or, should a trace come first, by the render that needs it.
import { createElement, lazy, type ComponentProps } from 'react';

type WorkspaceModule = typeof import('./Workspace');

let loading: Promise<WorkspaceModule> | undefined;
/** The module once here: rendered directly, since React.lazy suspends on its first render even when its promise has settled. */
let loaded: WorkspaceModule | undefined;

export function loadWorkspace(): Promise<WorkspaceModule> {
  // A failed fetch is forgotten, so the next ask tries again rather than failing for good.
  loading ??= import('./Workspace').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    }
  );
  return loading;
}

const LazyWorkspace = lazy(() => loadWorkspace().then((m) => ({ default: m.Workspace })));

/** The workspace; inside a Suspense, for the one case the prefetch has not finished by the time a trace is ready. */
export function WorkspaceView(props: ComponentProps<WorkspaceModule['Workspace']>) {
  return loaded ? createElement(loaded.Workspace, props) : createElement(LazyWorkspace, props);
}

/** Only seen when a trace is ready before the prefetch finished: the panes' background, busy. */
export const WorkspaceFallback = () => createElement('div', { className: 'min-h-0 flex-1 bg-panel', 'aria-busy': 'true' });
