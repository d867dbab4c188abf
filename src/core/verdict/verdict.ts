// From a replay report to the one-line answer the person came for: did the
// incident reproduce, is it fixed, or where does the new code part from what
// production did. Pure, so the same rules serve the app and tests.
import type { RecordedOutcome } from '../trace/model';
import type { ReplayOutcome, ReplayReport } from '../replay/report';

export type Verdict =
  | { readonly kind: 'reproduced'; readonly outcome: ReplayOutcome }
  | { readonly kind: 'fixed'; readonly outcome: ReplayOutcome }
  | { readonly kind: 'changed'; readonly outcome: ReplayOutcome; readonly production: ReplayOutcome | undefined }
  | { readonly kind: 'diverged'; readonly message: string; readonly path: string | undefined; readonly entryIndex: number | undefined; readonly expected: unknown; readonly actual: unknown }
  | { readonly kind: 'missing-step'; readonly message: string; readonly path: string | undefined; readonly command: string | undefined }
  | { readonly kind: 'flow-error'; readonly message: string; readonly name: string };

/** Deep equality of two JSON-style values, key order ignored. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Errors compare by what the person reads: name, message and own fields; the stack is noise. */
export function comparable(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || (value as { __error?: unknown }).__error !== true) return value;
  const { stack: _stack, __enumerable: _enumerable, ...rest } = value as Record<string, unknown>;
  return rest;
}

export function sameOutcome(a: ReplayOutcome, b: ReplayOutcome): boolean {
  if (a.type !== b.type) return false;
  return a.type === 'Success' ? sameValue(a.value, (b as typeof a).value) : sameValue(comparable(a.error), comparable((b as Extract<ReplayOutcome, { type: 'Failure' }>).error));
}

/**
 * What production's outcome was: the trace proves a Failure on its own; otherwise
 * it is what the original flow replays to (replay is deterministic), when that
 * replay ran to an outcome of its own rather than a replay fault.
 */
export function productionOutcome(recorded: RecordedOutcome, baseline: ReplayReport | undefined): ReplayOutcome | undefined {
  if (recorded.known) return { type: 'Failure', error: recorded.error };
  if (baseline?.status === 'resolved' && baseline.result && !baseline.fault) return baseline.result;
  return undefined;
}

function errorText(error: unknown): { name: string; message: string } {
  if (typeof error === 'object' && error !== null) {
    const e = error as { name?: unknown; message?: unknown };
    return { name: typeof e.name === 'string' ? e.name : 'Error', message: typeof e.message === 'string' ? e.message : String(error) };
  }
  return { name: 'Error', message: String(error) };
}

export function verdictOf(report: ReplayReport, production: ReplayOutcome | undefined, edited: boolean): Verdict {
  if (report.status === 'rejected' || !report.result) {
    return { kind: 'flow-error', ...(report.rejection?.text ?? errorText(report.rejection?.error)) };
  }
  const fault = report.fault;
  if (fault?.kind === 'TimeParadox') {
    return { kind: 'diverged', message: fault.message, path: fault.path, entryIndex: fault.entryIndex, expected: fault.expected, actual: fault.actual };
  }
  if (fault?.kind === 'ReplayError') return { kind: 'missing-step', message: fault.message, path: fault.path, command: fault.command };
  const outcome = report.result;
  // The unedited flow replayed without a fault is production, by definition.
  if (!production) return edited ? { kind: 'changed', outcome, production } : { kind: 'reproduced', outcome };
  if (sameOutcome(outcome, production)) return { kind: 'reproduced', outcome };
  if (production.type === 'Failure' && outcome.type === 'Success') return { kind: 'fixed', outcome };
  return { kind: 'changed', outcome, production };
}
