// replayEffect (spec §6): the ordinary interpreter with a replaying onStep.
// A Command's function never runs unless onMissing is 'execute'.

import { isBoolean, isFunction, optionsProblem, type OptionRule } from '../effect/describe';
import { HarnessCarrier, isCarrier, parallelDirective, type DecisionFaults } from '../effect/internal';
import type { OnStep, StepOp } from '../effect/hooks';
import { Failure, type Outcome } from '../effect/nodes';
import { runWith } from '../effect/run';
import { atEntry, decisionParadoxes, isReplayFault, ReplayError, type TimeParadox, unrecordedWhy } from './errors';
import { ResolverMatcher, RUN_IT, TraceMatcher, type Answer, type Matcher, type ReplayObserver } from './match';
import { readSource, type Entry, type ReplayStepInfo, type Resolver, type TraceObject } from './source';

export interface ReplayOptions {
  readonly context?: unknown;
  readonly fastRetry?: boolean;
  readonly hooks?: boolean;
  readonly onMissing?: 'throw' | 'execute';
  readonly onResolved?: (step: ReplayStepInfo, outcome: Answer | undefined) => void;
}

const RULES: readonly OptionRule[] = [
  { name: 'context' },
  { name: 'fastRetry', rule: 'true or false', ok: isBoolean },
  { name: 'hooks', rule: 'true or false', ok: isBoolean },
  { name: 'onMissing', rule: "'throw' or 'execute'", ok: (v) => v === 'throw' || v === 'execute' },
  { name: 'onResolved', rule: 'a function', ok: isFunction }
];

export interface ReplayCoreResult {
  readonly result: Outcome;
  /** undefined for a Resolver */
  readonly unreached?: readonly number[];
  readonly entries: readonly Entry[];
}

/** §6.2: options.context, else the trace's own (a recorded null included), else {}. */
function contextFor(given: unknown, trace: TraceObject | undefined): unknown {
  if (given !== null && given !== undefined) return given;
  const unrecorded = trace?.unrecorded as { context?: unknown } | null | undefined;
  if (typeof unrecorded === 'object' && unrecorded !== null && unrecorded.context) {
    const { reason, fix } = unrecordedWhy(unrecorded.context);
    throw new ReplayError(
      `The trace holds no context: ${reason}, so the recorder left it out. A replay with an empty one could take another branch at an Ask: ` +
        `pass options.context, or ${fix}, and record the flow again.`,
      { field: 'context' }
    );
  }
  if (trace && trace.context !== undefined) return trace.context;
  return {};
}

function decisionFaults(step: ReplayStepInfo, entryIndex: number | undefined, observer: ReplayObserver | undefined): DecisionFaults {
  const plain = decisionParadoxes(step.path);
  const raise = (p: TimeParadox): TimeParadox => {
    observer?.step(step, 'paradox', entryIndex);
    return atEntry(p, entryIndex);
  };
  return {
    pastEnd: (branch, n) => raise(plain.pastEnd(branch, n)),
    count: (recorded, n) => raise(plain.count(recorded, n)),
    didNotFail: (branch) => raise(plain.didNotFail(branch))
  };
}

/** The whole replay, with the internals Timescope's report needs (unreached as indices). */
export async function replayCore(effect: unknown, traceOrResolver: unknown, options?: ReplayOptions | null, observer?: ReplayObserver): Promise<ReplayCoreResult> {
  const problem = optionsProblem('replayEffect', options, RULES);
  if (problem) throw new TypeError(problem);
  const o: ReplayOptions = options ?? {};
  const execute = o.onMissing === 'execute';
  const source = readSource(traceOrResolver);

  let matcher: Matcher;
  let traceMatcher: TraceMatcher | undefined;
  let entries: readonly Entry[] = [];
  let context: unknown;
  if (source.kind === 'resolver') {
    matcher = new ResolverMatcher(source.resolver as Resolver, execute, observer);
    context = o.context ?? {};
  } else {
    entries = source.entries;
    const dropped = Number(source.trace?.dropped);
    traceMatcher = new TraceMatcher(entries, dropped > 0 ? dropped : 0, execute, observer);
    if (dropped > 0 && execute) {
      throw new ReplayError(
        `The trace dropped ${dropped} entries under maxEntries, so a step it lacks may be one production ran, and onMissing: 'execute' would run it again. ` +
          'Replay without it to stop at the first missing step, or record the flow with a higher maxEntries.'
      );
    }
    context = contextFor(o.context, source.trace);
    matcher = traceMatcher;
  }

  const resolved = (step: ReplayStepInfo, outcome: Answer | undefined): void => {
    try {
      o.onResolved?.(step, outcome);
    } catch (e) {
      throw new HarnessCarrier(e);
    }
  };

  let count = 0;
  // The answer reaches the Command one turn after the step is asked, whatever
  // it is: a value, a recorded throw, a cut, a TimeParadox (§6.11). The
  // library's replay hook is async; here a value is handed back as it is and
  // anything thrown as a rejected promise, which the Command awaits alike,
  // without an async call per step.
  const askCommand = (name: string, op: StepOp, path: string): unknown => {
    const step: ReplayStepInfo = { index: count, name, type: 'Command', path };
    count += 1;
    const answer = matcher.command(step);
    if (answer === RUN_IT) {
      resolved(step, undefined);
      return op();
    }
    resolved(step, answer);
    return 'error' in answer ? Promise.reject(answer.error) : answer.result;
  };
  // Async as the library's is: a Parallel's join comes back through it two
  // turns after op settles, and so does a count or past-the-end TimeParadox.
  const askParallel = async (op: StepOp, path: string): Promise<unknown> => {
    // A Parallel asks with the current count and does not advance it.
    const step: ReplayStepInfo = { index: count, name: 'Parallel', type: 'Parallel', path };
    const d = matcher.parallel(step);
    const run = op as (directive: unknown) => Promise<unknown>;
    return run(parallelDirective(d.hasDecision, d.decision, decisionFaults(step, d.entryIndex, observer)));
  };
  const onStep: OnStep = (name, type, op: StepOp, path) => {
    if (type === 'Parallel') return askParallel(op, path);
    try {
      return askCommand(name, op, path);
    } catch (e) {
      return Promise.reject(e);
    }
  };


  let result: Outcome;
  try {
    result = await runWith(effect, context, { onStep, inherit: o.hooks === true }, { fastRetry: o.fastRetry !== false });
  } catch (e) {
    if (isCarrier(e)) throw e.error;
    if (!isReplayFault(e)) throw e;
    result = Failure(e);
  }
  return { result, unreached: traceMatcher?.unreached(), entries };
}

export async function replayEffect(
  effect: unknown,
  traceOrResolver: unknown,
  options?: ReplayOptions | null
): Promise<{ result: Outcome; unreached?: Entry[] }> {
  const r = await replayCore(effect, traceOrResolver, options);
  if (!r.unreached) return { result: r.result };
  return { result: r.result, unreached: r.unreached.map((i) => r.entries[i] as Entry) };
}
