// The replay worker: one replay, then its host terminates it. It locks its
// realm (ses lockdown, src/sandbox/realm.ts) before it accepts any request,
// warms the engine up, says 'ready', and serves exactly one request. Each
// module of the flow runs in a fresh Compartment that cannot reach this
// worker's globals; the second lock (lockDown) and the sandbox frame's CSP
// stand behind that. Started as a batch worker (Replay all), it serves a
// corpus instead, as the CLI's batch workers do (sandbox/batch/server.ts):
// its scheduler (worker/batchRun.ts) sends the flow, the corpus bytes and
// batches of byte ranges, and gets each batch's rows, made here.
import { lockRealm, replayInSandbox, runInSandbox } from '../sandbox/realm';
import { answerBuffers, answerHead, splitAnswer } from '../core/replay/pipelineText';
import type { RunResult } from '../core/source/runFlow';
import { lockDown } from './lockdown';
import { BATCH_WORKER_NAME, type ReplayRequest, type ReplayRun, type WorkerDelivery, type WorkerMessage } from './replay.protocol';
import { batchServer } from '../sandbox/batch/server';
import type { PoolToWorker, WorkerToPool } from '../sandbox/batch/protocol';
import { warmUp } from './warmUp';
import { applyOverrides } from '../core/whatif/apply';
import { readRawTrace } from '../core/trace/rawBytes';

// The app's lib is DOM, not WebWorker: the few worker members used here, typed by hand.
const scope = self as unknown as Pick<Worker, 'postMessage' | 'addEventListener'> & object;
const postRaw = scope.postMessage.bind(scope) as (message: unknown, transfer?: Transferable[]) => void;
const post: (message: WorkerMessage, transfer?: Transferable[]) => void = postRaw;
const postToPool: (message: WorkerToPool, transfer?: Transferable[]) => void = postRaw;

// Nothing the flow leaves behind (a rejected promise nobody awaits, an error
// thrown later) may surface as an uncaught error in the page: the replay's
// own report already says what the flow threw.
scope.addEventListener('unhandledrejection', (event: Event) => event.preventDefault());
scope.addEventListener('error', (event: Event) => event.preventDefault());

lockRealm();
lockDown(scope);

function runOne(trace: unknown, run: ReplayRun): Promise<RunResult> {
  return runInSandbox({
    files: run.files,
    exportName: run.exportName,
    // A what-if changes the trace for this run alone: the baseline, if any, reads the recording.
    trace: run.overrides?.length ? applyOverrides(trace, run.overrides).trace : trace,
    ...(run.context ? { context: run.context.value } : {}),
    ...(run.logpoints?.length ? { logpoints: run.logpoints } : {}),
    ...(run.ambient ? { ambient: run.ambient } : {})
  });
}

async function serve(request: ReplayRequest): Promise<void> {
  const started = performance.now();
  try {
    // Parsed here, in the worker: a big trace crossed as bytes (transferred), not as a million cloned objects.
    const trace = request.traceJson ? readRawTrace(request.traceJson) : request.trace;
    // Baseline and run share this worker: each gets a fresh Compartment, and the realm they share is frozen.
    const baselineResult = request.baseline ? await runOne(trace, request.baseline) : undefined;
    const result = await runOne(trace, request.run);
    const ms = performance.now() - started;
    // The verdict first: the steps' record and values follow once packed (EarlyAnswer).
    const head = answerHead(result);
    const baselineHead = baselineResult ? answerHead(baselineResult) : undefined;
    post({ type: 'early', id: request.id, early: { json: head, ms, ...(baselineHead ? { baseline: baselineHead } : {}) } });
    const answer = splitAnswer(result, head);
    const baseline = baselineResult ? splitAnswer(baselineResult, baselineHead) : undefined;
    post({ type: 'done', id: request.id, answer, ms, ...(baseline ? { baseline } : {}) }, [...answerBuffers(answer), ...(baseline ? answerBuffers(baseline) : [])]);
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : 'the replay failed' });
  }
}

/** A request: posted to this worker (dev), or on a port the sandbox frame hands over (WorkerDelivery). */
function accept(event: MessageEvent<ReplayRequest | WorkerDelivery>) {
  const message = event.data;
  if (message?.type === 'replay') void serve(message);
  else if (message?.type === 'port' && event.ports[0]) {
    const port = event.ports[0];
    port.onmessage = (e: MessageEvent<ReplayRequest>) => {
      port.onmessage = null;
      if (e.data?.type === 'replay') void serve(e.data);
    };
  }
}

const warm = warmUp(replayInSandbox);

if ((self as { name?: string }).name === BATCH_WORKER_NAME) {
  // Listening from the start: the scheduler posts the flow and the first batches at once, and the
  // server holds them until the warm-up is over.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const serveBatch = batchServer({
    post: (m, transfer) => postToPool(m, transfer ?? []),
    running: (seq) => postToPool({ type: 'at', seq }),
    decode: (bytes, start, end) => decoder.decode(bytes.subarray(start, end)),
    ready: warm.catch(() => undefined)
  });
  scope.addEventListener('message', ((event: MessageEvent<PoolToWorker>) => serveBatch(event.data)) as (event: Event) => void);
} else {
  void warm.finally(() => {
    scope.addEventListener('message', accept as (event: Event) => void, { once: true });
    post({ type: 'ready' });
  });
}
