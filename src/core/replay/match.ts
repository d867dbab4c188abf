// Answering one step from a trace (by path or by position) or from a Resolver
// (spec §4.8, §5, §6.4–6.6). A matcher throws TimeParadox, ReplayError or the
// cut signal; the replay hook turns its answer into the step's outcome.

import { copyValue } from '../effect/copy';
import { describe } from '../effect/describe';
import { HarnessCarrier, ReplayCut } from '../effect/internal';
import { reviveError } from '../values/revive';
import { atEntry, missingWhy, ReplayError, TimeParadox, unrecordedWhy } from './errors';
import { rememberStored } from './stored';
import { TraceShape, type ShapeDivergence } from './shape';
import { entryThrew, isPathMode, type Entry, type ReplayStepInfo, type Resolver } from './source';

export type StepStatus = 'answered' | 'paradox' | 'missing' | 'cut' | 'decision';

/** Internal: told how each step was resolved (Timescope's report uses it). */
export interface ReplayObserver {
  step(step: ReplayStepInfo, status: StepStatus, entryIndex?: number): void;
}

/** `entryIndex`: the trace entry the answer was copied from, when it came from one. */
export type Answer = ({ readonly result: unknown } | { readonly error: unknown }) & { readonly entryIndex?: number };

/**
 * The value a recorded entry answers with, made afresh: a copy of its result, or its error
 * revived. Made the same way every time from an entry the flow never sees (it gets a copy), so a
 * later call gives what the step's answer held when it was given.
 */
export function recordedAnswer(entry: Entry, threw: boolean): { ok: true; value: unknown } | { ok: false } {
  const c = copyValue(threw ? entry.error : entry.result);
  if (!c.ok) return { ok: false };
  return { ok: true, value: threw ? rememberStored(reviveError(c.value), c.value) : c.value };
}
/** The step has no record and onMissing is 'execute': run it for real. */
export const RUN_IT = Symbol('run it');

export interface DecisionAnswer {
  readonly hasDecision: boolean;
  readonly decision?: unknown;
  readonly entryIndex?: number;
}

export interface Matcher {
  command(step: ReplayStepInfo): Answer | typeof RUN_IT;
  parallel(step: ReplayStepInfo): DecisionAnswer;
}

const fields = (step: ReplayStepInfo) => ({ command: step.name, index: step.index, path: step.path });

export function nameParadox(step: ReplayStepInfo, recorded: string): TimeParadox {
  return new TimeParadox(`Time paradox at path '${step.path}': flow asked for '${step.name}', trace recorded '${recorded}'`, {
    index: step.index,
    path: step.path,
    expected: recorded,
    actual: step.name
  });
}

function shapeParadox(step: ReplayStepInfo, d: ShapeDivergence): TimeParadox {
  const flowSide = d.flowKind === 'Command' ? `flow asked for '${step.name}'` : `flow has a ${d.flowKind} there`;
  const inside = d.inside ? `, with '${d.inside.command}' at path '${d.inside.path}'` : '';
  const traceSide = d.traceKind === 'Command' ? `trace recorded '${d.traceCommand ?? ''}'` : `trace recorded a ${d.traceKind} there${inside}`;
  return new TimeParadox(`Time paradox at path '${d.at}': ${flowSide}, ${traceSide}`, {
    index: step.index,
    path: d.at,
    expected: d.traceKind === 'Command' ? d.traceCommand : d.traceKind,
    actual: d.flowKind === 'Command' ? step.name : d.flowKind
  });
}

export class TraceMatcher implements Matcher {
  readonly reached: boolean[];
  private readonly byPath = new Map<string, number>();
  private readonly pathMode: boolean;
  /** built on the first step with no entry: a replay that matches throughout never needs it */
  private shapeOf: TraceShape | undefined;

  constructor(
    private readonly entries: readonly Entry[],
    private readonly dropped: number,
    private readonly execute: boolean,
    private readonly observer?: ReplayObserver
  ) {
    this.reached = entries.map(() => false);
    this.pathMode = isPathMode(entries);
    if (!this.pathMode) return;
    entries.forEach((e, i) => {
      if (this.byPath.has(e.path as string)) throw new ReplayError('Trace has duplicate step paths.');
      this.byPath.set(e.path as string, i);
    });
  }

  command(step: ReplayStepInfo): Answer | typeof RUN_IT {
    if (!this.pathMode) return this.byPosition(step);
    const idx = this.byPath.get(step.path);
    if (idx !== undefined) return this.fromEntry(step, idx);
    this.checkShape(step);
    return this.missing(step, `Trace has no step at path '${step.path}' for '${step.name}'`);
  }

  parallel(step: ReplayStepInfo): DecisionAnswer {
    // Positional mode never looks a Parallel up: it replays by timing (§5).
    if (!this.pathMode) return this.decided(step, { hasDecision: false });
    const idx = this.byPath.get(step.path);
    if (idx === undefined) {
      this.checkShape(step);
      return this.decided(step, { hasDecision: false });
    }
    const entry = this.entries[idx] as Entry;
    if (entry.command !== step.name) this.paradox(step, nameParadox(step, entry.command as string), idx);
    this.reached[idx] = true;
    const c = copyValue(entry.result);
    if (!c.ok) throw this.unencodable(step, idx);
    return this.decided(step, { hasDecision: true, decision: c.value, entryIndex: idx });
  }

  unreached(): number[] {
    return this.reached.flatMap((r, i) => (r ? [] : [i]));
  }

