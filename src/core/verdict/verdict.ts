// From a replay report to the one-line answer the person came for: did the
// incident reproduce, is it fixed, or where does the new code part from what
// production did. Pure, so the same rules serve the app and tests.
import type { RecordedOutcome } from '../trace/model';
import type { ReplayOutcome, ReplayReport } from '../replay/report';

/**
 * How production's outcome is known: the trace proves a Failure on its own (a recorded throw ended
 * the run), or the recorded code was replayed with the recorded context (replay is deterministic, so
 * that replay's outcome is production's).
 */
export type Proof = 'trace' | 'replay';

export interface Production {
  readonly outcome: ReplayOutcome;
  readonly proof: Proof;
  /** the recorded entries production's own replay never reached: none, unless the library's replay leaves some */
  readonly unreached: readonly number[];
}

/** What a change does differently from production, when its verdict is outcome-changed. */
export interface Differs {
  /** the outcome's type, value or error differs */
  readonly outcome: boolean;
  /** recorded entries production's replay reached and this one did not, in trace order */
  readonly unreached: readonly number[];
  /** recorded entries production's replay left unreached and this one asked */
  readonly reached: readonly number[];
}

export type Verdict =
  | { readonly kind: 'reproduced'; readonly outcome: ReplayOutcome }
  | { readonly kind: 'fixed'; readonly outcome: ReplayOutcome }
  | { readonly kind: 'changed'; readonly outcome: ReplayOutcome; readonly production: ReplayOutcome | undefined; readonly differs: Differs }
  | { readonly kind: 'diverged'; readonly message: string; readonly path: string | undefined; readonly entryIndex: number | undefined; readonly expected: unknown; readonly actual: unknown }
  | { readonly kind: 'missing-step'; readonly message: string; readonly path: string | undefined; readonly command: string | undefined }
  | { readonly kind: 'flow-error'; readonly message: string; readonly name: string }
  /** the library would not replay at all (spec §6.7): not the flow's doing; `field` is what to supply */
  | { readonly kind: 'refused'; readonly message: string; readonly field: string | undefined };

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
 * What production's outcome was, and how it is known: the trace proves a Failure on its own;
 * otherwise it is what the recorded code, with the recorded context, replays to (replay is
 * deterministic), when that replay ran to an outcome of its own rather than a replay fault, and
 * asked every Command the trace recorded: production asked each one it recorded, so a replay that
 * leaves some unasked (a value masked at the edge that fails the flow's own check sooner, a trace
 * edited by hand) did not run as production ran, and its outcome proves nothing about production's.
 * `baseline` must be that replay: never one given another context or other answers.
 */
export function productionOutcome(recorded: RecordedOutcome, baseline: ReplayReport | undefined): Production | undefined {
  const replayed = baseline?.status === 'resolved' && baseline.result && !baseline.fault ? baseline : undefined;
  if (recorded.known) return { outcome: { type: 'Failure', error: recorded.error }, proof: 'trace', unreached: replayed?.unreached ?? [] };
  if (replayed && replayed.unreached.length === 0) return { outcome: replayed.result!, proof: 'replay', unreached: [] };
  return undefined;
}

/** Where production's outcome comes from, in words (the header, the banner, the CLI). */
export function proofText(proof: Proof): string {
  return proof === 'trace' ? 'proven by the trace: a recorded throw ended the run' : 'proven by replaying the recorded code with the recorded context';
}

function commandsDiffer(report: ReplayReport, production: Production | undefined): Pick<Differs, 'unreached' | 'reached'> {
  const before = new Set(production?.unreached ?? []);
  const now = new Set(report.unreached);
  return { unreached: report.unreached.filter((i) => !before.has(i)), reached: [...before].filter((i) => !now.has(i)).sort((a, b) => a - b) };
}

function errorText(error: unknown): { name: string; message: string } {
  if (typeof error === 'object' && error !== null) {
    const e = error as { name?: unknown; message?: unknown };
    return { name: typeof e.name === 'string' ? e.name : 'Error', message: typeof e.message === 'string' ? e.message : String(error) };
  }
  return { name: 'Error', message: String(error) };
}

/**
 * The verdict on a replay. `reproduced` means all three: the same outcome type, the same value or
 * error, and the same recorded Commands asked as production's replay. A Failure that now ends in
 * Success is `fixed`; anything else is `changed`, with what differs. `edited`: the replay ran other
 * code, another context or other answers than production's, so it cannot prove production's outcome.
 */
export function verdictOf(report: ReplayReport, production: Production | undefined, edited: boolean): Verdict {
  if (report.status === 'rejected' || !report.result) {
    const text = report.rejection?.text ?? errorText(report.rejection?.error);
    if (report.rejection?.refusal) return { kind: 'refused', message: text.message, field: report.rejection.refusal.field };
    return { kind: 'flow-error', ...text };
  }
  const fault = report.fault;
  if (fault?.kind === 'TimeParadox') {
    return { kind: 'diverged', message: fault.message, path: fault.path, entryIndex: fault.entryIndex, expected: fault.expected, actual: fault.actual };
  }
  if (fault?.kind === 'ReplayError') return { kind: 'missing-step', message: fault.message, path: fault.path, command: fault.command };
  const outcome = report.result;
  const commands = commandsDiffer(report, production);
  const sameCommands = commands.unreached.length === 0 && commands.reached.length === 0;
  if (!production) {
    // Unedited and clean, this replay is production's by definition (replay is deterministic),
    // unless it leaves recorded Commands unasked: production asked every one it recorded.
    if (!edited && sameCommands) return { kind: 'reproduced', outcome };
    return { kind: 'changed', outcome, production, differs: { outcome: false, ...commands } };
  }
  if (production.outcome.type === 'Failure' && outcome.type === 'Success') return { kind: 'fixed', outcome };
  const same = sameOutcome(outcome, production.outcome);
  if (same && sameCommands) return { kind: 'reproduced', outcome };
  return { kind: 'changed', outcome, production: production.outcome, differs: { outcome: !same, ...commands } };
}
