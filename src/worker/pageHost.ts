// `npm run dev` only: the dev server has no single-file build of the replay
// worker to hand to a sandbox frame, so the page hosts the replay workers
// itself, as module workers, with the same pool as the frame (a fresh locked
// realm per replay, one spare, the time limit) and the same corpus replay
// (batchRun.ts). The one thing lost: a flow that allocates without bound
// takes the tab down with it. Production builds never include this file (see
// vite.replay-sandbox.ts).
import type { BatchEnd, ReplayHost, ReplayJob } from './replayHost';
import { BATCH_WORKER_NAME, type PrimeRequest, type WorkerDelivery } from './replay.protocol';
import { replayPool } from './replayPool';
import { runBatch as runBatchIn } from './batchRun';
import { batchSize } from './batchSize';

export function createHost(): ReplayHost {
  const spawn = (name: string) => () => new Worker(new URL('./replay.worker.ts', import.meta.url), { type: 'module', name });
  const pool = replayPool(spawn('timescope-replay'));
  const hand = (worker: Worker, job: ReplayJob) => {
    const channel = new MessageChannel();
    worker.postMessage({ type: 'port' } satisfies WorkerDelivery, [channel.port2]);
    job.deliver(channel.port1);
  };
  return {
    warm: () => pool.warm(),
    prime: (job) => {
      const channel = new MessageChannel();
      channel.port2.onmessage = (e: MessageEvent<PrimeRequest>) => {
        channel.port2.close();
        if (e.data?.type === 'prime') pool.prime(e.data);
      };
      job.deliver(channel.port1);
    },
    run: (job, timeoutMs, signal) => pool.run(job.id, (worker) => hand(worker, job), timeoutMs, signal, (early) => job.early?.(early)),
    runBatch: (job, flow, timeoutMs, onResults, signal, onRoundDone) =>
      new Promise<BatchEnd>((resolve) => {
        const corpus = new MessageChannel();
        const run = runBatchIn(spawn(BATCH_WORKER_NAME), batchSize(), { id: job.id, timeoutMs, flow }, corpus.port2, (r) => {
          if (r.type === 'batch-results') onResults(r.results, r.running);
          else if (r.type === 'batch-round-done') onRoundDone?.();
          else resolve(r.type === 'batch-done' ? { kind: 'done' } : { kind: 'failed', message: r.message });
        });
        signal.addEventListener(
          'abort',
          () => {
            run.cancel();
            resolve({ kind: 'cancelled' });
          },
          { once: true }
        );
        job.deliver(corpus.port1);
      })
  };
}