  private decided(step: ReplayStepInfo, d: DecisionAnswer): DecisionAnswer {
    this.observer?.step(step, 'decision', d.entryIndex);
    return d;
  }

  private paradox(step: ReplayStepInfo, p: TimeParadox, entryIndex: number | undefined): never {
    this.observer?.step(step, 'paradox', entryIndex);
    throw atEntry(p, entryIndex);
  }

  /** No entry at the step's path: a reshaped path is a paradox, a cancelled branch is cut. */
  private checkShape(step: ReplayStepInfo): void {
    if (!this.pathMode) return;
    this.shapeOf ??= new TraceShape(this.entries);
    const d = this.shapeOf.diverges(step.path);
    if (d) this.paradox(step, shapeParadox(step, d), this.byPath.get(d.at));
    if (this.shapeOf.isCut(step.path)) {
      this.observer?.step(step, 'cut');
      throw new ReplayCut();
    }
  }

  private byPosition(step: ReplayStepInfo): Answer | typeof RUN_IT {
    if (/p\d+\//.test(step.path)) {
      this.observer?.step(step, 'missing');
      throw new ReplayError(`Trace carries no paths, so '${step.name}' inside a Parallel cannot be matched positionally.`, {
        command: step.name,
        path: step.path
      });
    }
    if (step.index >= this.entries.length) return this.missing(step, `Trace exhausted: no entry #${step.index} for '${step.name}'`);
    return this.fromEntry(step, step.index);
  }

  private fromEntry(step: ReplayStepInfo, idx: number): Answer {
    const entry = this.entries[idx] as Entry;
    if (entry.command !== step.name) this.paradox(step, nameParadox(step, entry.command as string), idx);
    this.reached[idx] = true;
    if (entry.unrecorded !== undefined) {
      const { reason, fix } = unrecordedWhy(entry.unrecorded);
      this.observer?.step(step, 'missing', idx);
      throw atEntry(
        new ReplayError(
          `The trace holds no outcome for '${step.name}' at path '${step.path}': ${reason}, so the recorder left it out. ` +
            `Production ran the step, so onMissing: 'execute' does not run it either. To replay past it, ${fix}, and record the flow again.`,
          fields(step)
        ),
        idx
      );
    }
    const threw = entryThrew(entry);
    // A fresh copy for every ask, so a next that mutates its value leaves the trace alone.
    const c = recordedAnswer(entry, threw);
    if (!c.ok) throw this.unencodable(step, idx);
    this.observer?.step(step, 'answered', idx);
    return threw ? { error: c.value, entryIndex: idx } : { result: c.value, entryIndex: idx };
  }

  private unencodable(step: ReplayStepInfo, idx: number): ReplayError {
    this.observer?.step(step, 'missing', idx);
    return atEntry(
      new ReplayError(
        `Trace entry for '${step.name}' at path '${step.path}' holds a value JSON cannot encode, such as a BigInt. ` +
          'A recorded trace never does, so write the entry as JSON would store it.',
        fields(step)
      ),
      idx
    );
  }

  private missing(step: ReplayStepInfo, head: string): typeof RUN_IT {
    this.observer?.step(step, 'missing');
    if (this.execute) return RUN_IT;
    throw new ReplayError(`${head}; refusing to run the real Command. ${missingWhy(this.dropped)}`, fields(step));
  }
}

/** A Resolver's answers (§6.4). Its own throws are carried out to reject replayEffect unchanged. */
export class ResolverMatcher implements Matcher {
  constructor(
    private readonly resolver: Resolver,
    private readonly execute: boolean,
    private readonly observer?: ReplayObserver
  ) {}

  private ask(step: ReplayStepInfo): unknown {
    try {
      return this.resolver({ ...step });
    } catch (e) {
      throw new HarnessCarrier(e);
    }
  }

  command(step: ReplayStepInfo): Answer | typeof RUN_IT {
    const a = this.ask(step);
    if (a === undefined) {
      this.observer?.step(step, 'missing');
      if (this.execute) return RUN_IT;
      throw new ReplayError(`No recorded outcome for '${step.name}' at step ${step.index}; refusing to run the real Command. ${missingWhy(0)}`, fields(step));
    }
    if (!isAnswer(a)) throw notAnAnswer(a, step);
    this.observer?.step(step, 'answered');
    return 'error' in a ? { error: a.error } : { result: a.result };
  }

  parallel(step: ReplayStepInfo): DecisionAnswer {
    const a = this.ask(step);
    // The same check as for a Command step (§12 case 4): undefined, or an object with result or error.
    if (a !== undefined && !isAnswer(a)) throw notAnAnswer(a, step);
    this.observer?.step(step, 'decision');
    // {result: decision} passes the decision on; {error} or undefined replays the Parallel by timing.
    return isAnswer(a) && !('error' in a) ? { hasDecision: true, decision: a.result } : { hasDecision: false };
  }
}

function isAnswer(a: unknown): a is { readonly result?: unknown; readonly error?: unknown } {
  return typeof a === 'object' && a !== null && ('error' in a || 'result' in a);
}

function notAnAnswer(a: unknown, step: ReplayStepInfo): HarnessCarrier {
  return new HarnessCarrier(
    new TypeError(
      `A Resolver answers with { result }, { error }, or undefined for a step it has no record of, and it answered ${describe(a)} for '${step.name}' at path '${step.path}'.`
    )
  );
}
