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
import { BATCH_WORKER_NAME, type PrimeRequest, type ReplayRequest, type ReplayRun, type WorkerDelivery, type WorkerMessage } from './replay.protocol';
import { isCodeFile, transpile } from '../core/source/transpile';
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

/**
 * `parsed`: the trace was parsed from its bytes in this worker, so no part of it is shared with
 * another (a structured clone keeps shared objects shared). The narration can then be made after
 * the verdict is sent (deferNarration), from entries no flow holds.
 */
function runOne(trace: unknown, run: ReplayRun, parsed: boolean): Promise<RunResult> {
  const overridden = (run.overrides?.length ?? 0) > 0;
  return runInSandbox({
    files: run.files,
    exportName: run.exportName,
    // A what-if changes the trace for this run alone: the baseline, if any, reads the recording.
    trace: overridden ? applyOverrides(trace, run.overrides!).trace : trace,
    ...(parsed && !overridden ? { deferNarration: true } : {}),
    ...(run.context ? { context: run.context.value } : {}),
    ...(run.logpoints?.length ? { logpoints: run.logpoints } : {}),
    ...(run.ambient ? { ambient: run.ambient } : {})
  });
}

/** The open trace as this spare parsed it before its request came (PrimeRequest); `parsed`: from its bytes. */
let primed: { readonly key: string; readonly trace: unknown; readonly parsed: boolean } | undefined;
/** Set once the one request has come: a prime after that is of no use to this worker. */
let accepted = false;

/** Parse the trace and compile the files now, while no replay waits; the request finds both ready. */
function prime(request: PrimeRequest): void {
  if (accepted || typeof request.key !== 'string') return;
  try {
    // The same trace again (the code changed, not the trace): parsed already.
    if (primed?.key !== request.key) {
      primed = undefined;
      primed = request.traceJson ? { key: request.key, trace: readRawTrace(request.traceJson), parsed: true } : { key: request.key, trace: request.trace, parsed: false };
    }
    // Compiling is transpile's cache filled: the replay compiles the same texts and finds them there.
    for (const file of request.files ?? []) if (typeof file?.name === 'string' && typeof file.text === 'string' && isCodeFile(file.name)) transpile(file.name, file.text);
  } catch {
    // Nothing primed is nothing lost: the replay parses and compiles what it is sent.
  }
}

async function serve(request: ReplayRequest): Promise<void> {
  const started = performance.now();
  try {
    // Parsed here, in the worker (a big trace crossed as bytes, transferred, not as a million cloned
    // objects), or already, when this worker was primed with the same trace.
    const usePrimed = primed !== undefined && request.key === primed.key;
    const trace = usePrimed ? primed!.trace : request.traceJson ? readRawTrace(request.traceJson) : request.trace;
    const parsed = usePrimed ? primed!.parsed : request.traceJson !== undefined;
    primed = undefined;
    // Baseline and run share this worker: each gets a fresh Compartment, and the realm they share is frozen.
    const baselineResult = request.baseline ? await runOne(trace, request.baseline, parsed) : undefined;
    const result = await runOne(trace, request.run, parsed);
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

/**
 * A prime (PrimeRequest), any number of times until the request; then the one request: posted to
 * this worker (dev), or on a port the sandbox frame hands over (WorkerDelivery).
 */
function accept(event: MessageEvent<ReplayRequest | WorkerDelivery | PrimeRequest>) {
  const message = event.data;
  if (message?.type === 'prime') return prime(message);
  if (accepted) return;
  accepted = true;
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
    scope.addEventListener('message', accept as (event: Event) => void);
    post({ type: 'ready' });
  });
}
