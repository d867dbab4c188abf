// Typed calls into the parse worker. One load at a time: starting a new one
// cancels the old by terminating its worker, so a stale result never lands.
import type { ParseResult } from '../core/trace/parse';
import type { ParsePhase, ParseRequest, ParseResponse } from './protocol';

export interface ParseProgress {
  readonly phase: ParsePhase;
  readonly loaded: number;
  readonly total: number;
}

let worker: Worker | undefined;
let nextId = 1;
let cancelCurrent: (() => void) | undefined;

function getWorker(): Worker {
  worker ??= new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'timescope-parse' });
  return worker;
}

export function parseInWorker(blob: Blob, fileName: string, onProgress?: (p: ParseProgress) => void): Promise<ParseResult> {
  cancelCurrent?.();
  const id = nextId++;
  const w = getWorker();
  return new Promise<ParseResult>((resolve, reject) => {
    const cleanup = () => {
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      if (cancelCurrent === cancel) cancelCurrent = undefined;
    };
    const onMessage = (event: MessageEvent<ParseResponse>) => {
      const message = event.data;
      if (message.id !== id) return;
      if (message.type === 'progress') onProgress?.(message);
      else {
        cleanup();
        if (message.type === 'done') resolve(message.result);
        else reject(new Error(`The trace reader stopped unexpectedly: ${message.message}`));
      }
    };
    const onError = (event: ErrorEvent) => {
      cleanup();
      worker?.terminate();
      worker = undefined;
      reject(new Error(`The trace reader could not start: ${event.message || 'worker error'}`));
    };
    const cancel = () => {
      cleanup();
      w.terminate();
      if (worker === w) worker = undefined;
      reject(new DOMException('A newer load replaced this one.', 'AbortError'));
    };
    cancelCurrent = cancel;
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    const request: ParseRequest = { type: 'parse', id, blob, fileName };
    w.postMessage(request);
  });
}
