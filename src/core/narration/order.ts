// The order in which a replay of the unchanged flow would ASK the recorded
// steps, and the Step number each would get. A trace lists entries as they
// finished (spec §4.4); a replay answers every step at once, so its order is
// fixed by the microtask turns each construct takes (§6.11), which the
// schedule model works out from the shape the paths give. A step that a
// recorded cancellation cuts is asked too and uses up a number (§6.4), so the
// numbers can have gaps, as timeTravel's do.
//
// Position-matched traces have no shape to go by: they keep array order. In a
// path-matched trace, an entry whose path does not follow the recorder's
// grammar, or clashes with the shape the others give, cannot be placed; such
// entries come last, in array order, since a replay never asks for them.

import type { TraceModel } from '../trace/model';
import { traceProgram, type LimitReading, type ProgramOptions, type StepView } from '../schedule/fromTrace';
import { simulate } from '../schedule/simulate';

export interface AskedStep {
  /** the entry it is answered from */
  readonly stepIndex: number;
  /** its Step number in the narration, 1-based */
  readonly ordinal: number;
}

export interface ReplayOrder {
  /** the entries the replay answers, in the order it asks them */
  readonly asked: readonly AskedStep[];
  /** a step refused with a ReplayError (an unrecorded value) ends the replay: no final state is printed */
  readonly blocked: boolean;
  /** what the recording does not say that the order or the numbers rest on, in words */
  readonly caveats: readonly string[];
}

type Readable = Pick<TraceModel, 'matching'> & { readonly steps: Iterable<StepView> & { readonly length: number } };

/** How many other readings of Parallels' limits are tried, each one replay of the model more. */
const READINGS_TRIED = 8;
/** Past this many steps, limits are not read from timings: the reading and its checks would cost more than the narration. */
const READ_LIMITS_UP_TO = 20_000;

export function replayOrder(model: Readable): ReplayOrder {
  const steps = [...model.steps];
  if (model.matching === 'position') {
    return { asked: steps.map((s, i) => ({ stepIndex: s.index, ordinal: i + 1 })), blocked: false, caveats: [] };
  }
  const readLimits = steps.length <= READ_LIMITS_UP_TO;
  const told = tell(steps, { readLimits });
  const caveats: string[] = [];
  if (!readLimits && told.concurrent > 0) {
    caveats.push(
      `The recording does not say whether its ${told.concurrent} Parallels of two branches or more ran their branches all at once; in a trace this long their timings are not read, and each is told as run all at once.`
    );
  }
  // Where a Parallel's timings fit another reading of its limit, tell it that way too: if that changes the narration, say so.
  const readings = told.limits.filter((l) => l.limit !== undefined || l.other !== undefined);
  for (const l of readings.slice(0, READINGS_TRIED)) {
    const other = tell(steps, { choose: new Map([[l.path, l.limit === undefined ? l.other : undefined]]) });
    if (sameAsked(other.asked, told.asked)) continue;
    const timings = `its timings (${round(l.coveredMs)} ms for ${round(l.stepsMs)} ms of steps)`;
    caveats.push(
      l.unreadable
        ? `The recording does not say whether the Parallel at '${l.path}' ran its branches all at once or ${atATime(l.other)}, and Retry waits inside them keep its timings from telling; its branches' steps are told as run all at once.`
        : l.limit === undefined
        ? `The recording does not say whether the Parallel at '${l.path}' ran its branches all at once or ${atATime(l.other)}; ${timings} leave both possible, and its branches' steps are told as run all at once.`
        : `The recording does not say whether the Parallel at '${l.path}' ran its branches ${atATime(l.limit)}; ${timings} say so, and its branches' steps are told in that order.`
    );
  }
  if (readings.length > READINGS_TRIED) {
    caveats.push(`The timings of ${readings.length - READINGS_TRIED} more Parallels leave open whether they ran their branches all at once.`);
  }
  return { asked: told.asked, blocked: told.blocked, caveats: [...caveats, ...told.caveats] };
}

const atATime = (k: number | undefined): string => (k === 1 ? 'one at a time' : `${String(k)} at a time`);

function sameAsked(a: readonly AskedStep[], b: readonly AskedStep[]): boolean {
  return a.length === b.length && a.every((x, i) => x.stepIndex === b[i]?.stepIndex && x.ordinal === b[i]?.ordinal);
}

function tell(steps: readonly StepView[], options: ProgramOptions): ReplayOrder & { readonly limits: readonly LimitReading[]; readonly concurrent: number } {
  const built = traceProgram(steps, options);
  const simulation = simulate(built.program, built.lookup);
  const asked: AskedStep[] = [];
  let blocked = false;
  let lastOrdinal = 0;
  for (const ask of simulation.asks) {
    if (ask.answer.kind === 'fault') blocked = true;
    const stepIndex = built.at.get(ask.step.path);
    if (stepIndex === undefined || (ask.answer.kind !== 'value' && ask.answer.kind !== 'threw')) continue;
    lastOrdinal = ask.step.index + 1;
    asked.push({ stepIndex, ordinal: lastOrdinal });
  }
  for (const i of built.unplaced) asked.push({ stepIndex: i, ordinal: ++lastOrdinal });

  const caveats: string[] = [];
  // Where the recording may lack a step a replay asks and cuts, the Step numbers of what is asked after it may be one higher.
  const answered = simulation.asks.map((a) => a.answer.kind === 'value' || a.answer.kind === 'threw');
  const answeredAfter = (i: number) => answered.indexOf(true, i + 1) >= 0;
  const askedAt = new Map(simulation.asks.map((a, i) => [a.step.path, i]));
  // A step after a branch's last recorded one would be asked 3 turns after it (§6.11), or, after a Retry
  // or a Parallel, later still: only what is asked from then on would be numbered differently.
  const answeredFrom = (epoch: number, turn: number) =>
    simulation.asks.some((a, i) => answered[i] && (a.epoch > epoch || (a.epoch === epoch && a.turn >= turn)));
  const mayShift = (prefix: string): boolean => {
    let last: (typeof simulation.asks)[number] | undefined;
    for (const a of simulation.asks) if (a.step.path.startsWith(prefix)) last = a;
    if (!last) return answered.includes(true);
    const direct = !last.step.path.slice(prefix.length).includes('/');
    return answeredFrom(last.epoch, last.turn + (direct ? 3 : 1));
  };
  for (const r of built.openRetries) {
    const i = askedAt.get(r.after);
    if (i === undefined || !answeredAfter(i)) continue;
    caveats.push(
      `The Retry at '${r.path}' was stopped by a cancellation after an attempt that threw: if it had attempts left, a replay starts one more ` +
        'and cuts its first step, so the Step numbers after it may be one higher.'
    );
  }
  const decisions = new Set(built.openBranches.filter((b) => mayShift(b.prefix)).map((b) => b.decision));
  for (const decision of decisions) {
    caveats.push(
      `The Parallel at '${decision}' was cancelled: a branch it stopped may have had one more step than the recording shows, ` +
        'which a replay asks and cuts, so the Step numbers after it may be one higher.'
    );
  }
  return { asked, blocked, caveats, limits: built.limits, concurrent: built.concurrent };
}

const round = (ms: number): string => String(Math.round(ms * 10) / 10);
