// timeTravel (spec §7): rebuild the flow from the trace's input, replay it
// with the defaults, and narrate it one log call per line.

import { describeArg, isFunction, optionsProblem, type OptionRule } from '../effect/describe';
import { hasReplayFaultMark } from '../effect/marks';
import type { Outcome } from '../effect/nodes';
import {
  anonymousWarning,
  errorLine,
  headerLine,
  inputLine,
  NO_INPUT_WARNING,
  resultLine,
  stateLine,
  stepLine,
  unreachedWarning,
  versionWarning
} from '../narration/lines';
import { ReplayError, unrecordedWhy } from './errors';
import { recordedAnswer, type Answer, type ReplayObserver } from './match';
import { replayCore } from './replayEffect';
import { checkEntries, isDecisionEntry, isTraceObject, whatItIs, type Entry, type ReplayStepInfo, type TraceObject } from './source';

export interface TimeTravelOptions {
  readonly log?: (text: string) => void;
  readonly context?: unknown;
  readonly version?: unknown;
}

const RULES: readonly OptionRule[] = [{ name: 'log', rule: 'a function', ok: isFunction }, { name: 'context' }, { name: 'version' }];

const EXPECTS = "timeTravel expects a trace from recordEffect or a recorder's toTrace, got";

function checkTrace(x: unknown): asserts x is TraceObject {
  if (Array.isArray(x)) {
    throw new ReplayError(
      `${EXPECTS} an array of entries, which holds no initialInput to rebuild the flow from; pass the whole trace, or replay the entries with replayEffect.`
    );
  }
  if (!isTraceObject(x)) throw new ReplayError(`${EXPECTS} ${whatItIs(x)}.`);
  checkEntries(x.trace, 'timeTravel');
  const unrecorded = x.unrecorded as { initialInput?: unknown } | null | undefined;
  if (typeof unrecorded === 'object' && unrecorded !== null && unrecorded.initialInput) {
    const { reason, fix } = unrecordedWhy(unrecorded.initialInput);
    throw new ReplayError(
      `The trace holds no initialInput: ${reason}, so the recorder left it out. The flow is rebuilt from it, so ${fix}, and record the flow again.`,
      { field: 'initialInput' }
    );
  }
}

export interface TravelResult {
  readonly result: Outcome;
  readonly unreached: readonly number[];
}

/**
 * Takes a step's narration line as a function that makes it, to be called once the replay is over:
 * the verdict need not wait for every value's JSON. Only lines of recorded answers come this way;
 * the function makes the line from the entry (which the flow never held), as it read when given.
 */
export type DeferLine = (line: () => string) => void;

/** timeTravel with Timescope's observer, also giving unreached entry indices. */
export async function travel(flowFn: unknown, traceLog: unknown, options?: TimeTravelOptions | null, observer?: ReplayObserver, defer?: DeferLine): Promise<TravelResult> {
  const problem = optionsProblem('timeTravel', options, RULES);
  if (problem) throw new TypeError(problem);
  if (typeof flowFn !== 'function') {
    throw new TypeError(`timeTravel expects the function that builds the flow from its input, got ${describeArg(flowFn)}.`);
  }
  checkTrace(traceLog);
  const o: TimeTravelOptions = options ?? {};
  const log = o.log ?? ((text: string) => globalThis.console.log(text));
  const entries = traceLog.trace;

  if (traceLog.version && o.version && traceLog.version !== o.version) log(versionWarning(String(traceLog.version), String(o.version)));
  if (traceLog.initialInput === undefined) log(NO_INPUT_WARNING);
  const anonymous = entries.filter((e) => e.command === 'anonymous').length;
  if (anonymous > 0) log(anonymousWarning(anonymous));
  log(headerLine(traceLog.flowName as string | undefined, entries.filter((e) => !isDecisionEntry(e)).length));
  log(inputLine(traceLog.initialInput));

  const byPath = new Map<string, Entry>();
  for (const e of entries) if (typeof e.path === 'string' && !byPath.has(e.path)) byPath.set(e.path, e);
  const onResolved = (step: ReplayStepInfo, outcome: Answer | undefined): void => {
    if (!outcome) return; // a step run for real under 'execute' has no recorded line
    const entry = byPath.get(step.path) ?? entries[step.index];
    const threw = 'error' in outcome;
    const answeredFrom = defer && outcome.entryIndex !== undefined ? entries[outcome.entryIndex] : undefined;
    if (answeredFrom) {
      const { index, name } = step;
      const durationMs = entry?.durationMs;
      // The flow holds the answer itself and may change it before the replay ends: the line is made
      // from a fresh answer (recordedAnswer), the same value the step was given.
      defer!(() => {
        const again = recordedAnswer(answeredFrom, threw);
        return stepLine(index + 1, name, threw, durationMs, again.ok ? again.value : threw ? outcome.error : outcome.result);
      });
      return;
    }
    log(stepLine(step.index + 1, step.name, threw, entry?.durationMs, threw ? outcome.error : outcome.result));
  };

  // Built from the trace's own initialInput object, after the opening lines.
  const effect: unknown = (flowFn as (input: unknown) => unknown)(traceLog.initialInput);
  const r = await replayCore(effect, traceLog, { context: o.context, onResolved }, observer);
  const { result } = r;
  const unreached = r.unreached ?? [];
  log(stateLine(result.type));
  log(result.type === 'Success' ? resultLine(result.value) : errorLine(result.error));
  // A replay fault already says where the flow diverged.
  if (unreached.length > 0 && !(result.type === 'Failure' && hasReplayFaultMark(result.error))) {
    log(unreachedWarning(unreached.map((i) => entries[i] as Entry).map((e) => ({ command: e.command as string, path: e.path as string | undefined }))));
  }
  return { result, unreached };
}

export async function timeTravel(flowFn: (input: never) => unknown, traceLog: unknown, options?: TimeTravelOptions | null): Promise<Outcome> {
  return (await travel(flowFn, traceLog, options)).result;
}
