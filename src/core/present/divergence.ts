// Where new code parts from the recording, told on the right lines and in
// plain words: the Command the new code asked (on its own line), the
// recorded Command it was asked in place of (on that one's line), and the
// Commands only the new code asks for (rows of their own, marked new). The
// library's exact TimeParadox or ReplayError text stays one click away.
import type { ReplayReport, ReplayStep } from '../replay/report';
import type { TraceModel } from '../trace/model';

/** A Command the candidate asked for that the recording does not hold at that path. */
export interface AskedStep {
  readonly name: string;
  readonly path: string;
  /** the recorded Command at that path, when there is one */
  readonly recorded?: string;
  /** where production asked this Command, when it did, elsewhere: the new code asks it out of order */
  readonly productionPath?: string;
  /** production never asked a Command of this name: only the new code does */
  readonly isNew: boolean;
  /** what to say under its line and in its row */
  readonly text: string;
  readonly step: ReplayStep;
}

export interface Divergence {
  /** the Command the new code asked where it parts from the recording */
  readonly asked: AskedStep | undefined;
  /** per recorded Command name: what happened to it in the candidate, where that is more than "never reached" */
  readonly byCommand: Readonly<Record<string, string>>;
  /** the fault in plain words, for the banner and "Replayed now" */
  readonly plain: string;
  /** the library's own text */
  readonly raw: string;
}

type Model = Pick<TraceModel, 'byPath' | 'steps' | 'commands'>;

function recordedPathOf(model: Model, name: string, except: string): string | undefined {
  for (const [path, i] of Object.entries(model.byPath)) if (path !== except && model.steps.at(i)?.command === name) return path;
  return undefined;
}

/** What the candidate asked in place of the recording, or undefined when it did not diverge. */
export function divergenceOf(report: ReplayReport, model: Model): Divergence | undefined {
  const fault = report.fault;
  if (!fault) return undefined;
  const step = report.steps.find((s) => s.status === 'paradox' || (s.status === 'missing' && s.type === 'Command'));
  const raw = `${fault.kind}: ${fault.message}`;
  if (!step) return { asked: undefined, byCommand: {}, plain: plainFault(fault.kind, fault.message), raw };
  const at = typeof fault.path === 'string' ? fault.path : step.path;
  // A trace without paths is matched by position: the fault names the entry the library compared with.
  const recordedIndex = model.byPath[at] ?? fault.entryIndex;
  const recorded = recordedIndex === undefined ? undefined : model.steps.at(recordedIndex)?.command;
  const productionPath = recordedPathOf(model, step.name, step.path);
  const isNew = !model.commands[step.name];
  const where = recorded && recorded !== step.name ? `, where the recording has ${recorded}` : recorded ? '' : ', where the recording has no step';
  const how = isNew ? ': only this code asks for it' : productionPath !== undefined ? `: production asked it at path ${productionPath}` : '';
  const text = `${step.name} asked at path ${at}${where}${how}`;
  const byCommand: Record<string, string> = {};
  if (recorded && recorded !== step.name) byCommand[recorded] = `recorded at path ${at}; this code asked ${step.name} there instead`;
  if (!isNew) byCommand[step.name] = productionPath !== undefined ? `asked at path ${at}, out of order: production asked it at path ${productionPath}` : `asked at path ${at}`;
  return {
    asked: { name: step.name, path: at, ...(recorded ? { recorded } : {}), ...(productionPath !== undefined ? { productionPath } : {}), isNew, text, step },
    byCommand,
    plain: plainFault(fault.kind, fault.message, text),
    raw
  };
}

/** The fault in words a person reads at a glance; the library's own text is shown beside it on demand. */
export function plainFault(kind: 'TimeParadox' | 'ReplayError', message: string, asked?: string): string {
  if (kind === 'TimeParadox') {
    if (/this Parallel has/.test(message)) return 'The new code runs a Parallel with another number of branches than production did, so replay cannot compare them.';
    if (/cancelled by branch/.test(message)) return 'The branch whose failure cancelled production\'s Parallel no longer fails, so replay cannot reproduce that cancellation.';
    return `The new code asks for other Commands than production did: ${asked ?? 'see the library\'s text'}. Replay stops there, as it cannot answer a step production did not run.`;
  }
  if (/refusing to run the real Command/.test(message)) {
    return `The new code asks for a step production never ran${asked ? ` (${asked})` : ''}. Replay stops there rather than run its real I/O.`;
  }
  return 'The recording cannot answer a step this code asks for, so the replay stopped.';
}
