// The worker_threads pool behind `timescope replay-all`: the batch scheduler (sandbox/batch/
// scheduler.ts, shared with the app's Replay all) over N sandbox workers (worker.ts in batch mode),
// each with the single replay's heap cap. The corpus is shared bytes, read without a copy, and each
// worker writes the number of the trace it is on into shared memory, which the scheduler's
// watchdog reads.
import { Worker } from 'node:worker_threads';
import { IDLE, RUNNING, type BatchFlow, type WorkerToPool } from '../batch/protocol';
import { startScheduler, type PoolResult, type Scheduler, type SlotEvents, type SlotWorker } from '../batch/scheduler';
import type { SandboxLimits } from './host';

export type { PoolResult };

export interface PoolOptions {
  readonly workerFile: URL | string;
  readonly execArgv?: string[];
  readonly jobs: number;
  readonly limits: SandboxLimits;
  readonly flow: BatchFlow;
}

export type Pool = Omit<Scheduler, 'running'>;

/** Start the workers now (they lock their realms while the caller reads the corpus). */
export function startPool(options: PoolOptions): Pool {
  const { limits } = options;
  let closing = false;
  const spawn = (events: SlotEvents): SlotWorker => {
    const progress = new Int32Array(new SharedArrayBuffer(8));
    progress[RUNNING] = IDLE;
    const worker = new Worker(options.workerFile, {
      execArgv: options.execArgv ?? [],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, limits.maxMemoryMb / 8)) },
      env: {},
      argv: [],
      stdin: false,
      workerData: { mode: 'batch', progress: progress.buffer }
    });
    let terminated = false;
    worker.on('message', (m: WorkerToPool) => events.message(m));
    worker.on('error', (e: Error & { code?: string }) => {
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') events.stopped('memory', `the flow's code used more than the ${limits.maxMemoryMb} MB of memory it may have, so it was stopped`);
      else events.stopped('crashed', `the replay's sandbox stopped unexpectedly: ${e.message}`);
    });
    worker.on('exit', (code) => {
      if (!terminated && !closing) events.stopped('crashed', `the replay's sandbox worker exited (code ${code}) before it answered`);
    });
    return {
      post: (m) => worker.postMessage(m),
      terminate: () => {
        terminated = true;
        void worker.terminate();
      },
      running: () => Atomics.load(progress, RUNNING)
    };
  };
  const scheduler = startScheduler({
    jobs: options.jobs,
    timeoutMs: limits.timeoutMs,
    flow: options.flow,
    spawn,
    timeoutMessage: `the flow's code did not finish within ${limits.timeoutMs / 1000} s, so it was stopped (it may loop forever; allow more time with --timeout SECONDS)`,
    onWatchdog: (timer) => (timer as { unref?: () => void }).unref?.()
  });
  return {
    run: (corpus, onResult) => scheduler.run(corpus, onResult),
    close: () => {
      closing = true;
      scheduler.close();
    }
  };
}
