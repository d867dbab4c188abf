// The verdict in words, shared by the banner, the live region and tests.
import type { Verdict } from '../../core/verdict/verdict';
import type { TraceModel } from '../../core/trace/model';
import type { ReplayOutcome } from '../../core/replay/report';
import { errorSummary, preview } from '../../core/present/step-text';
import { refusalMessage } from '../../core/verdict/refusal';

export type VerdictTone = 'ok' | 'err' | 'warn' | 'paradox';

export interface VerdictText {
  readonly title: string;
  readonly detail: string;
  readonly tone: VerdictTone;
}

export function outcomeText(outcome: ReplayOutcome | undefined): string {
  if (!outcome) return 'not known from the recording';
  return outcome.type === 'Success' ? `Success ${preview(outcome.value)}` : `Failure ${errorSummary(outcome.error)}`;
}

function unreachedText(model: TraceModel, unreached: readonly number[]): string {
  if (!unreached.length) return '';
  const names = unreached.slice(0, 3).map((i) => model.steps.at(i)?.command ?? `#${i + 1}`);
  const more = unreached.length > 3 ? ` and ${unreached.length - 3} more` : '';
  return ` · ${unreached.length === 1 ? '1 recorded step' : `${unreached.length} recorded steps`} never reached: ${names.join(', ')}${more}`;
}

/**
 * What the flow threw, from the report's description of it (describeThrown):
 * an Error reads "TypeError: message"; anything else (a Symbol, undefined, an
 * object, a Proxy) already comes as a sentence that says what it was.
 */
export function thrownText(name: string, message: string): string {
  if (message.startsWith('The flow threw')) return message;
  if (name === 'a string') return `The flow threw a string: ${message}`;
  return `${name}: ${message}`;
}

export function verdictText(verdict: Verdict, model: TraceModel, unreached: readonly number[]): VerdictText {
  switch (verdict.kind) {
    case 'reproduced':
      return { title: 'Reproduced', detail: `same outcome as production: ${outcomeText(verdict.outcome)}${unreachedText(model, unreached)}`, tone: verdict.outcome.type === 'Failure' ? 'err' : 'ok' };
    case 'fixed':
      return { title: 'Fixed', detail: `the recorded Failure now ends in Success${unreachedText(model, unreached)}`, tone: 'ok' };
    case 'changed':
      return { title: 'Outcome changed', detail: changedDetail(verdict, model, unreached), tone: 'warn' };
    case 'diverged':
      return {
        title: 'Diverged',
        detail: `at path ${verdict.path ?? '?'}: the flow asked for ${String(verdict.actual)} where the trace recorded ${String(verdict.expected)}`,
        tone: 'paradox'
      };
    case 'missing-step':
      return { title: 'Missing step', detail: verdict.message, tone: 'warn' };
    case 'flow-error':
      return { title: 'Error in flow code', detail: thrownText(verdict.name, verdict.message), tone: 'err' };
    case 'refused':
      return { title: 'Replay refused', detail: `the library will not replay this recording as given (none of the flow ran): ${refusalMessage(verdict.message, verdict.field, 'app')}`, tone: 'warn' };
  }
}

function commandNames(model: TraceModel, entries: readonly number[]): string {
  const names = entries.slice(0, 3).map((i) => model.steps.at(i)?.command ?? `#${i + 1}`);
  return `${names.join(', ')}${entries.length > 3 ? ` and ${entries.length - 3} more` : ''}`;
}

/** An outcome-changed replay says what differs: the outcome, the recorded Commands asked, or both. */
function changedDetail(verdict: Extract<Verdict, { kind: 'changed' }>, model: TraceModel, unreached: readonly number[]): string {
  const { differs } = verdict;
  const commands = [
    differs.unreached.length > 0 && `never asks ${commandNames(model, differs.unreached)}, which production asked`,
    differs.reached.length > 0 && `asks ${commandNames(model, differs.reached)}, which production's replay never reached`
  ]
    .filter(Boolean)
    .join('; ');
  if (verdict.production && !differs.outcome) return `the same outcome as production (${outcomeText(verdict.outcome)}), but the replay ${commands}`;
  // With Commands to name, the outcomes' types say enough: their values are in the rows below, and
  // a long value must not push what the replay skipped off the line.
  if (commands) return `production ended in ${verdict.production?.type ?? 'an outcome not proven'}, this replay in ${verdict.outcome.type} · it ${commands}`;
  return `production: ${outcomeText(verdict.production)} → now: ${outcomeText(verdict.outcome)}${unreachedText(model, unreached)}`;
}
