// The private marks of harness errors (spec §1). The library uses a
// non-enumerable symbol; a WeakSet is as invisible (not in JSON, Object.keys or
// deep equality, so a TimeParadox still deep-equals a plain object with the
// same fields) and asking it never runs code of the value's own: a thrown
// Proxy's traps stay untouched, so what the flow threw is reported as itself.

const HARNESS = new WeakSet<object>();
const REPLAY_FAULT = new WeakSet<object>();

function define(target: object, set: WeakSet<object>): void {
  set.add(target);
}

/**
 * Mark an error as the harness's own: the Command wrapper rethrows it instead
 * of treating it as an I/O fault, so no Retry or Parallel can absorb it. A
 * replay fault (TimeParadox, ReplayError) also ends a replay as a Failure.
 */
export function markHarness(target: object, replayFault = false): void {
  define(target, HARNESS);
  if (replayFault) define(target, REPLAY_FAULT);
}

function has(v: unknown, set: WeakSet<object>): boolean {
  return typeof v === 'object' && v !== null && set.has(v);
}

export function isHarnessError(v: unknown): boolean {
  return has(v, HARNESS);
}

/** True only for a TimeParadox or ReplayError; a user error merely named so is not one. */
export function hasReplayFaultMark(v: unknown): boolean {
  return has(v, REPLAY_FAULT);
}
