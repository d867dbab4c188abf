// Typed calls into the replay sandbox, with the time limit the person chose.
// Every replay runs in a fresh worker (a fresh realm); a newer replay cancels
// the one still running. What comes back is JSON text, parsed here into plain
// data; every way a replay can fail to answer becomes an Error with a message
// the verdict banner shows as it is.
import { createHost } from 'virtual:replay-host';
import type { RunResult } from '../core/source/runFlow';
import type { EarlyAnswer, ReplayRequest, SandboxAnswer, SourceFileData } from './replay.protocol';
import type { BatchEnd, ReplayHost } from './replayHost';
import type { BatchFlow } from '../sandbox/batch/protocol';
import type { PoolResult } from '../sandbox/batch/scheduler';
import type { TraceModel } from '../core/trace/model';
import { deliverCorpus, deliverReplay } from './engineClient';
import { ReplayOutOfMemory, ReplayTimeout } from './replayErrors';
import { joinAnswerInTasks, readHead, type SplitAnswer } from '../core/replay/pipelineText';
import { nextTask } from './nextTask';
import { candidateBatcher, candidateCorpus, type CandidateBatcher } from '../sandbox/batch/candidates';
import { batchSize } from './batchSize';

export { ReplayOutOfMemory, ReplayTimeout };

export interface ReplayDone {
  readonly result: RunResult;
  readonly baseline?: RunResult;
  /** the worker's own time for the replay (and the baseline, when there was one) */
  readonly ms: number;
}

let host: ReplayHost | undefined;
let current: AbortController | undefined;
let nextId = 1;
const theHost = () => (host ??= createHost());

/** Get the sandbox and a spare worker ready ahead of the first Replay (the worker brings ses, the runtime and sucrase). */
export function warmReplayWorker(): void {
  theHost().warm();
}

/** Each open trace's key for the spare's prime (PrimeRequest): one per model this page has held. */
const keys = new WeakMap<TraceModel, string>();
let lastKey = 0;
function keyOf(model: TraceModel): string {
  let key = keys.get(model);
  if (key === undefined) keys.set(model, (key = `trace-${++lastKey}`));
  return key;
}

/**
 * Have the spare replay worker parse `model`'s trace and compile `files` before Replay is pressed
 * (PrimeRequest): the next replay of this trace starts at running the flow.
 */
export function primeReplayWorker(model: TraceModel, files: readonly SourceFileData[]): void {
  const id = nextId++;
  theHost().prime({ id, deliver: (port: MessagePort) => deliverReplay(model, { type: 'prime', key: keyOf(model), files }, port) });
}

/**
 * The worker's answer as data: the report parsed now, a chunk of steps per task (so that reading
 * a 10,000-step answer is no long task), each step's pipeline values when read.
 */
const parseResult = (answer: SplitAnswer): Promise<RunResult> => joinAnswerInTasks(answer, nextTask);

/** The replay's verdict ahead of its answer: its results without their steps and narration (readHead). */
export type EarlyDone = ReplayDone;

function earlyOf(early: EarlyAnswer): EarlyDone | undefined {
  try {
    return { result: readHead(early.json), ms: early.ms, ...(early.baseline ? { baseline: readHead(early.baseline) } : {}) };
  } catch {
    return undefined; // not a result: the answer that follows says what went wrong
  }
}

/**
 * Replay `model`'s trace (which the engine worker hands the replay worker itself) with the person's
 * run. `onEarly` gets the verdict's part of the answer as soon as the flow has finished.
 */
export async function replayInWorker(
  model: TraceModel,
  request: Omit<ReplayRequest, 'type' | 'id' | 'trace'>,
  timeoutMs: number,
  onEarly?: (early: EarlyDone) => void
): Promise<ReplayDone> {
  current?.abort();
  const controller = (current = new AbortController());
  const id = nextId++;
  const early = (answer: EarlyAnswer) => {
    const done = controller.signal.aborted ? undefined : earlyOf(answer);
    if (done) onEarly?.(done);
  };
  const job = { id, deliver: (port: MessagePort) => deliverReplay(model, { ...request, type: 'replay', id, key: keyOf(model) }, port), ...(onEarly ? { early } : {}) };
  const answer = await theHost().run(job, timeoutMs, controller.signal);
  if (current === controller) current = undefined;
  if (controller.signal.aborted) throw new DOMException('A newer request replaced this one.', 'AbortError');
  return doneOf(answer, timeoutMs);
}

/**
 * One replay beside the person's (a hover's value): it neither cancels the replay in flight nor is
 * cancelled by the next one; `signal` is its caller's to stop.
 */
export async function replayAside(model: TraceModel, request: Omit<ReplayRequest, 'type' | 'id' | 'trace'>, timeoutMs: number, signal: AbortSignal): Promise<ReplayDone> {
  const id = nextId++;
  const job = { id, deliver: (port: MessagePort) => deliverReplay(model, { ...request, type: 'replay', id, key: keyOf(model) }, port) };
  const answer = await theHost().run(job, timeoutMs, signal);
  if (signal.aborted) throw new DOMException('Stopped by its caller.', 'AbortError');
  return doneOf(answer, timeoutMs);
}

/**
 * A changed incident (a redacted share, a minimizer's candidate) replayed beside the person's, in a
 * fresh worker: the page posts the trace itself, as it does for a trace it holds whole. Neither
 * cancels nor is cancelled by the person's replay; `signal` is its caller's to stop.
 */
