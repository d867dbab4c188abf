import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The replay worker runs the person's flow code, so its script is served with
 * a policy of its own: its code from this origin, eval for the flow, and no
 * connections of any kind (connect-src falls back to 'none'). The worker
 * also removes fetch and friends before flow code runs; this is the second
 * lock. Dev and preview servers both send it; a static host should too.
 */
export const REPLAY_WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval'";

function replayWorkerPolicy(): Plugin {
  const middleware = (req: { url?: string }, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    if (req.url && /replay\.worker(?:-[\w-]+)?\.(?:js|ts)(?:\?|$)/.test(req.url)) res.setHeader('Content-Security-Policy', REPLAY_WORKER_CSP);
    next();
  };
  return {
    name: 'timescope-replay-worker-csp',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware)
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), replayWorkerPolicy()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 8000
  },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  server: { port: 5173, host: '127.0.0.1' }
});
