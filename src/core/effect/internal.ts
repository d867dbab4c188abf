// Values that pass between the interpreter's parts and the replay engine but
// never reach flow code: the I/O fault wrapper, the cancellation Failure, the
// replay's cut signal and carrier, and the decision handed to a Parallel.

import { isHarnessError, markHarness } from './marks';
import { Failure, type FailureNode, type SuccessNode } from './nodes';

// Our own values are told apart by brand (a WeakSet), never by instanceof: a
// step's result or a thrown value may be the flow's Proxy, whose
// getPrototypeOf trap would run (and could throw) on every check.
const ioFaults = new WeakSet<object>();
const cuts = new WeakSet<object>();

/** An I/O fault travelling up a sequence: Retry retries it; the run ends it as Failure(error). */
export class IoFault {
  /** keeps the type apart from a Failure, which also has an `error` */
  readonly fault = 'io' as const;
  constructor(readonly error: unknown) {
    ioFaults.add(this);
  }
}

export function isIoFault(r: unknown): r is IoFault {
  return typeof r === 'object' && r !== null && ioFaults.has(r);
}

export type StepResult = SuccessNode | FailureNode | IoFault;

export function isSuccess(r: StepResult | undefined): r is SuccessNode {
  return r !== undefined && !isIoFault(r) && r.type === 'Success';
}

/** What a cancelled branch ends with (§2.5); a fresh Error each time. */
export function cancelled(): FailureNode<Error> {
  const e = new Error('Parallel branch cancelled.');
  e.name = 'ParallelCancelled';
  return Failure(e);
}

/** Thrown by a replay hook for a step of a branch production cancelled (§6.4 step 3). */
export class ReplayCut {
  constructor() {
    cuts.add(this);
  }
}

export function isCut(e: unknown): boolean {
  return typeof e === 'object' && e !== null && cuts.has(e);
}

/**
 * Carries a Resolver's or onResolved's own throw past every Retry and Parallel
 * (it is marked, so nothing absorbs it) to replayEffect, which rejects with
 * the original value (§6.7).
 */
const carriers = new WeakSet<object>();

export class HarnessCarrier {
  constructor(readonly error: unknown) {
    markHarness(this);
    carriers.add(this);
  }
}

export function isCarrier(e: unknown): e is HarnessCarrier {
  return typeof e === 'object' && e !== null && carriers.has(e);
}

export function isHarness(e: unknown): boolean {
  return isHarnessError(e);
}

/** Builds the Parallel TimeParadoxes; supplied by the replay engine, which owns that class. */
export interface DecisionFaults {
  pastEnd(branch: number, branches: number): unknown;
  count(recorded: number, branches: number): unknown;
  didNotFail(branch: number): unknown;
}

/** A recorded decision (or none) for one Parallel, passed by the replay hook as op's argument (§6.10). */
export interface ParallelDirective {
  readonly hasDecision: boolean;
  readonly decision: unknown;
  readonly faults: DecisionFaults;
}

// Only objects made here are honoured, so a user hook calling op(x) changes nothing.
const directives = new WeakSet<object>();

export function parallelDirective(hasDecision: boolean, decision: unknown, faults: DecisionFaults): ParallelDirective {
  const d: ParallelDirective = { hasDecision, decision, faults };
  directives.add(d);
  return d;
}

export function asDirective(x: unknown): ParallelDirective | undefined {
  return typeof x === 'object' && x !== null && directives.has(x) ? (x as ParallelDirective) : undefined;
}
