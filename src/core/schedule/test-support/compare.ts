// Replays one program against one trace twice, with the runtime (real
// promises) and with the schedule model (simulate.ts), and puts both in one
// comparable shape: the Command steps asked, in order, with their index and
// how each was answered; the result; the unreached entries. Test-only.

import { isCut } from '../../effect/internal';
import { decisionParadoxes, isReplayFault, TimeParadox } from '../../replay/errors';
import { TraceMatcher } from '../../replay/match';
import { replayCore } from '../../replay/replayEffect';
import type { Entry } from '../../replay/source';
import type { Sequence } from '../program';
import { CANCELLED_ERROR, simulate, type CommandAnswer, type Lookup, type Outcome, type Simulation } from '../simulate';
import { flowOf } from './programs';

export type Category = 'answered' | 'paradox' | 'missing' | 'cut';

export interface Replayed {
  /** `index name@path category`, one per Command step asked */
  readonly asks: readonly string[];
  readonly result: unknown;
  readonly unreached: readonly number[];
}

/** An outcome's error, reduced to what both sides can say the same way. */
export function plainError(e: unknown): unknown {
  if (e === CANCELLED_ERROR) return 'ParallelCancelled: Parallel branch cancelled.';
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  if (typeof e === 'object' && e !== null && (e as { retryExhausted?: unknown }).retryExhausted === true) {
    const x = e as { lastError: unknown; attempts: unknown };
    return { retryExhausted: true, lastError: plainError(x.lastError), attempts: x.attempts };
  }
  return e;
}

function category(error: unknown): Category {
  return error instanceof TimeParadox ? 'paradox' : 'missing';
}

/**
 * Counts microtask turns during a replay, and starts again at 0 when a timer
 * fires, as the model does. A counter keeps the microtask queue busy, so no
 * timer can fire while it runs: each count stops a few turns after the
 * model's count for it ended, and a replay that takes more turns than the
 * model says shows up as steps with no turn.
 */
function turnCounter(epochTurns: readonly number[]): { now(): string | undefined; stop(): void; restore(): void } {
  let epoch = 0;
  let turn = 0;
  let running = false;
  const limit = (): number => (epochTurns[epoch] ?? 0) + 5;
  const tick = (): void => {
    if (!running) return;
    turn += 1;
    if (turn >= limit()) running = false;
    else queueMicrotask(tick);
  };
  const start = (): void => {
    running = true;
    queueMicrotask(tick);
  };
  const realSetTimeout = globalThis.setTimeout;
  // The runtime's Retry waits are the only timers set during a replay: each starts a new count.
  globalThis.setTimeout = ((fn: () => void, ms?: number) =>
    realSetTimeout(() => {
      epoch += 1;
      turn = 0;
      start();
      fn();
    }, ms)) as typeof setTimeout;
  start();
  return {
    now: () => (running ? `e${epoch}t${turn}` : undefined),
    stop: () => (running = false),
    restore: () => (globalThis.setTimeout = realSetTimeout)
  };
}

const turnText = (turn: string | undefined): string => (turn === undefined ? ' (no turn)' : ` ${turn}`);

export async function replayWithRuntime(program: Sequence, trace: { trace: readonly Entry[] }, epochTurns: readonly number[]): Promise<Replayed> {
  const asks: string[] = [];
  const flow = flowOf(program);
  const effect = flow(0);
  let result: unknown;
  let unreached: readonly number[];
  const counter = turnCounter(epochTurns);
  try {
    const r = await replayCore(effect, trace, {}, {
      step(step, status) {
        if (step.type !== 'Command') return;
        if (status === 'decision') return;
        asks.push(`${step.index} ${step.name}@${step.path} ${status}${turnText(counter.now())}`);
      }
    });
    result = r.result.type === 'Success' ? 'Success' : { Failure: plainError((r.result as { error: unknown }).error) };
    unreached = r.unreached ?? [];
  } catch (e) {
    result = { rejected: plainError(e) };
    unreached = [];
  }
  counter.stop();
  counter.restore();
  return { asks, result, unreached };
}

/** The model's lookups go through the replay's own matcher: only the scheduling is the model's. */
function lookupOf(matcher: TraceMatcher): Lookup {
  const faults = (path: string) => decisionParadoxes(path);
  return {
    command(step): CommandAnswer {
      try {
        const a = matcher.command({ ...step, type: 'Command' });
        if (typeof a === 'symbol') throw new Error('onMissing is never execute here');
        return 'error' in a ? { kind: 'threw', error: a.error } : { kind: 'value' };
      } catch (e) {
        if (isCut(e)) return { kind: 'cut' };
        return { kind: 'fault', error: e };
      }
    },
    parallel(step) {
      try {
        const d = matcher.parallel({ ...step, type: 'Parallel' });
        return { kind: 'decision', has: d.hasDecision, decision: d.decision };
      } catch (e) {
        if (isCut(e)) return { kind: 'cut' };
        return { kind: 'fault', error: e };
      }
    },
    pastEnd: (path, branch, n) => faults(path).pastEnd(branch, n),
    count: (path, recorded, n) => faults(path).count(recorded, n),
    didNotFail: (path, branch) => faults(path).didNotFail(branch)
  };
}

export function replayWithModel(program: Sequence, trace: { trace: readonly Entry[] }): Replayed & { readonly simulation: Simulation } {
  const matcher = new TraceMatcher(trace.trace, 0, false);
  const simulation = simulate(program, lookupOf(matcher));
  const asks = simulation.asks.map(({ step, answer, turn, epoch }) => {
    const cat: Category =
      answer.kind === 'value' || answer.kind === 'threw' ? 'answered' : answer.kind === 'cut' ? 'cut' : category(answer.error);
    return `${step.index} ${step.name}@${step.path} ${cat}${turnText(`e${epoch}t${turn}`)}`;
  });
  const o: Outcome = simulation.outcome;
  const result =
    o.kind === 'success'
      ? 'Success'
      : o.kind === 'throw' && !isReplayFault(o.error)
        ? { rejected: `Error: ${String(o.error)}` } // flowOf throws new Error(value) for a bug
        : { Failure: plainError(o.error) };
  // A rejected replay returns no unreached list.
  const rejected = typeof result === 'object' && 'rejected' in result;
  return { asks, result, unreached: rejected ? [] : matcher.unreached(), simulation };
}

