// "Fails the same way", the rule the minimizer and the redaction check share: a changed incident
// (fewer fields, masked values) still fails the same way as the original when its replay ends in
// the same outcome — the same error by name, message and code, or the same value — at the same
// failing step, with no TimeParadox or missing step, and asks the same recorded Commands (the
// verdict's rule for reproduced). Pure.
//
// The rule reads a replay through its signature: the few facts it compares, as plain JSON data. A
// batch sandbox worker makes a candidate's signature next to its replay (sandbox/batch/server.ts),
// so a minimization's hundreds of replays send back a few hundred bytes each, not whole reports.
import { sameValue } from '../verdict/verdict';
import type { ReplayReport, ReplayStep } from '../replay/report';

export type SameFailure = { readonly same: true } | { readonly same: false; readonly why: string };

/** What "fails the same way" compares of one replay. */
export type FailureSignature =
  /** no outcome of the flow's own: the replay stopped, or ended in a replay fault */
  | { readonly ended: false; readonly why: string }
  | {
      readonly ended: true;
      readonly type: 'Success' | 'Failure';
      /** a Failure's error as a person compares it (name, message, code), or a Success's value */
      readonly outcome: unknown;
      /** the step that ended the run */
      readonly failingPath?: string;
      /** the recorded Commands it asked, `name@path`, in order */
      readonly reached: readonly string[];
      /** the trace's entries no step received (not compared: the minimizer removes them) */
      readonly unreached: readonly number[];
    };

/** The parts of an error a person compares: name, message and code. */
function errorKey(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const e = error as { name?: unknown; message?: unknown; code?: unknown };
  return { name: e.name, message: e.message, code: e.code };
}

/** The step that ended the run: the last whose next returned the Failure, else the last answered. */
export function failingStepPath(report: ReplayReport): string | undefined {
  const steps = report.steps;
  const led = [...steps].reverse().find((s: ReplayStep) => s.ledToFailure);
  if (led) return led.path;
  return [...steps].reverse().find((s) => s.status === 'answered')?.path;
}

/** The recorded Commands a replay asked, by command and path (the trace's entries it reached). */
function reachedKeys(report: ReplayReport): string[] {
  return report.steps.filter((s) => s.entryIndex !== undefined && s.status === 'answered').map((s) => `${s.name}@${s.path}`);
}

/** A replay's signature; its report must keep its steps. */
export function signatureOf(report: ReplayReport): FailureSignature {
  if (report.status !== 'resolved' || !report.result) return { ended: false, why: `the replay stopped: ${report.rejection?.text.message ?? 'no outcome'}` };
  if (report.fault) return { ended: false, why: `${report.fault.kind}: ${report.fault.message}` };
  const r = report.result;
  const path = failingStepPath(report);
  return { ended: true, type: r.type, outcome: r.type === 'Failure' ? errorKey(r.error) : r.value, ...(path !== undefined ? { failingPath: path } : {}), reached: reachedKeys(report), unreached: [...report.unreached] };
}

/** Said of a candidate whose replay gave no signature: it timed out, ran out of memory or crashed. */
export const NO_ANSWER: FailureSignature = { ended: false, why: 'its replay did not finish (a time limit, memory or a crash)' };

export function sameSignature(original: FailureSignature, candidate: FailureSignature): SameFailure {
  if (!candidate.ended) return { same: false, why: candidate.why };
  if (!original.ended) return { same: false, why: 'the original has no outcome to compare with' };
  if (original.type !== candidate.type) return { same: false, why: `it ends in ${candidate.type}, not ${original.type}` };
  if (!sameValue(original.outcome, candidate.outcome)) return { same: false, why: original.type === 'Failure' ? 'it fails with another error' : 'it ends with another value' };
  if (original.failingPath !== candidate.failingPath) return { same: false, why: `it fails at step ${candidate.failingPath ?? 'none'}, not ${original.failingPath ?? 'none'}` };
  if (!sameValue(original.reached, candidate.reached)) return { same: false, why: 'it asks other recorded Commands' };
  return { same: true };
}

export function sameFailure(original: ReplayReport, candidate: ReplayReport): SameFailure {
  return sameSignature(signatureOf(original), signatureOf(candidate));
}
