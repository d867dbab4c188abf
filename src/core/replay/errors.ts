// The replay's own errors (spec §6.3, §6.5, §6.6). Both carry the harness
// and replay-fault marks, so a Retry or Parallel cannot absorb them and a
// replay ends with result = Failure(error). Fields come right after `name`,
// in the order the library sets them, which is the order fmt prints them in.

import { hasReplayFaultMark, markHarness } from '../effect/marks';

export class TimeParadox extends Error {
  declare readonly index?: number;
  declare readonly path?: string;
  declare readonly expected?: unknown;
  declare readonly actual?: unknown;
  declare readonly branch?: number;

  constructor(message: string, fields: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.name = 'TimeParadox';
    Object.assign(this, fields);
    markHarness(this, true);
  }
}

export class ReplayError extends Error {
  declare readonly command?: string;
  declare readonly index?: number;
  declare readonly path?: string;
  declare readonly field?: string;

  constructor(message: string, fields: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.name = 'ReplayError';
    Object.assign(this, fields);
    markHarness(this, true);
  }
}

/** A TimeParadox or ReplayError raised by the replay (not a user error that only shares the name). */
export function isReplayFault(e: unknown): e is TimeParadox | ReplayError {
  return hasReplayFaultMark(e);
}

// The trace entry a fault is about, for Timescope's report; kept off the error itself.
const faultEntries = new WeakMap<object, number>();

export function atEntry<E extends Error>(e: E, entryIndex: number | undefined): E {
  if (entryIndex !== undefined) faultEntries.set(e, entryIndex);
  return e;
}

export function faultEntryIndex(e: unknown): number | undefined {
  return typeof e === 'object' && e !== null ? faultEntries.get(e) : undefined;
}

/** Why a value is missing from a trace, and what to do, by its recorded `unrecorded` cause (§6.6). */
export function unrecordedWhy(cause: unknown): { readonly reason: string; readonly fix: string } {
  if (cause === 'redact') return { reason: 'redact threw on it', fix: 'make redact handle every value it is given, null included' };
  if (cause === 'copy') {
    return { reason: 'it could not be copied, as when it holds a BigInt or a getter that throws', fix: 'keep it to plain data' };
  }
  return { reason: 'it could not be recorded', fix: 'find out what kept it out' };
}

/** The `<why>` of a missing-step ReplayError. */
export function missingWhy(dropped: number): string {
  if (dropped > 0) {
    return (
      `The trace dropped ${dropped} entries under maxEntries, so production may have run this step and the recorder not kept it; ` +
      'record the flow with a higher maxEntries to replay past it.'
    );
  }
  return (
    'Production may never have run it: a Command an onBeforeCommand hook vetoed leaves no entry, and neither does a step ' +
    'the flow reaches now that it did not then, such as one added past the end of the recording. onMissing: ' +
    "'execute' runs such a step for real, and every step after it that the trace also lacks, so pass it only where " +
    'every Command the flow can still reach goes to a test double or only reads.'
  );
}

/** The TimeParadoxes a recorded decision can raise at the Parallel at `ppath` (spec §6.5, §6.10). */
export function decisionParadoxes(ppath: string): {
  pastEnd(branch: number, branches: number): TimeParadox;
  count(recorded: number, branches: number): TimeParadox;
  didNotFail(branch: number): TimeParadox;
} {
  const at = `Time paradox at path '${ppath}'`;
  return {
    pastEnd: (branch, n) =>
      new TimeParadox(`${at}: the recorded run was cancelled by branch ${branch}, but this Parallel has ${branchCount(n)}.`, { path: ppath, branch }),
    count: (recorded, n) =>
      new TimeParadox(`${at}: this Parallel has ${branchCount(n)}, and the trace recorded ${recorded}.`, { path: ppath, expected: recorded, actual: n }),
    didNotFail: (branch) => new TimeParadox(`${at}: the recorded run was cancelled by branch ${branch}, which did not fail in this replay.`, { path: ppath, branch })
  };
}

/** "1 branch" / "3 branches" */
export function branchCount(n: number): string {
  return `${n} ${n === 1 ? 'branch' : 'branches'}`;
}
