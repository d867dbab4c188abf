// `npm run dev` only: the dev server has no single-file build of the replay
// worker to hand to a sandbox frame, so the page hosts the replay workers
// itself, as module workers, with the same pool as the frame (a fresh locked
// realm per replay, one spare, the time limit). The one thing lost: a flow
// that allocates without bound takes the tab down with it. Production builds
// never include this file (see vite.replay-sandbox.ts).
import type { ReplayHost } from './replayHost';
import { replayPool } from './replayPool';

export function createHost(): ReplayHost {
  const pool = replayPool(() => new Worker(new URL('./replay.worker.ts', import.meta.url), { type: 'module', name: 'timescope-replay' }));
  return { warm: () => pool.warm(), run: (request, timeoutMs, signal) => pool.run(request.id, (worker) => worker.postMessage(request), timeoutMs, signal) };
}
