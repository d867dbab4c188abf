// The scheduler behind every corpus replay, the CLI's `timescope replay-all` (sandbox/node/pool.ts,
// worker_threads) and the app's Replay all (worker/batchRun.ts, Web Workers in the sandbox
// frame): N sandbox workers, each serving traces in batches with a few batches in flight, so no
// worker waits on its host. A batch is each item's seq and byte range in the corpus (protocol.ts),
// and its answer the batch's rows packed (core/batch/packedRows.ts). Time is limited per trace: a
// worker says which trace it is on (shared memory in Node, a message in a browser), and a
// watchdog here stops a worker whose trace runs past the limit. That trace (or the one that ran
// out of memory, or crashed the worker) gets a result saying so; the worker is replaced and its
// other traces are sent again.
import { unpackRows, type PackedRows, type UnpackedRow } from '../../core/batch/packedRows';
import { IDLE, ITEM_STRIDE, type BatchCorpus, type BatchFlow, type OtherResult, type PoolToWorker, type WorkerToPool } from './protocol';

export type StopReason = 'timeout' | 'memory' | 'crashed';
export type Stopped = { readonly seq: number; readonly kind: 'stopped'; readonly reason: StopReason; readonly message: string };
export type Replayed = UnpackedRow & { readonly kind: 'row' };
export type PoolResult = Replayed | OtherResult | Stopped;

/** One sandbox worker as the scheduler drives it; the platform's adapter makes it. */
export interface SlotWorker {
  post(m: PoolToWorker): void;
  terminate(): void;
  /** the seq of the trace the worker is replaying now, or IDLE */
  running(): number;
}

/** What an adapter reports of its worker. */
export interface SlotEvents {
  message(m: WorkerToPool): void;
  /** the worker died: out of memory, crashed, exited */
  stopped(reason: StopReason, message: string): void;
}

export interface SchedulerOptions {
  readonly jobs: number;
  readonly timeoutMs: number;
  readonly flow: BatchFlow;
  spawn(events: SlotEvents): SlotWorker;
  /** what a trace stopped at the time limit is told (the CLI names --timeout, the app its setting) */
  readonly timeoutMessage: string;
  /** Node unrefs the watchdog's timer, so it never holds a process open */
  readonly onWatchdog?: (timer: ReturnType<typeof setInterval>) => void;
}

export interface Scheduler {
  /** Replay every item of the corpus; onResult gets each one's result as it comes (in no particular order). */
  run(corpus: BatchCorpus, onResult: (r: PoolResult) => void): Promise<void>;
  /** End every worker; a run in progress resolves with what it has. */
  close(): void;
  /** the traces the workers are replaying now (for a host that may die with them: worker/batchRun.ts) */
  running(): number[];
}

/** Batches in flight per worker: one being replayed, one waiting, so a worker never idles on a message. */
const IN_FLIGHT = 2;
/** A batch of short traces is a few dozen milliseconds of replay: few messages, and prompt results. */
const MAX_BATCH = 256;

interface Slot {
  worker: SlotWorker;
  /** batches sent and not answered, oldest first (the worker answers in order), as sent: ITEM_STRIDE numbers per item */
  inflight: Int32Array[];
  /** which chunks of the corpus this worker has been sent (1) */
  hasChunk: Uint8Array;
  /** what the watchdog last saw running, and since when */
  seen: number;
  since: number;
  dead: boolean;
}

/** A slot's worker until its adapter has made it (the adapter reports nothing before it returns). */
const NOT_STARTED: SlotWorker = { post: () => undefined, terminate: () => undefined, running: () => IDLE };

/** Each of the batch's traces answered once, and nothing else: a worker's answer to another batch is refused. */
function answersBatch(batch: Int32Array, rows: readonly { seq: number }[], others: readonly { seq: number }[]): boolean {
  const seqs = new Set(seqsOf(batch));
  if (rows.length + others.length !== seqs.size) return false;
  for (const r of rows) if (!seqs.delete(r.seq)) return false;
  for (const r of others) if (!seqs.delete(r.seq)) return false;
  return true;
}

const seqsOf = (batch: Int32Array) => Array.from({ length: batch.length / ITEM_STRIDE }, (_, i) => batch[i * ITEM_STRIDE]!);

/** Start the workers now (they lock their realms while the caller reads the corpus). */
export function startScheduler(options: SchedulerOptions): Scheduler {
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
    const slot: Slot = { worker: NOT_STARTED, inflight: [], hasChunk: new Uint8Array(corpus.chunks.length), seen: IDLE, since: 0, dead: false };
    slot.worker = options.spawn({
      message(m) {
        if (slot.dead) return;
        if (m.type === 'rows') answered(slot, m);
        else if (m.type === 'failed') stop(slot, 'crashed', `the replay's sandbox failed: ${m.message}`);
      },
      stopped(reason, message) {
        if (!slot.dead && !closed) stop(slot, reason, message);
      }
    });
    slot.worker.post({ type: 'flow', flow: options.flow });
    return slot;
  };

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
    if (chunks.length > 0) slot.worker.post({ type: 'chunks', chunks });
  }

  /** The batch's traces that hold a `throw undefined` JSON cannot write, if any. */
  function undefinedErrorsOf(batch: Int32Array): Record<number, readonly number[]> | undefined {
    const known = corpus.undefinedErrors;
    if (!known?.size) return undefined;
    let out: Record<number, readonly number[]> | undefined;
    for (let at = 0; at < batch.length; at += ITEM_STRIDE) {
      const list = known.get(batch[at]!);
      if (list?.length) (out ??= {})[batch[at]!] = list;
    }
    return out;
  }

  function pump(slot: Slot): void {
    while (!slot.dead && slot.inflight.length < IN_FLIGHT && unsent() > 0) {
      const batch = take(batchSize());
      slot.inflight.push(batch);
      sendChunks(slot, batch);
      const undefinedErrors = undefinedErrorsOf(batch);
      slot.worker.post({ type: 'batch', items: batch, ...(undefinedErrors ? { undefinedErrors } : {}) });
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
      const sent = slot.inflight[0];
      if (!sent || !answersBatch(sent, unpacked.rows, unpacked.others)) throw new Error('not one result per trace of its batch');
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
  function stop(slot: Slot, reason: StopReason, message: string): void {
    slot.dead = true;
    slot.worker.terminate();
    const running = slot.worker.running();
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

  const tick = Math.max(10, Math.min(250, options.timeoutMs / 10));
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const slot of [...slots]) {
      if (slot.dead || slot.inflight.length === 0) continue;
      const running = slot.worker.running();
      if (running !== slot.seen) {
        slot.seen = running;
        slot.since = now;
      } else if (running !== IDLE && now - slot.since >= options.timeoutMs) {
        stop(slot, 'timeout', options.timeoutMessage);
      }
    }
  }, tick);
  options.onWatchdog?.(watchdog);

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
        if (remaining === 0 || closed) done();
        else for (const slot of slots) pump(slot);
      });
    },
    running: () => slots.flatMap((slot) => (slot.dead || slot.inflight.length === 0 || slot.worker.running() === IDLE ? [] : [slot.worker.running()])),
    close() {
      // Once: a corpus the flow cannot load closes the scheduler for each of its traces a batch answers.
      if (closed) return;
      closed = true;
      clearInterval(watchdog);
      for (const slot of slots) {
        slot.dead = true;
        slot.worker.terminate();
      }
      done();
    }
  };
}
