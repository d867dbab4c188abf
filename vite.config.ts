import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { replaySandbox } from './vite.replay-sandbox.ts';
import { eagerCompile } from './vite.compile-hints.ts';

export { REPLAY_WORKER_CSP } from './vite.replay-sandbox.ts';

/**
 * The service worker that makes the app work offline after the first visit (src/sw.ts, Workbox
 * precaching), written by every `vite build` into the output folder; none in `npm run dev`.
 *
 * It precaches the whole build: the page, its chunks and CSS, Monaco's editor and workers (the
 * TypeScript worker alone is ~7 MB, but a .ts flow needs it), the codicon font, sandbox.html and
 * the replay worker's script, and the demo incident: ~13.6 MB, every file the app can ask its own
 * origin for. Traces fetched for ?trace=, ?source= or ?capsule=, and anything cross-origin, are
 * neither routed nor cached.
 *
 * injectManifest rather than generateSW: sandbox.html needs a handler of its own (src/sw.ts).
 *
 * registerType 'prompt': a new version waits until the person chooses to reload
 * (src/app/shell/UpdateNotice.tsx), as reloading under someone mid-investigation would lose an unsaved
 * replay result. The register code is imported by the app (injectRegister null), not added as a
 * script tag.
 */
function offline() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: null,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{html,js,css,ttf,woff2,svg,json,ts}'],
      maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      // Hashed file names need no revision; index.html, sandbox.html and demo/ get one.
      dontCacheBustURLsMatching: /^assets\//,
      // One classic script (a worker needs no module format), and no build banner of its own in the output.
      rollupFormat: 'iife',
      buildPlugins: { vite: [{ name: 'timescope-sw-quiet', config: () => ({ logLevel: 'warn' }) }] }
    }
  });
}

export default defineConfig({
  // replaySandbox: the replay worker as one classic script, sandbox.html, and the policies both are served with.
  plugins: [react(), tailwindcss(), replaySandbox(), offline(), eagerCompile(['Workspace'])],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Vite's 500 kB warning is for the page's first load; here the big files are all lazy and
    // expected: Monaco's editor chunks (editor.api ~2.7 MB, monaco-setup ~1.2 MB, fetched only when
    // a source pane mounts) and its TypeScript worker (ts.worker ~7 MB: the whole TypeScript
    // language service, started only for a .ts/.js tab). The app's own entry is ~540 kB (~167 kB
    // gzip); the share and export dialogs, capsules, incident links and the walkthrough load
    // when first used (issue 11: ≤ 200 KB gzip before the first paint).
    chunkSizeWarningLimit: 8000,
    rolldownOptions: {
      // Rolldown's [PLUGIN_TIMINGS] notice (JavaScript plugins ran for most of the build) is
      // expected here and says nothing is wrong: the time is the replay sandbox's two nested builds
      // (ses + engine), Vite building Monaco's workers, and Tailwind. `npm start` skips the build
      // when nothing changed (scripts/build-stamp.mjs) rather than making it faster.
      checks: { bundlerTimings: false }
    }
  },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  server: { port: 5173, host: '127.0.0.1' }
});
