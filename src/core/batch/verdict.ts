// One trace's row in a batch replay ("Replay all", `timescope replay-all`): the verdict the app's
// banner would give, flattened to plain data a table, a JSON line or a JUnit case can show.
// Pure; the app's matrix and the CLI both build their rows here, so they never disagree.
import type { ReplayOutcome, ReplayReport } from '../replay/report';
import { oneLine, UNPROVEN, type BatchRow } from './row';
import { buildModel } from '../trace/build';
import type { Indexed, RecordedModel, RecordedOutcome } from '../trace/model';
import { productionOutcome, sameValue, verdictOf, type Differs, type Production, type Verdict } from '../verdict/verdict';

export { BATCH_VERDICTS, flowErrorRow, isPassing, MAX_DETAIL_CHARS, oneLine, UNPROVEN, type BatchRow, type BatchVerdict } from './row';

/** What a row needs of the recording: the app's matrix passes its trace model (the outline, whose steps carry no values). */
export interface Recorded {
  readonly outcome: RecordedOutcome;
  /** per entry: its command, path and the error it threw (stored form), if it threw */
  readonly entries: Indexed<{ readonly command: string; readonly path: string | undefined; readonly threw: boolean; readonly error?: unknown }>;
}

const entriesOf = (trace: unknown): unknown[] => {
  const raw = Array.isArray(trace) ? trace : (trace as { trace?: unknown } | null)?.trace;
  return Array.isArray(raw) ? raw : [];
};

/** An entry that may have thrown: `threw: true`, or (a legacy trace) an `error` key. */
const mayHaveThrown = (e: unknown) => typeof e === 'object' && e !== null && ((e as { threw?: unknown }).threw === true || 'error' in e);

/** What the trace holds, tolerating a trace the model refuses (then it proves no outcome). */
export function recordedOf(trace: unknown): Recorded & { readonly model?: RecordedModel; readonly unreadable?: true } {
  const raw = entriesOf(trace);
  // Only a step that threw can prove an outcome (trace/outcome.ts), so a trace without one needs no
  // model: most of a batch's traces, and building one is a good part of a short replay's cost.
  let model: RecordedModel | undefined;
  if (raw.some(mayHaveThrown)) {
    try {
      model = buildModel(trace);
    } catch {
      model = undefined;
    }
  }
  if (model) return { outcome: model.outcome, entries: model.steps, model };
  const entries = raw.map((e: unknown) => {
    const entry = (typeof e === 'object' && e !== null ? e : {}) as { command?: unknown; path?: unknown };
    return { command: typeof entry.command === 'string' ? entry.command : '?', path: typeof entry.path === 'string' ? entry.path : undefined, threw: false };
  });
  const unreadable = raw.some(mayHaveThrown);
  return { outcome: { known: false, reason: unreadable ? 'the trace could not be read' : 'no recorded step threw' }, entries, ...(unreadable ? { unreadable: true as const } : {}) };
}

function errorLine(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as { name?: unknown; message?: unknown };
    if (typeof e.message === 'string') {
      const name = typeof e.name === 'string' && e.name !== 'Error' ? `${e.name}: ` : '';
      return `${name}${e.message}`;
    }
  }
  return jsonText(error);
}

function jsonText(value: unknown): string {
  try {
    return String(JSON.stringify(value));
  } catch {
    return String(value);
  }
}

export function outcomeLine(outcome: ReplayOutcome | undefined): string {
  if (!outcome) return 'an outcome the recording does not show';
  return outcome.type === 'Success' ? 'Success' : `Failure: ${errorLine(outcome.error)}`;
}

/** Errors compare by name, message and own fields, as the verdict compares outcomes. */
function sameError(a: unknown, b: unknown): boolean {
  const strip = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    const { stack: _s, __enumerable: _e, ...rest } = v as Record<string, unknown>;
    return rest;
  };
  return sameValue(strip(a), strip(b));
}

/** The reached entry whose thrown error is the run's Failure: the step that failed it. */
function failingStep(recorded: Recorded, report: ReplayReport, outcome: ReplayOutcome): { path: string | undefined; stepIndex: number | undefined } {
  if (outcome.type !== 'Failure') return { path: undefined, stepIndex: undefined };
  const proven = recorded.outcome;
  // The recording's own Failure, when the replay ended in it: its step is known without any entry's error.
  if (proven.known && sameError(proven.error, outcome.error)) return { path: recorded.entries.at(proven.stepIndex)?.path, stepIndex: proven.stepIndex };
  const unreached = new Set(report.unreached);
  for (let i = recorded.entries.length - 1; i >= 0; i--) {
    const entry = recorded.entries.at(i)!;
    if (!unreached.has(i) && entry.threw && sameError(entry.error, outcome.error)) return { path: entry.path, stepIndex: i };
  }
  return { path: undefined, stepIndex: undefined };
}

