// Lazy entry to Monaco. Everything else in the app that needs Monaco goes through loadMonaco(), so
// the multi-megabyte editor chunk is fetched only when a source pane actually mounts.

/** The editor API (what monaco-setup.ts imports); its types are the ones `import type … from 'monaco-editor'` gives. */
export type MonacoApi = typeof import('monaco-editor/editor/editor.api');

let loading: Promise<MonacoApi> | undefined;

/** Loads Monaco once (cached promise). A failed load is not cached, so a later mount can retry. */
export function loadMonaco(): Promise<MonacoApi> {
  loading ??= import('./monaco-setup').then(
    (m) => m.monaco,
    (error: unknown) => {
      loading = undefined;
      throw error;
    }
  );
  return loading;
}

/** Starts the download early (e.g. when a trace with sources is opened) without waiting for it. */
export function preloadMonaco(): void {
  loadMonaco().catch(() => {
    // The mounting CodeEditor reports the failure and keeps its plain-text view.
  });
}
