// "Fails the same way", the rule the minimizer and the redaction check share: a changed incident
// (fewer fields, masked values) still fails the same way as the original when its replay ends in
// the same outcome — the same error by name, message and code, or the same value — at the same
// failing step, with no TimeParadox or missing step, and asks the same recorded Commands (the
// verdict's rule for reproduced). Pure, over two replay reports.
import { sameValue } from '../verdict/verdict';
import type { ReplayReport, ReplayStep } from '../replay/report';

export type SameFailure = { readonly same: true } | { readonly same: false; readonly why: string };

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

export function sameFailure(original: ReplayReport, candidate: ReplayReport): SameFailure {
  if (candidate.status !== 'resolved' || !candidate.result) return { same: false, why: `the replay stopped: ${candidate.rejection?.text.message ?? 'no outcome'}` };
  if (candidate.fault) return { same: false, why: `${candidate.fault.kind}: ${candidate.fault.message}` };
  const a = original.result;
  const b = candidate.result;
  if (!a) return { same: false, why: 'the original has no outcome to compare with' };
  if (a.type !== b.type) return { same: false, why: `it ends in ${b.type}, not ${a.type}` };
  if (a.type === 'Failure' && b.type === 'Failure' && !sameValue(errorKey(a.error), errorKey(b.error))) return { same: false, why: 'it fails with another error' };
  if (a.type === 'Success' && b.type === 'Success' && !sameValue(a.value, b.value)) return { same: false, why: 'it ends with another value' };
  const path = failingStepPath(original);
  const candidatePath = failingStepPath(candidate);
  if (path !== candidatePath) return { same: false, why: `it fails at step ${candidatePath ?? 'none'}, not ${path ?? 'none'}` };
  const reached = reachedKeys(original);
  const now = reachedKeys(candidate);
  if (!sameValue(reached, now)) return { same: false, why: 'it asks other recorded Commands' };
  return { same: true };
}
