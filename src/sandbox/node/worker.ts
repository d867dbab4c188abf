// The CLI's sandbox: a worker_threads worker that runs one replay and exits.
// It locks the realm (realm.ts) as soon as it starts, while the main thread
// is still reading the files, then waits for the one request it will serve.
// Started with workerData {mode: 'batch'} (pool.ts), it serves many traces
// instead (batchWorker.ts): one build and one code cache for both.
import { parentPort, workerData } from 'node:worker_threads';
import { defineBlocked } from '../blocked';
import { lockRealm, replayInSandbox } from '../realm';
import type { SandboxMessage, SandboxRequest } from './protocol';
import { serveBatches } from './batchWorker';

const port = parentPort;
if (!port) throw new Error('the sandbox runs as a worker thread');
const post = (m: SandboxMessage) => port.postMessage(m);
const SAVE_CACHE = Symbol.for('timescope.saveCodeCache');
const saveCodeCache = (globalThis as Record<symbol, unknown>)[SAVE_CACHE] as (() => void) | undefined;
delete (globalThis as Record<symbol, unknown>)[SAVE_CACHE];

// A promise the flow left rejected is not the worker's failure: the replay reports what it refused.
process.on('unhandledRejection', () => undefined);
lockRealm();
// A second lock on the worker's own global, should anything ever reach it. Timers stay: the engine's Retry waits use them.
defineBlocked(globalThis, ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'Request', 'Response', 'navigator', 'process', 'require', 'Buffer', 'global']);
const batch = (workerData as { mode?: unknown; progress?: unknown } | null)?.mode === 'batch' ? (workerData as { progress: SharedArrayBuffer }) : undefined;
if (batch) serveBatches(port, new Int32Array(batch.progress), saveCodeCache);
else serveOne();

function serveOne(): void {
  post({ type: 'ready' });
  port!.once('message', (request: SandboxRequest) => {
    void (async () => {
      try {
        const { traceText, ...rest } = request;
        const json = await replayInSandbox({ ...rest, trace: JSON.parse(traceText) as unknown });
        saveCodeCache?.(); // once, when boot.ts found no cache: before answering, as the answer ends this worker
        post({ type: 'done', json });
      } catch (e) {
        post({ type: 'failed', message: e instanceof Error ? e.message : 'the sandbox failed' });
      }
    })();
  });
}
