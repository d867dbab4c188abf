// What the CLI prints for a finished replay: the narration or the --json summary, the error
// message for a rejection, and the exit status.
import type { CodeLocation, ReplayReport } from '../core/replay/report';
import type { Refusal, RunResult } from '../core/source/runFlow';
import type { BatchVerdict } from '../core/batch/row';
import type { ReplayVerdict } from '../core/verdict/replayVerdict';

export interface JsonSummary {
  /** the app's verdict (core/verdict/replayVerdict.ts) */
  readonly verdict: BatchVerdict;
  /** 1: replay verified the change; 2: it changes which Commands run, and a person must decide; 3: the library refused the replay */
  readonly tier: 1 | 2 | 3;
  readonly verdictText: string;
  /** no baseline, and the trace does not prove production's outcome: `reproduced` is assumed */
  readonly outcomeUnproven?: true;
  readonly unreachedCommands: readonly string[];
  /** the recorded trace entries no step received, by index in the trace, in trace order */
  readonly unreachedIndices: readonly number[];
  readonly divergence?: ReplayVerdict['divergence'];
  /** production's outcome and where it is proven from (the trace, or the recorded code's replay with the recorded context) */
  readonly production?: ReplayVerdict['production'];
  /** refused: what the library needs supplied, and how to give it here */
  readonly refusal?: ReplayVerdict['refusal'];
  /** the replay's result in stored form ({type:'Success', value} | {type:'Failure', error}); null when rejected */
  readonly result: unknown;
  /** the recorded trace entries no step received, as they are in the trace, in trace order */
  readonly unreached: readonly unknown[];
  /** only for flow-error: what timeTravel rejected with, stored form, and where in the flow's code */
  readonly error?: unknown;
  readonly location?: CodeLocation;
  /** what the sandbox refused the flow's code (fetch, process…), where, and how often */
  readonly refused?: readonly Refusal[];
}

/** 0 Success, 1 Failure (replay faults included), 2 when the replay rejected. */
export function exitCodeOf(report: ReplayReport): number {
  if (report.status === 'rejected' || !report.result) return 2;
  return report.result.type === 'Success' ? 0 : 1;
}

/** displayRecorded: how to name a file of production's code (a --baseline file is named as the flow it stands for). */
export function jsonSummary(
  report: ReplayReport,
  trace: unknown,
  verdict: ReplayVerdict,
  display: (file: string) => string,
  refusals: readonly Refusal[] = [],
  displayRecorded: (file: string) => string = display
): JsonSummary {
  const entries = (trace as { trace?: unknown }).trace;
  const unreached = report.unreached.map((i) => (Array.isArray(entries) ? entries[i] : i));
  const shownAt = (l: CodeLocation | undefined) => (l ? { location: { ...l, file: display(l.file) } } : {});
  const refused = refusals.length > 0 ? { refused: refusals.map((r) => ({ ...r, ...shownAt(r.location) })) } : {};
  const d = verdict.divergence;
  const divergence = d
    ? {
        divergence: {
          ...d,
          ...(d.askedAt ? { askedAt: { ...d.askedAt, file: display(d.askedAt.file) } } : {}),
          ...(d.recordedAt ? { recordedAt: { ...d.recordedAt, file: displayRecorded(d.recordedAt.file) } } : {})
        }
      }
    : {};
  const said = {
    verdict: verdict.verdict,
    tier: verdict.tier,
    verdictText: verdict.sentence,
    ...(verdict.outcomeUnproven ? { outcomeUnproven: true as const } : {}),
    unreachedCommands: verdict.unreachedCommands,
    unreachedIndices: report.unreached,
    ...divergence,
    ...(verdict.production ? { production: verdict.production } : {}),
    ...(verdict.refusal ? { refusal: verdict.refusal } : {})
  };
  if (report.status !== 'rejected' && report.result) return { ...said, result: report.result, unreached, ...refused };
  const location = report.rejection?.location;
  return { ...said, result: null, unreached, error: report.rejection?.error, ...shownAt(location), ...refused };
}

/** What the replay rejected with, as the sandbox described it where it was thrown. */
export function describeRejection(report: ReplayReport): string {
  const text = report.rejection?.text;
  return text ? `${text.name}: ${text.message}` : describeStored(report.rejection?.error);
}

/** `Name: message` for a stored error, or the JSON of any other thrown value. */
export function describeStored(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    const { name, message } = error as { name?: unknown; message: string };
    return `${typeof name === 'string' && name ? name : 'Error'}: ${message}`;
  }
  if (error === undefined) return 'undefined';
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export function formatLocation(location: CodeLocation | undefined, display: (file: string) => string): string {
  return location ? `${display(location.file)}:${location.line}:${location.column}` : '';
}

/** Each narration line as console.log prints it: the text and a newline. */
export function narrationText(report: ReplayReport): string {
  return report.narration.map((line) => `${line}\n`).join('');
}

/** Why a run gave no report (it did not compile, load or find its flow), in a line or two for stderr. */
export function runProblem(run: Exclude<RunResult, { kind: 'report' }>, shown: (file: string) => string, flowName: string | undefined): string {
  switch (run.kind) {
    case 'compile-error':
      return `${shown(run.file)}:${run.line}:${run.column}: cannot compile: ${run.message}`;
    case 'choose-export': {
      const named = flowName ? `none is named after the trace's flow '${flowName}'` : 'the trace names no flow';
      return (
        `'${shown(run.entry)}' exports several functions and ${named}: ${run.candidates.join(', ')}.\n` +
        `Say which one builds the flow with --export, e.g. --export ${run.candidates[0]}`
      );
    }
    case 'no-flow':
      return run.message;
    case 'load-error': {
      const where = formatLocation(run.location, shown);
      return `loading the flow failed: ${run.message}${where ? `\n    at ${where}` : ''}`;
    }
  }
}
