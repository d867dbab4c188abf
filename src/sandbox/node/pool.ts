// The worker_threads pool behind `timescope replay-all`: N sandbox workers (worker.ts in batch
// mode), each with the single replay's heap cap, serving traces in batches with a few batches in
// flight each, so no worker waits on the main thread. Time is limited per trace: every worker
// writes the number of the trace it is on into shared memory, and a watchdog here stops a worker
// whose trace runs past the limit. That trace (or the one that ran out of memory, or crashed the
// worker) gets a result saying so; the worker is replaced and its other traces are sent again.
import { Worker } from 'node:worker_threads';
import { IDLE, RUNNING, type BatchFlow, type BatchItem, type ItemResult, type PoolToWorker, type WorkerToPool } from './batchProtocol';
import type { SandboxLimits } from './host';

export type Stopped = { readonly seq: number; readonly kind: 'stopped'; readonly reason: 'timeout' | 'memory' | 'crashed'; readonly message: string };
export type PoolResult = ItemResult | Stopped;

export interface PoolOptions {
  readonly workerFile: URL | string;
  readonly execArgv?: string[];
  readonly jobs: number;
  readonly limits: SandboxLimits;
  readonly flow: BatchFlow;
}

export interface Pool {
  /** Replay every item; onResult gets each one's result as it comes (in no particular order). */
  run(items: readonly BatchItem[], onResult: (r: PoolResult) => void): Promise<void>;
  /** End every worker; a run in progress resolves with what it has. */
  close(): void;
}

/** Batches in flight per worker: one being replayed, one waiting, so a worker never idles on a message. */
const IN_FLIGHT = 2;
const MAX_BATCH = 64;

interface Slot {
  worker: Worker;
  progress: Int32Array;
  /** batches sent and not answered, oldest first (the worker answers in order) */
  inflight: BatchItem[][];
  /** what the watchdog last saw in RUNNING, and since when */
  seen: number;
  since: number;
  dead: boolean;
}

/** Start the workers now (they lock their realms while the caller reads the corpus). */
export function startPool(options: PoolOptions): Pool {
  const { limits } = options;
  const slots: Slot[] = [];
  let pending: BatchItem[] = [];
  let head = 0;
  let batchSize = 1;
  let remaining = 0;
  let deliver: ((r: PoolResult) => void) | undefined;
  let finish: (() => void) | undefined;
  let closed = false;

  const spawn = (): Slot => {
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
    const slot: Slot = { worker, progress, inflight: [], seen: IDLE, since: 0, dead: false };
    worker.on('message', (m: WorkerToPool) => {
      if (slot.dead) return;
      if (m.type === 'rows') answered(slot, m.json);
      else if (m.type === 'failed') stop(slot, 'crashed', `the replay's sandbox failed: ${m.message}`);
    });
    worker.on('error', (e: Error & { code?: string }) => {
      if (slot.dead) return;
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') stop(slot, 'memory', `the flow's code used more than the ${limits.maxMemoryMb} MB of memory it may have, so it was stopped`);
      else stop(slot, 'crashed', `the replay's sandbox stopped unexpectedly: ${e.message}`);
    });
    worker.on('exit', (code) => {
      if (!slot.dead && !closed) stop(slot, 'crashed', `the replay's sandbox worker exited (code ${code}) before it answered`);
    });
    post(slot, { type: 'flow', flow: options.flow });
    return slot;
  };

  const post = (slot: Slot, m: PoolToWorker) => slot.worker.postMessage(m);

  function pump(slot: Slot): void {
    while (!slot.dead && slot.inflight.length < IN_FLIGHT && head < pending.length) {
      const batch = pending.slice(head, head + batchSize);
      head += batch.length;
      slot.inflight.push(batch);
      post(slot, { type: 'batch', items: batch });
    }
  }

  function result(r: PoolResult): void {
    remaining -= 1;
    deliver?.(r);
    if (remaining === 0) done();
  }

  function answered(slot: Slot, json: string): void {
    slot.inflight.shift();
    for (const r of JSON.parse(json) as ItemResult[]) result(r);
    pump(slot);
  }

  /** The worker's current trace gets `reason`; its other traces go back to the front of the queue. */
  function stop(slot: Slot, reason: Stopped['reason'], message: string): void {
    slot.dead = true;
    void slot.worker.terminate();
    const running = Atomics.load(slot.progress, RUNNING);
    const items = slot.inflight.flat();
    // Out of memory between traces: blame the first unanswered one, so a worker that keeps dying still makes progress.
    const blamed = items.find((i) => i.seq === running) ?? items[0];
    const again = items.filter((i) => i !== blamed);
    pending = [...again, ...pending.slice(head)];
    head = 0;
    const at = slots.indexOf(slot);
    if (closed || at < 0) return;
    slots[at] = spawn();
    if (blamed) result({ seq: blamed.seq, kind: 'stopped', reason, message });
    pump(slots[at]!);
  }

  const tick = Math.max(10, Math.min(250, limits.timeoutMs / 10));
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const slot of [...slots]) {
      if (slot.dead || slot.inflight.length === 0) continue;
      const running = Atomics.load(slot.progress, RUNNING);
      if (running !== slot.seen) {
        slot.seen = running;
        slot.since = now;
      } else if (running !== IDLE && now - slot.since >= limits.timeoutMs) {
        stop(slot, 'timeout', `the flow's code did not finish within ${limits.timeoutMs / 1000} s, so it was stopped (it may loop forever; allow more time with --timeout SECONDS)`);
      }
    }
  }, tick);
  watchdog.unref();

  for (let i = 0; i < Math.max(1, options.jobs); i++) slots.push(spawn());

  function done(): void {
    const f = finish;
    finish = undefined;
    f?.();
  }

  return {
    run(items, onResult) {
      pending = [...items];
      head = 0;
      remaining = items.length;
      deliver = onResult;
      // Small batches for a small corpus, so every worker gets a share; bigger ones to save messages.
      batchSize = Math.max(1, Math.min(MAX_BATCH, Math.ceil(items.length / (slots.length * IN_FLIGHT * 4))));
      return new Promise<void>((resolve) => {
        finish = resolve;
        if (remaining === 0) done();
        else for (const slot of slots) pump(slot);
      });
    },
    close() {
      closed = true;
      clearInterval(watchdog);
      for (const slot of slots) {
        slot.dead = true;
        void slot.worker.terminate();
      }
      done();
    }
  };
}
