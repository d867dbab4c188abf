// Keeps the open session in this browser and brings it back on reload.
// Called once, from App. A local load is committed the moment it settles (so
// two quick opens both reach the recent list); the step and sources are saved
// ~300 ms after they stop changing, and on pagehide.
import { useLayoutEffect } from 'react';
import { useTraceStore, type LocalLoad } from '../stores/traceStore';
import { useSourceStore } from '../stores/sourceStore';
import { useViewStore } from '../stores/viewStore';
import { hasPending, takePending } from './pending';
import { commitOpened, currentSession, loadRecent, readPointer, reopen, saveSession } from './session';

const DEBOUNCE_MS = 300;

/**
 * Runs as this module loads, before React's first render: the "Restoring …" view must be in the
 * very first frame, and a store update from an effect lands a frame late (useSyncExternalStore
 * subscribes after paint), which would flash the empty screen.
 */
function showRestoring(): { key: string; placeholder: LocalLoad } | undefined {
  // ?trace=<url> reloads from its URL; that always wins over the saved session.
  if (typeof window === 'undefined' || new URL(window.location.href).searchParams.has('trace')) return undefined;
  // A shared incident in the address opens instead (app/open/openIncident.ts), as does an encrypted capsule (app/open/useCapsuleUrl.ts).
  if (/incident(=|%3D)/i.test(window.location.hash + window.location.href.split('%23')[1])) return undefined;
  if (new URL(window.location.href).searchParams.has('capsule')) return undefined;
  const pointer = readPointer();
  if (!pointer) return undefined;
  const placeholder: LocalLoad = { status: 'loading', label: `Restoring ${pointer.fileName}`, progress: undefined };
  useTraceStore.getState().setLocal(placeholder);
  return { key: pointer.key, placeholder };
}

let restoring = showRestoring();

// StrictMode runs effects twice; the list loads and the restore starts once per page.
let started = false;

function start() {
  if (started) return;
  started = true;
  void loadRecent();
  if (restoring) void reopen(restoring.key, restoring.placeholder);
  restoring = undefined;
}

export function useSessionPersistence() {
  // A layout effect, so the listeners are there before the restored load can settle.
  useLayoutEffect(() => {
    let timer: number | undefined;
    const flush = () => {
      window.clearTimeout(timer);
      timer = undefined;
      void saveSession();
    };
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(flush, DEBOUNCE_MS);
    };
    const offTrace = useTraceStore.subscribe((s, prev) => {
      if (s.local === prev.local && s.source === prev.source) return;
      // Another load begins (or, quick enough to show no loading view, ends) before the debounce
      // fired: save the step of the trace being left. Its sources may already be the incoming
      // trace's (openFiles sets them first), so not those.
      if (timer !== undefined && prev.local.status !== 'loading' && s.local !== prev.local) {
        window.clearTimeout(timer);
        timer = undefined;
        void saveSession({ ...currentSession(), source: prev.source, local: prev.local, collection: prev.collection, sources: undefined });
      }
      if (s.local.status !== 'loading' && hasPending()) {
        const opened = takePending()!;
        void commitOpened(opened, s.local, s.collection);
      }
      // A pick, "All traces" or a new trace is saved at once (a load may follow right away); its
      // step follows, debounced, once useStepHash has set it.
      if (s.local.status === 'ready' || s.local.status === 'picking') void saveSession({ ...currentSession(), selected: undefined });
      schedule();
    });
    const offSources = useSourceStore.subscribe((s, prev) => s.files !== prev.files && schedule());
    const offView = useViewStore.subscribe((s, prev) => s.selected !== prev.selected && schedule());
    // Best effort: a reload within the debounce still keeps the last step.
    const onHide = () => timer !== undefined && flush();
    window.addEventListener('pagehide', onHide);
    start();
    return () => {
      offTrace();
      offSources();
      offView();
      window.removeEventListener('pagehide', onHide);
      window.clearTimeout(timer);
    };
  }, []);
}
