// Typed calls into the replay worker, with the timeout the person chose.
// Runaway flow code (while (true) {}) cannot be interrupted from inside, so
// on timeout the worker is terminated and a fresh one is made next time.
import type { ReplayRequest, ReplayResponse } from './replay.protocol';

export class ReplayTimeout extends Error {
  override readonly name = 'ReplayTimeout';
  constructor(readonly ms: number) {
    super(`The replay did not finish within ${ms / 1000} s, so it was stopped. The flow's code may loop forever; check loops and recursion in pure steps, or raise the time limit.`);
  }
}

let worker: Worker | undefined;
let nextId = 1;
let cancelCurrent: (() => void) | undefined;

function freshWorker(): Worker {
  worker ??= new Worker(new URL('./replay.worker.ts', import.meta.url), { type: 'module', name: 'timescope-replay' });
  return worker;
}

function kill(w: Worker) {
  w.terminate();
  if (worker === w) worker = undefined;
}

export type ReplayDone = Extract<ReplayResponse, { type: 'done' }>;

export function replayInWorker(request: Omit<ReplayRequest, 'type' | 'id'>, timeoutMs: number): Promise<ReplayDone> {
  cancelCurrent?.();
  const id = nextId++;
  const w = freshWorker();
  return new Promise<ReplayDone>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      kill(w);
      reject(new ReplayTimeout(timeoutMs));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      if (cancelCurrent === cancel) cancelCurrent = undefined;
    };
    const onMessage = (event: MessageEvent<ReplayResponse>) => {
      const message = event.data;
      if (message?.id !== id) return;
      cleanup();
      if (message.type === 'done') resolve(message);
      else reject(new Error(`The replay worker stopped unexpectedly: ${message.message}`));
    };
    const onError = (event: ErrorEvent) => {
      cleanup();
      kill(w);
      reject(new Error(`The replay worker failed: ${event.message || 'unknown error'}`));
    };
    const cancel = () => {
      cleanup();
      kill(w);
      reject(new DOMException('A newer replay replaced this one.', 'AbortError'));
    };
    cancelCurrent = cancel;
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    w.postMessage({ ...request, type: 'replay', id } satisfies ReplayRequest);
  });
}