export async function replayTraceAside(trace: unknown, run: ReplayRequest['run'], timeoutMs: number, signal: AbortSignal): Promise<ReplayDone> {
  const id = nextId++;
  const request: ReplayRequest = { type: 'replay', id, trace, run };
  const answer = await theHost().run({ id, deliver: (port: MessagePort) => port.postMessage(request) }, timeoutMs, signal);
  if (signal.aborted) throw new DOMException('Stopped by its caller.', 'AbortError');
  return doneOf(answer, timeoutMs);
}

async function doneOf(answer: SandboxAnswer, timeoutMs: number): Promise<ReplayDone> {
  switch (answer.kind) {
    case 'done': {
      const result = await parseResult(answer.answer);
      return { result, ms: answer.ms, ...(answer.baseline ? { baseline: await parseResult(answer.baseline) } : {}) };
    }
    case 'timeout':
      throw new ReplayTimeout(timeoutMs);
    case 'lost':
      throw new ReplayOutOfMemory();
    case 'no-sandbox':
      throw new Error('The replay sandbox did not start: sandbox.html or its script did not load. Reload the page; if it persists, the server may not serve sandbox.html.');
    case 'failed':
      throw new Error(`The replay worker stopped unexpectedly: ${answer.message}`);
  }
}

/**
 * A corpus replay ("Replay all"): every model's trace (handed over by the engine that holds them)
 * against `flow`, in the sandbox's batch workers, as the CLI replays a corpus. Results come in
 * bundles as they are made; the answer says how the run ended. The caller owns cancelling.
 *
 * A flow that allocates without bound takes the sandbox frame's process down, and the traces in
 * flight with it. Those are blamed (out of memory, as the CLI's worker heap cap says) and the rest
 * replay in a fresh frame, so one such trace costs itself, not the corpus.
 */
export async function replayCorpus(models: readonly TraceModel[], flow: BatchFlow, timeoutMs: number, onResults: (results: readonly PoolResult[]) => void, signal: AbortSignal): Promise<BatchEnd> {
  /** the models still to replay, by their place in `models` */
  let left = models.map((_, i) => i);
  for (;;) {
    const part = left;
    const answered = new Set<number>();
    let running: readonly number[] = [];
    const id = nextId++;
    const end = await theHost().runBatch(
      { id, deliver: (port) => deliverCorpus(part.map((i) => models[i]!), port) },
      flow,
      timeoutMs,
      (results, now) => {
        running = now.map((seq) => part[seq]!).filter((i) => i !== undefined);
        const mapped = results.flatMap((r) => (part[r.seq] === undefined ? [] : [{ ...r, seq: part[r.seq]! }]));
        for (const r of mapped) answered.add(r.seq);
        onResults(mapped);
      },
      signal
    );
    if (end.kind !== 'lost') return end;
    const unanswered = part.filter((i) => !answered.has(i));
    const inFlight = running.filter((i) => !answered.has(i));
    // Died between traces: the first unanswered one is blamed, so a frame that keeps dying still makes progress.
    const blamed = new Set(inFlight.length ? inFlight : unanswered.slice(0, 1));
    onResults([...blamed].map((seq) => ({ seq, kind: 'stopped', reason: 'memory', message: new ReplayOutOfMemory().message })));
    left = unanswered.filter((i) => !blamed.has(i));
    if (left.length === 0) return { kind: 'done' };
  }
}

/**
 * Candidates of one incident (a minimizer's, a redaction check's) replayed in the sandbox's batch
 * workers, one per core, as the CLI replays them (sandbox/batch/candidates.ts): the workers are
 * started once and serve every round until `signal` aborts. Should the sandbox's process die (a
 * candidate that hoards memory), that round's unanswered candidates answer undefined and the next
 * round starts fresh workers.
 */
export function candidateSession(flow: BatchFlow, timeoutMs: number, outer: AbortSignal): CandidateBatcher & { readonly parallel: number; close(): void } {
  // Closed by its caller when done, or stopped with the caller's signal: either ends the workers.
  const controller = new AbortController();
  const signal = controller.signal;
  outer.addEventListener('abort', () => controller.abort(), { once: true });
  interface Session {
    readonly port: Promise<MessagePort>;
    results: Map<number, PoolResult>;
    roundDone?: () => void;
    ended: boolean;
  }
  let session: Session | undefined;
  const open = (): Session => {
    let give: (port: MessagePort) => void = () => undefined;
    const s: Session = { port: new Promise<MessagePort>((resolve) => (give = resolve)), results: new Map(), ended: false };
    void theHost()
      .runBatch({ id: nextId++, deliver: (port) => give(port) }, { ...flow, candidates: true }, timeoutMs, (results) => results.forEach((r) => s.results.set(r.seq, r)), signal, () => s.roundDone?.())
      .then(() => {
        s.ended = true;
        if (session === s) session = undefined;
        s.roundDone?.();
      });
    return s;
  };
  const batcher = candidateBatcher(async (docs) => {
    if (signal.aborted) throw new DOMException('Stopped by its caller.', 'AbortError');
    const s = (session ??= open());
    s.results = new Map();
    const done = new Promise<void>((resolve) => (s.roundDone = resolve));
    const corpus = candidateCorpus(docs);
    (await s.port).postMessage(corpus, [corpus.bytes.buffer]);
    await done;
    s.roundDone = undefined;
    if (signal.aborted) throw new DOMException('Stopped by its caller.', 'AbortError');
    return docs.map((_, i) => s.results.get(i));
  });
  return { ...batcher, parallel: batchSize(), close: () => controller.abort() };
}
