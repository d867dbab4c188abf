// The worker_threads pool behind `timescope replay-all`: N sandbox workers (worker.ts in batch
// mode), each with the single replay's heap cap, serving traces in batches with a few batches in
// flight each, so no worker waits on the main thread. The corpus is shared bytes (batchProtocol.ts):
// a batch is each item's seq and byte range, and its answer the batch's rows packed
// (core/batch/packedRows.ts), so the main thread neither copies a trace's text nor parses a row
// per trace. Time is limited per trace: every worker writes the number of the trace it is on into
// shared memory, and a watchdog here stops a worker whose trace runs past the limit. That trace
// (or the one that ran out of memory, or crashed the worker) gets a result saying so; the worker
// is replaced and its other traces are sent again.
import { Worker } from 'node:worker_threads';
import { unpackRows, type PackedRows, type UnpackedRow } from '../../core/batch/packedRows';
import { IDLE, ITEM_STRIDE, RUNNING, type BatchCorpus, type BatchFlow, type OtherResult, type PoolToWorker, type WorkerToPool } from './batchProtocol';
import type { SandboxLimits } from './host';

export type Stopped = { readonly seq: number; readonly kind: 'stopped'; readonly reason: 'timeout' | 'memory' | 'crashed'; readonly message: string };
export type Replayed = UnpackedRow & { readonly kind: 'row' };
export type PoolResult = Replayed | OtherResult | Stopped;

export interface PoolOptions {
  readonly workerFile: URL | string;
  readonly execArgv?: string[];
  readonly jobs: number;
  readonly limits: SandboxLimits;
  readonly flow: BatchFlow;
}

export interface Pool {
  /** Replay every item of the corpus; onResult gets each one's result as it comes (in no particular order). */
  run(corpus: BatchCorpus, onResult: (r: PoolResult) => void): Promise<void>;
  /** End every worker; a run in progress resolves with what it has. */
  close(): void;
}

/** Batches in flight per worker: one being replayed, one waiting, so a worker never idles on a message. */
const IN_FLIGHT = 2;
/** A batch of short traces is a few dozen milliseconds of replay: few messages, and a prompt --json. */
const MAX_BATCH = 256;

interface Slot {
  worker: Worker;
  progress: Int32Array;
  /** batches sent and not answered, oldest first (the worker answers in order), as sent: ITEM_STRIDE numbers per item */
  inflight: Int32Array[];
  /** which chunks of the corpus this worker has been sent (1) */
  hasChunk: Uint8Array;
  /** what the watchdog last saw in RUNNING, and since when */
  seen: number;
  since: number;
  dead: boolean;
}

const seqsOf = (batch: Int32Array) => Array.from({ length: batch.length / ITEM_STRIDE }, (_, i) => batch[i * ITEM_STRIDE]!);

/** Start the workers now (they lock their realms while the caller reads the corpus). */
export function startPool(options: PoolOptions): Pool {
  const { limits } = options;
  const slots: Slot[] = [];
  let corpus: BatchCorpus = { chunks: [], count: 0, chunk: new Int32Array(0), start: new Int32Array(0), end: new Int32Array(0) };
  /** items to send again (a stopped worker's), ahead of the rest, from `againAt` on */
  let again: number[] = [];
  let againAt = 0;
  /** the first item never sent */
  let next = 0;
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
    const slot: Slot = { worker, progress, inflight: [], hasChunk: new Uint8Array(corpus.chunks.length), seen: IDLE, since: 0, dead: false };
    worker.on('message', (m: WorkerToPool) => {
      if (slot.dead) return;
      if (m.type === 'rows') answered(slot, m);
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
  const unsent = () => again.length - againAt + (corpus.count - next);

  /** Shrinking batches (guided self-scheduling): big while much is left, small at the end, so the workers finish together. */
  const batchSize = () => Math.max(1, Math.min(MAX_BATCH, Math.ceil(unsent() / (slots.length * IN_FLIGHT * 2))));

  function take(n: number): Int32Array {
    const batch = new Int32Array(Math.min(n, unsent()) * ITEM_STRIDE);
    for (let at = 0; at < batch.length; at += ITEM_STRIDE) {
      const seq = againAt < again.length ? again[againAt++]! : next++;
      batch[at] = seq;
      batch[at + 1] = corpus.chunk[seq]!;
      batch[at + 2] = corpus.start[seq]!;
      batch[at + 3] = corpus.end[seq]!;
    }
    return batch;
  }

  /** The corpus bytes a batch reads that its worker does not have yet, sent before it. */
  function sendChunks(slot: Slot, batch: Int32Array): void {
    const chunks: { index: number; bytes: Uint8Array }[] = [];
    for (let at = 1; at < batch.length; at += ITEM_STRIDE) {
      const index = batch[at]!;
      if (slot.hasChunk[index]) continue;
      slot.hasChunk[index] = 1;
      chunks.push({ index, bytes: corpus.chunks[index]! });
    }
    if (chunks.length > 0) post(slot, { type: 'chunks', chunks });
  }

  function pump(slot: Slot): void {
    while (!slot.dead && slot.inflight.length < IN_FLIGHT && unsent() > 0) {
      const batch = take(batchSize());
      slot.inflight.push(batch);
      sendChunks(slot, batch);
      post(slot, { type: 'batch', items: batch });
    }
  }

  function result(r: PoolResult): void {
    remaining -= 1;
    deliver?.(r);
    if (remaining === 0) done();
  }

  function answered(slot: Slot, packed: PackedRows): void {
    let unpacked: ReturnType<typeof unpackRows<OtherResult>>;
    try {
      unpacked = unpackRows<OtherResult>(packed);
      // Every item of the batch answered once, or the count of what is left would be wrong.
      if (unpacked.rows.length + unpacked.others.length !== slot.inflight[0]!.length / ITEM_STRIDE) throw new Error('not one result per trace of its batch');
    } catch (e) {
      stop(slot, 'crashed', `the replay's sandbox answered with rows that do not fit its batch (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    slot.inflight.shift();
    for (const r of unpacked.rows) result({ kind: 'row', ...r });
    for (const r of unpacked.others) result(r);
    pump(slot);
  }

  /** The worker's current trace gets `reason`; its other traces go back to the front of the queue. */
  function stop(slot: Slot, reason: Stopped['reason'], message: string): void {
    slot.dead = true;
    void slot.worker.terminate();
    const running = Atomics.load(slot.progress, RUNNING);
    const seqs = slot.inflight.flatMap(seqsOf);
    // Out of memory between traces: blame the first unanswered one, so a worker that keeps dying still makes progress.
    const blamed = seqs.includes(running) ? running : seqs[0];
    again = [...seqs.filter((s) => s !== blamed), ...again.slice(againAt)];
    againAt = 0;
    const at = slots.indexOf(slot);
    if (closed || at < 0) return;
    slots[at] = spawn();
    if (blamed !== undefined) result({ seq: blamed, kind: 'stopped', reason, message });
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
      corpus = items;
      for (const slot of slots) slot.hasChunk = new Uint8Array(corpus.chunks.length);
      again = [];
      againAt = 0;
      next = 0;
      remaining = items.count;
      deliver = onResult;
      return new Promise<void>((resolve) => {
        finish = resolve;
        if (remaining === 0) done();
        else for (const slot of slots) pump(slot);
      });
    },
    close() {
      // Once: each terminate() of a worker adds an exit listener, and a corpus the flow cannot load
      // closes the pool for each of its traces a batch answers (Node warned past 10 listeners).
      if (closed) return;
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
