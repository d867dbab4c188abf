// One replay's verdict for a terminal or an agent, in the app's vocabulary (reproduced, fixed,
// outcome-changed, diverged, missing-step, flow-error: the batch row's, core/batch/verdict.ts,
// so `replay`, `replay-all` and the app never disagree), with what an agent needs to act on it:
// the tier, the Commands the change no longer reaches, and where it parts from the recording.
//
// Tier (the pure-effect loop: reproduce, fix within the recorded topology, verify by replay):
//   1: the change keeps to the Commands the recording holds, so replay verified what it does
//      (reproduced, fixed, outcome-changed, or its own code threw);
//   2: it asks for a Command the recording does not hold where it asks for it (a TimeParadox, or a
//      step past the recording's end), so replay cannot say what production would have answered:
//      a person must decide.
import { batchRowOfRecorded, recordedOf, type BatchVerdict } from '../batch/verdict';
import { divergenceOf } from '../present/divergence';
import type { CodeLocation, ReplayReport } from '../replay/report';
import { buildModel } from '../trace/build';
import type { TraceModel } from '../trace/model';
import { refusalAdvice, refusalMessage, type Surface } from './refusal';
import { productionOutcome, proofText, type Proof } from './verdict';

export interface DivergenceFacts {
  /** where the change parts from the recording */
  readonly path: string | undefined;
  /** the Command the change asked for there */
  readonly asked: string | undefined;
  /** the Command the recording holds there (none: the change ran past the recording) */
  readonly recorded: string | undefined;
  /** the line of the change that asked it */
  readonly askedAt?: CodeLocation;
  /** the line of production's code that asked the recorded one (known with a baseline) */
  readonly recordedAt?: CodeLocation;
  /** in plain words, and the library's own text */
  readonly text: string;
  readonly libraryText: string;
}

export interface ReplayVerdict {
  readonly verdict: BatchVerdict;
  /** 1: verified by replay; 2: a person must decide; 3: nothing ran, the library refused the replay */
  readonly tier: 1 | 2 | 3;
  /** no baseline, and the recording does not prove production's outcome: `reproduced` is assumed */
  readonly outcomeUnproven: boolean;
  /** the recorded Commands this replay never reached, by name, in trace order */
  readonly unreachedCommands: readonly string[];
  readonly divergence?: DivergenceFacts;
  /** production's outcome and how it is known, when it is */
  readonly production?: { readonly outcome: import('../replay/report').ReplayOutcome; readonly proof: Proof; readonly proofText: string };
  /** refused: what to supply, in this surface's words */
  readonly refusal?: { readonly field?: string; readonly advice: string };
  /** the verdict in one line of words */
  readonly sentence: string;
}

const TIER_2 = 'Replay cannot verify a change to which Commands run: a person must decide.';
const TIER_3 = 'Nothing of the flow ran, so nothing is verified.';