/** What an outcome-changed replay does differently from production, in a few words. */
function differsText(differs: Differs, recorded: Recorded): string {
  const names = (ix: readonly number[]) => {
    const shown = ix.slice(0, 3).map((i) => recorded.entries.at(i)?.command ?? `entry ${i}`);
    return `${shown.join(', ')}${ix.length > 3 ? ` and ${ix.length - 3} more` : ''}`;
  };
  const parts = [
    differs.unreached.length > 0 && `never asks ${differs.unreached.length === 1 ? 'a recorded Command' : `${differs.unreached.length} recorded Commands`} production asked (${names(differs.unreached)})`,
    differs.reached.length > 0 && `asks ${differs.reached.length === 1 ? 'a recorded Command' : `${differs.reached.length} recorded Commands`} production's replay never reached (${names(differs.reached)})`
  ].filter(Boolean);
  return parts.join(', and ');
}

function changedDetail(verdict: Extract<Verdict, { kind: 'changed' }>, recorded: Recorded): string {
  const commands = differsText(verdict.differs, recorded);
  if (!verdict.production) {
    return `${outcomeLine(verdict.outcome)}, and the replay ${commands || 'ran other code, context or answers than production'} (${UNPROVEN})`;
  }
  if (!verdict.differs.outcome) return `the same ${outcomeLine(verdict.outcome)} as production, but the replay ${commands}`;
  return `${outcomeLine(verdict.outcome)}, where production ended in ${outcomeLine(verdict.production)}${commands ? `; the replay also ${commands}` : ''}`;
}

function rowOf(verdict: Verdict, recorded: Recorded, report: ReplayReport, production: Production | undefined): Omit<BatchRow, 'unreached'> {
  switch (verdict.kind) {
    case 'diverged':
      return { verdict: 'diverged', path: verdict.path, stepIndex: verdict.entryIndex, detail: oneLine(`TimeParadox: ${verdict.message}`), outcomeUnproven: false };
    case 'missing-step': {
      const entryIndex = report.fault?.entryIndex;
      return { verdict: 'missing-step', path: verdict.path, stepIndex: entryIndex, detail: oneLine(`ReplayError: ${verdict.message}`), outcomeUnproven: false };
    }
    case 'flow-error': {
      // The step the flow had reached when its own code threw, when the report kept steps.
      const last = report.steps[report.steps.length - 1];
      const where = report.rejection?.location ? ` (${report.rejection.location.file}:${report.rejection.location.line}:${report.rejection.location.column})` : '';
      return { verdict: 'flow-error', path: last?.path, stepIndex: last?.entryIndex, detail: oneLine(`${verdict.name}: ${verdict.message}${where}`), outcomeUnproven: false };
    }
    case 'reproduced': {
      const unproven = production === undefined;
      const suffix = unproven ? ` (${UNPROVEN})` : '';
      return { verdict: 'reproduced', ...failingStep(recorded, report, verdict.outcome), detail: oneLine(`${outcomeLine(verdict.outcome)}${suffix}`), outcomeUnproven: unproven };
    }
    case 'fixed':
      return { verdict: 'fixed', path: undefined, stepIndex: undefined, detail: oneLine(`Success, where production ended in ${outcomeLine(production?.outcome)}`), outcomeUnproven: false };
    case 'changed':
      return { verdict: 'outcome-changed', ...failingStep(recorded, report, verdict.outcome), detail: oneLine(changedDetail(verdict, recorded)), outcomeUnproven: verdict.production === undefined };
    case 'refused':
      return {
        verdict: 'refused',
        path: undefined,
        stepIndex: undefined,
        detail: oneLine(`ReplayError: ${verdict.message}`),
        outcomeUnproven: true,
        ...(verdict.field !== undefined ? { refusalField: verdict.field } : {})
      };
  }
}

/** trace: the raw trace object; report: the replay of the change; baseline: the replay of the baseline flow, if any. */
export function batchRowOf(trace: unknown, report: ReplayReport, baseline?: ReplayReport): BatchRow {
  return batchRowOfRecorded(recordedOf(trace), report, baseline);
}

/** The same row from what is known of the recording already (the app's model of an opened trace). */
export function batchRowOfRecorded(recorded: Recorded, report: ReplayReport, baseline?: ReplayReport): BatchRow {
  const production = productionOutcome(recorded.outcome, baseline);
  // Without a proven outcome a clean replay is taken as production's (replay is deterministic):
  // reproduced, with outcomeUnproven saying it could not be checked.
  const verdict = verdictOf(report, production, false);
  const unreached = report.unreached.map((i) => recorded.entries.at(i)?.command ?? `entry ${i}`);
  return { ...rowOf(verdict, recorded, report, production), unreached };
}
