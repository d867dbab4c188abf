import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { replaySandbox } from './vite.replay-sandbox.ts';

export { REPLAY_WORKER_CSP } from './vite.replay-sandbox.ts';

export default defineConfig({
  // replaySandbox: the replay worker as one classic script, sandbox.html, and the policies both are served with.
  plugins: [react(), tailwindcss(), replaySandbox()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Vite's 500 kB warning is for the page's first load; here the big files are all lazy and
    // expected: Monaco's editor chunks (editor.api ~2.7 MB, monaco-setup ~1.2 MB, fetched only when
    // a source pane mounts) and its TypeScript worker (ts.worker ~7 MB: the whole TypeScript
    // language service, started only for a .ts/.js tab). The app's own entry is ~450 kB.
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
