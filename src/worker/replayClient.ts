// Typed calls into the replay sandbox, with the time limit the person chose.
// Every replay runs in a fresh worker (a fresh realm); a newer replay cancels
// the one still running. What comes back is JSON text, parsed here into plain
// data; every way a replay can fail to answer becomes an Error with a message
// the verdict banner shows as it is.
import { createHost } from 'virtual:replay-host';
import type { RunResult } from '../core/source/runFlow';
import type { ReplayRequest, SandboxAnswer } from './replay.protocol';
import type { ReplayHost } from './replayHost';
import type { TraceModel } from '../core/trace/model';
import { deliverReplay } from './engineClient';
import { ReplayOutOfMemory, ReplayTimeout } from './replayErrors';
import { joinAnswer, type SplitAnswer } from '../core/replay/pipelineText';

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

/** The worker's answer as data: the report parsed now, each step's pipeline values when read. */
const parseResult = (answer: SplitAnswer): RunResult => joinAnswer(answer);

/** Replay `model`'s trace (which the engine worker hands the replay worker itself) with the person's run. */
export async function replayInWorker(model: TraceModel, request: Omit<ReplayRequest, 'type' | 'id' | 'trace'>, timeoutMs: number): Promise<ReplayDone> {
  current?.abort();
  const controller = (current = new AbortController());
  const id = nextId++;
  const job = { id, deliver: (port: MessagePort) => deliverReplay(model, { ...request, type: 'replay', id }, port) };
  const answer = await theHost().run(job, timeoutMs, controller.signal);
  if (current === controller) current = undefined;
  if (controller.signal.aborted) throw new DOMException('A newer request replaced this one.', 'AbortError');
  switch (answer.kind) {
    case 'done':
      return { result: parseResult(answer.answer), ms: answer.ms, ...(answer.baseline ? { baseline: parseResult(answer.baseline) } : {}) };
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

/** One trace of a corpus replay ("Replay all"): in a batch worker, beside the others; the caller owns cancelling. */
export async function replayInBatch(model: TraceModel, request: Omit<ReplayRequest, 'type' | 'id' | 'trace'>, timeoutMs: number, signal: AbortSignal): Promise<SandboxAnswer> {
  const id = nextId++;
  const job = { id, deliver: (port: MessagePort) => deliverReplay(model, { ...request, type: 'replay', id, steps: false }, port) };
  return theHost().run(job, timeoutMs, signal, true);
}

/** The corpus replay is over (done or cancelled): its batch workers end. */
export function endBatch(): void {
  host?.endBatch();
}

/** A batch answer's replay result, or why there is none, in words for the verdict matrix. */
export function batchResult(answer: SandboxAnswer, timeoutMs: number): { ok: true; result: RunResult; baseline?: RunResult } | { ok: false; message: string } {
  try {
    switch (answer.kind) {
      case 'done':
        return { ok: true, result: parseResult(answer.answer), ...(answer.baseline ? { baseline: parseResult(answer.baseline) } : {}) };
      case 'timeout':
        return { ok: false, message: new ReplayTimeout(timeoutMs).message };
      case 'lost':
        return { ok: false, message: new ReplayOutOfMemory().message };
      case 'no-sandbox':
        return { ok: false, message: 'The replay sandbox did not start: sandbox.html or its script did not load.' };
      case 'failed':
        return { ok: false, message: `The replay worker stopped: ${answer.message}` };
    }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
