// Typed calls into the replay worker, with the time limit the person chose.
// Runaway flow code (while (true) {}) cannot be interrupted from inside, so
// on timeout the worker is terminated and a fresh one is made next time.
import type { ReplayRequest, ReplayResponse } from './replay.protocol';
import { singleFlight } from './singleFlight';

export class ReplayTimeout extends Error {
  override readonly name = 'ReplayTimeout';
  constructor(readonly ms: number) {
    super(`The replay did not finish within ${ms / 1000} s, so it was stopped. The flow's code may loop forever; check loops and recursion in pure steps, or raise the time limit.`);
  }
}

export type ReplayDone = Extract<ReplayResponse, { type: 'done' }>;

const channel = singleFlight<ReplayRequest, ReplayResponse>(
  () => new Worker(new URL('./replay.worker.ts', import.meta.url), { type: 'module', name: 'timescope-replay' }),
  'The replay worker'
);

/** Load the replay worker ahead of the first Replay (it brings the runtime and sucrase with it). */
export function warmReplayWorker(): void {
  channel.warm();
}

export async function replayInWorker(request: Omit<ReplayRequest, 'type' | 'id'>, timeoutMs: number): Promise<ReplayDone> {
  const answer = await channel.call((id) => ({ ...request, type: 'replay', id }), {
    isAnswer: (m, id): m is ReplayResponse => (m as ReplayResponse | undefined)?.id === id,
    timeoutMs,
    onTimeout: () => new ReplayTimeout(timeoutMs)
  });
  if (answer.type === 'crashed') throw new Error(`The replay worker stopped unexpectedly: ${answer.message}`);
  return answer;
}