function listed(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/** How files are named to the person: the flow's as given, production's (a baseline's) as given. */
export interface FileNames {
  readonly flow: (file: string) => string;
  readonly recorded: (file: string) => string;
}

const AS_LOADED: FileNames = { flow: (f) => f, recorded: (f) => f };

function at(location: CodeLocation | undefined, name: (file: string) => string): string {
  return location ? `${name(location.file)}:${location.line}` : '';
}

function divergenceFacts(report: ReplayReport, model: TraceModel | undefined, baseline: ReplayReport | undefined): DivergenceFacts | undefined {
  const fault = report.fault;
  if (!fault) return undefined;
  const told = model ? divergenceOf(report, model) : undefined;
  const asked = told?.asked;
  const path = asked?.path ?? fault.path;
  const recordedAt = path === undefined ? undefined : baseline?.steps.find((s) => s.path === path)?.location;
  return {
    path,
    asked: asked?.name ?? (typeof fault.actual === 'string' ? fault.actual : fault.command),
    recorded: asked?.recorded ?? recordedByPosition(fault, model),
    ...(asked?.step.location ? { askedAt: asked.step.location } : {}),
    ...(recordedAt ? { recordedAt } : {}),
    text: asked?.text ?? told?.plain ?? fault.message,
    libraryText: `${fault.kind}: ${fault.message}`
  };
}

/**
 * The Command the recording holds where the change parted from it, when its path does not find it:
 * a trace without paths is matched by position, and the library's fault names the entry (spec §6.4).
 */
function recordedByPosition(fault: NonNullable<ReplayReport['fault']>, model: TraceModel | undefined): string | undefined {
  if (fault.entryIndex !== undefined) {
    const step = model?.steps.at(fault.entryIndex);
    if (step) return step.command;
  }
  return typeof fault.expected === 'string' ? fault.expected : undefined;
}

function sentenceOf(v: Omit<ReplayVerdict, 'sentence'>, detail: string, names: FileNames, message: string): string {
  switch (v.verdict) {
    case 'reproduced':
      return `reproduced — the replay ends as production did, asking the same recorded Commands: ${detail}`;
    case 'fixed': {
      if (v.unreachedCommands.length === 0) return 'fixed — the recorded Failure now ends in Success.';
      const n = v.unreachedCommands.length;
      // The library warns "… never reached … The flow diverged." for any replay that ends early;
      // for a fix that skips the failing step, that is the point of it.
      return (
        `fixed — the recorded Failure now ends in Success. The fix ends before ${listed(v.unreachedCommands)}, as intended: ` +
        `the library's warning that ${n === 1 ? 'a recorded step was' : `${n} recorded steps were`} never reached says only that.`
      );
    }
    case 'outcome-changed':
      return `outcome-changed — ${detail}`;
    case 'diverged':
    case 'missing-step': {
      const d = v.divergence;
      const lines = [at(d?.askedAt, names.flow) && `asked at ${at(d?.askedAt, names.flow)}`, at(d?.recordedAt, names.recorded) && `recorded at ${at(d?.recordedAt, names.recorded)}`].filter(Boolean).join('; ');
      return `${v.verdict} (tier 2) — ${d?.text ?? detail}${lines ? ` (${lines})` : ''}. ${TIER_2}`;
    }
    case 'flow-error':
      return `flow-error — the flow's own code threw ${detail}`;
    case 'refused':
      return `refused (tier 3) — the library will not replay this recording as given: ${message} ${TIER_3}`;
  }
}

/** trace: the raw trace; report: this replay; baseline: the recorded code's replay with the recorded context, when there is one. */
/** whatIf: how many recorded answers the replay was given in place of production's (the sentence says so first). */
/** surface: whose words a refusal's advice is in (the CLI's --context, MCP's `context`). */
export function replayVerdict(trace: unknown, report: ReplayReport, baseline?: ReplayReport, names: FileNames = AS_LOADED, whatIf = 0, surface: Surface = 'cli'): ReplayVerdict {
  // The recording is read once, for the row and the verdict alike, and modelled only where it can
  // prove an outcome (a recorded throw) or a divergence is to be placed: modelling a 3,000-level
  // recursion's trace cost more than replaying it.
  const recorded = recordedOf(trace);
  const row = batchRowOfRecorded(recorded, report, baseline);
  const diverged = row.verdict === 'diverged' || row.verdict === 'missing-step';
  let model: TraceModel | undefined = recorded.model;
  if (!model && diverged) {
    try {
      model = buildModel(trace);
    } catch {
      model = undefined; // the row already says what the recording alone can
    }
  }
  const divergence = diverged ? divergenceFacts(report, model, baseline) : undefined;
  const proven = recorded.unreadable ? undefined : productionOutcome(recorded.outcome, baseline);
  const refused = row.verdict === 'refused';
  const message = refused ? refusalMessage(report.rejection?.text.message ?? row.detail, row.refusalField, surface) : '';
  const base = {
    verdict: row.verdict,
    tier: refused ? (3 as const) : divergence || row.verdict === 'diverged' || row.verdict === 'missing-step' ? (2 as const) : (1 as const),
    outcomeUnproven: row.outcomeUnproven,
    unreachedCommands: row.unreached,
    ...(divergence ? { divergence } : {}),
    ...(proven ? { production: { outcome: proven.outcome, proof: proven.proof, proofText: proofText(proven.proof) } } : {}),
    ...(refused ? { refusal: { ...(row.refusalField !== undefined ? { field: row.refusalField } : {}), advice: refusalAdvice(row.refusalField, surface) } } : {})
  };
  const sentence = sentenceOf(base, row.detail, names, message);
  return { ...base, sentence: whatIf > 0 ? `what-if (${whatIf === 1 ? '1 step' : `${whatIf} steps`} answered otherwise): ${sentence}` : sentence };
}
