// One corpus replay ("Replay all") in Web Workers, run by the sandbox frame (and by the page itself
// in `npm run dev`): the batch scheduler the CLI uses (sandbox/batch/scheduler.ts) over batch
// workers (replay.worker.ts started as BATCH_WORKER_NAME), one per core. The corpus arrives once,
// as bytes, on a port of its own (from the engine worker that holds it, never by the UI thread);
// each worker gets a copy of those bytes once and then only byte ranges. Each trace's worker says
// which trace it is on, by message, for the scheduler's time limit. Results go to the page in
// bundles, a few per second, not one message per trace.
import type { BatchFlow, WorkerToPool } from '../sandbox/batch/protocol';
import { IDLE } from '../sandbox/batch/protocol';
import { startScheduler, type PoolResult, type SlotEvents, type SlotWorker } from '../sandbox/batch/scheduler';
import { ReplayTimeout } from './replayErrors';
import { corpusOf } from '../sandbox/batch/corpus';

export { corpusOf };

export type BatchReport =
  /** results since the last report, and the traces being replayed now (should this process die, the page blames them) */
  | { readonly type: 'batch-results'; readonly id: number; readonly results: readonly PoolResult[]; readonly running: readonly number[] }
  | { readonly type: 'batch-done'; readonly id: number }
  /** candidates (BatchFlow.candidates): every result of the round the corpus port last carried has been reported */
  | { readonly type: 'batch-round-done'; readonly id: number }
  | { readonly type: 'batch-failed'; readonly id: number; readonly message: string };

export interface BatchCommand {
  readonly id: number;
  readonly timeoutMs: number;
  readonly flow: BatchFlow;
}

/** Results wait up to this long to go in one message with the ones after them. */
const BUNDLE_MS = 50;

/** A Web Worker as the scheduler drives it: its current trace is the last it said it started. */
function webSlot(spawnWorker: () => Worker): (events: SlotEvents) => SlotWorker {
  return (events) => {
    let running = IDLE;
    let worker: Worker;
    try {
      worker = spawnWorker();
    } catch (error) {
      const message = `the replay worker could not be created: ${error instanceof Error ? error.message : String(error)}`;
      queueMicrotask(() => events.stopped('crashed', message));
      return { post: () => undefined, terminate: () => undefined, running: () => running };
    }
    worker.onmessage = (event: MessageEvent<WorkerToPool>) => {
      const m = event.data;
      if (m?.type === 'at') running = Number(m.seq);
      else if (m?.type === 'rows' || m?.type === 'failed') events.message(m);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      events.stopped('crashed', `the replay worker stopped: ${event.message || 'its script failed'}`);
    };
    return { post: (m) => worker.postMessage(m), terminate: () => worker.terminate(), running: () => running };
  };
}

/** Replay the corpus that arrives on `corpusPort`; `report` gets the results in bundles, then 'batch-done'. */
export function runBatch(spawnWorker: () => Worker, jobs: number, command: BatchCommand, corpusPort: MessagePort, report: (r: BatchReport) => void): { cancel(): void } {
  const { id, timeoutMs, flow } = command;
  let cancelled = false;
  // Started now: the workers lock their realms while the corpus is on its way.
  const scheduler = startScheduler({ jobs, timeoutMs, flow, spawn: webSlot(spawnWorker), timeoutMessage: new ReplayTimeout(timeoutMs).message });
  let bundle: PoolResult[] = [];
  let said = '';
  // Every BUNDLE_MS: the results since, and which traces run now when that changed.
  const flush = () => {
    if (cancelled) return;
    const running = scheduler.running();
    const key = running.join(',');
    if (bundle.length === 0 && key === said) return;
    said = key;
    report({ type: 'batch-results', id, results: bundle, running });
    bundle = [];
  };
  const ticker = setInterval(flush, BUNDLE_MS);
  const end = (last: BatchReport) => {
    corpusPort.close();
    clearInterval(ticker);
    flush();
    scheduler.close();
    if (!cancelled) report(last);
    cancelled = true;
  };
  // Candidates come in rounds on the same workers (sandbox/batch/candidates.ts): each corpus the
  // port carries is a round, answered with its results and then 'batch-round-done', until cancelled.
  const rounds = flow.candidates === true;
  corpusPort.onmessage = (event: MessageEvent<unknown>) => {
    if (!rounds) corpusPort.onmessage = null;
    const corpus = corpusOf(event.data);
    if (typeof corpus === 'string') return end({ type: 'batch-failed', id, message: corpus });
    scheduler
      .run(corpus, (r) => bundle.push(r))
      .then(() => {
        if (!rounds) return end({ type: 'batch-done', id });
        if (cancelled) return;
        flush();
        report({ type: 'batch-round-done', id });
      });
  };
  return {
    cancel() {
      cancelled = true;
      end({ type: 'batch-done', id });
    }
  };
}
