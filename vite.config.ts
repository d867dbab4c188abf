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
    chunkSizeWarningLimit: 8000
  },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  server: { port: 5173, host: '127.0.0.1' }
});
