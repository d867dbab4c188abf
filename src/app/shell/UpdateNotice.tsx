/// <reference types="vite-plugin-pwa/react" />
// Registers the service worker that keeps the app working offline (built by
// vite-plugin-pwa, see vite.config.ts), and says so when a new version has been
// downloaded: it waits until the person reloads, so nobody loses a replay or an
// edit to an update they did not ask for. A small line in a corner, not a
// dialog: nothing is blocked. `npm run dev` has no service worker.
import { useRegisterSW } from 'virtual:pwa-register/react';

function Notice() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      data-testid="update-notice"
      className="fixed bottom-3 right-3 z-40 flex items-center gap-3 rounded border border-line bg-panel px-3 py-2 text-[12px] text-fg shadow-lg"
    >
      <span>A new version is ready.</span>
      <button type="button" className="rounded bg-accent px-2 py-1 font-medium text-white dark:text-bg" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" className="rounded px-1 text-muted hover:bg-raised" aria-label="Not now" onClick={() => setNeedRefresh(false)}>
        ×
      </button>
    </div>
  );
}

export const UpdateNotice = import.meta.env.PROD ? Notice : () => null;
