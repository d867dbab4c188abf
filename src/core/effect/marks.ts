// The private marks of harness errors (spec §1). A non-enumerable symbol keeps
// them out of JSON, Object.keys and deep equality, so a TimeParadox still
// deep-equals a plain object with the same fields and prints the same.

const HARNESS = Symbol('pure-effect.harness');
const REPLAY_FAULT = Symbol('pure-effect.replayFault');

function define(target: object, key: symbol): void {
  Object.defineProperty(target, key, { value: true, enumerable: false, writable: false, configurable: false });
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

function has(v: unknown, key: symbol): boolean {
  return typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[key] === true;
}

export function isHarnessError(v: unknown): boolean {
  return has(v, HARNESS);
}

/** True only for a TimeParadox or ReplayError; a user error merely named so is not one. */
export function hasReplayFaultMark(v: unknown): boolean {
  return has(v, REPLAY_FAULT);
}
