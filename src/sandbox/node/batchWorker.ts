// A sandbox worker thread that serves many traces (`timescope replay-all`): the batch server
// (sandbox/batch/server.ts, shared with the app's batch workers) over the worker's port. The corpus
// arrives as shared bytes; before each trace the worker writes its number into shared memory,
// where the pool's watchdog reads it to stop a trace that runs past its time, the one thing a
// worker cannot do for itself.
import { Buffer } from 'node:buffer';
import type { MessagePort } from 'node:worker_threads';
import { RUNNING, type PoolToWorker, type WorkerToPool } from '../batch/protocol';
import { batchServer } from '../batch/server';

export function serveBatches(port: MessagePort, progress: Int32Array, saveCodeCache: (() => void) | undefined): void {
  // The host globals its Compartments share are hardened where they are made (realm.ts endowments).
  // Buffers over the pool's shared corpus bytes, made once per chunk: decoded as the main thread's
  // Buffer decodes a whole file (toString('utf8'): a BOM kept, broken sequences as U+FFFD).
  const buffers = new WeakMap<Uint8Array, Buffer>();
  const bufferOf = (bytes: Uint8Array) => {
    let b = buffers.get(bytes);
    if (!b) buffers.set(bytes, (b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    return b;
  };
  const serve = batchServer({
    post: (m: WorkerToPool, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer),
    running: (seq) => Atomics.store(progress, RUNNING, seq),
    decode: (bytes, start, end) => bufferOf(bytes).toString('utf8', start, end),
    ...(saveCodeCache ? { afterFirstBatch: saveCodeCache } : {})
  });
  port.on('message', (m: PoolToWorker) => serve(m));
  port.postMessage({ type: 'ready' } satisfies WorkerToPool);
}
