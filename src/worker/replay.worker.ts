// The replay worker: one replay, then its host terminates it. It locks its
// realm (ses lockdown, src/sandbox/realm.ts) before it accepts any request,
// warms the engine up, says 'ready', and serves exactly one request. Each
// module of the flow runs in a fresh Compartment that cannot reach this
// worker's globals; the second lock (lockDown) and the sandbox frame's CSP
// stand behind that.
import { lockRealm, replayInSandbox, runInSandbox } from '../sandbox/realm';
import { answerBuffers, splitAnswer, type SplitAnswer } from '../core/replay/pipelineText';
import { lockDown } from './lockdown';
import { BATCH_WORKER_NAME, type ReplayRequest, type ReplayRun, type WorkerDelivery, type WorkerMessage } from './replay.protocol';
import { warmUp } from './warmUp';
import { applyOverrides } from '../core/whatif/apply';
import { readRawTrace } from '../core/trace/rawBytes';

// The app's lib is DOM, not WebWorker: the few worker members used here, typed by hand.
const scope = self as unknown as Pick<Worker, 'postMessage' | 'addEventListener'> & object;
const post: (message: WorkerMessage, transfer?: Transferable[]) => void = scope.postMessage.bind(scope) as (message: WorkerMessage, transfer?: Transferable[]) => void;

// Nothing the flow leaves behind (a rejected promise nobody awaits, an error
// thrown later) may surface as an uncaught error in the page: the replay's
// own report already says what the flow threw.
scope.addEventListener('unhandledrejection', (event: Event) => event.preventDefault());
scope.addEventListener('error', (event: Event) => event.preventDefault());

lockRealm();
lockDown(scope);

async function runOne(trace: unknown, run: ReplayRun, request: ReplayRequest): Promise<SplitAnswer> {
  return splitAnswer(await runInSandbox({
    files: run.files,
    exportName: run.exportName,
    // A what-if changes the trace for this run alone: the baseline, if any, reads the recording.
    trace: run.overrides?.length ? applyOverrides(trace, run.overrides).trace : trace,
    ...(run.context ? { context: run.context.value } : {}),
    ...(request.steps === false ? { steps: false } : {})
  }));
}

async function serve(request: ReplayRequest): Promise<void> {
  const started = performance.now();
  try {
    // Parsed here, in the worker: a big trace crossed as bytes (transferred), not as a million cloned objects.
    const trace = request.traceJson ? readRawTrace(request.traceJson) : request.trace;
    // Baseline and run share this worker: each gets a fresh Compartment, and the realm they share is frozen.
    const baseline = request.baseline ? await runOne(trace, request.baseline, request) : undefined;
    const answer = await runOne(trace, request.run, request);
    post({ type: 'done', id: request.id, answer, ms: performance.now() - started, ...(baseline ? { baseline } : {}) }, [...answerBuffers(answer), ...(baseline ? answerBuffers(baseline) : [])]);
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : 'the replay failed' });
  }
}

// A batch worker (a corpus replay) serves request after request, each in a fresh Compartment;
// any other serves one, and its host terminates it.
const many = (self as { name?: string }).name === BATCH_WORKER_NAME;

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

void warmUp(replayInSandbox).finally(() => {
  scope.addEventListener('message', accept as (event: Event) => void, { once: !many });
  post({ type: 'ready' });
});
