// Typed calls into the replay sandbox, with the time limit the person chose.
// Every replay runs in a fresh worker (a fresh realm); a newer replay cancels
// the one still running. What comes back is JSON text, parsed here into plain
// data; every way a replay can fail to answer becomes an Error with a message
// the verdict banner shows as it is.
import { createHost } from 'virtual:replay-host';
import type { RunResult } from '../core/source/runFlow';
import type { ReplayRequest } from './replay.protocol';
import type { ReplayHost } from './replayHost';
import { ReplayOutOfMemory, ReplayTimeout } from './replayErrors';

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

function parseResult(json: string): RunResult {
  const value: unknown = JSON.parse(json);
  if (typeof (value as { kind?: unknown } | null)?.kind !== 'string') throw new Error('The replay sandbox answered with something that is not a replay result.');
  return value as RunResult;
}

export async function replayInWorker(request: Omit<ReplayRequest, 'type' | 'id'>, timeoutMs: number): Promise<ReplayDone> {
  current?.abort();
  const controller = (current = new AbortController());
  const answer = await theHost().run({ ...request, type: 'replay', id: nextId++ }, timeoutMs, controller.signal);
  if (current === controller) current = undefined;
  if (controller.signal.aborted) throw new DOMException('A newer request replaced this one.', 'AbortError');
  switch (answer.kind) {
    case 'done':
      return { result: parseResult(answer.json), ms: answer.ms, ...(answer.baselineJson !== undefined ? { baseline: parseResult(answer.baselineJson) } : {}) };
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
