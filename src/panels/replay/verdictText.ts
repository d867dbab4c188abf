// The verdict in words, shared by the banner, the live region and tests.
import type { Verdict } from '../../core/verdict/verdict';
import type { TraceModel } from '../../core/trace/model';
import type { ReplayOutcome } from '../../core/replay/report';
import { errorSummary, preview } from '../../core/present/step-text';

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
      return { title: 'Outcome changed', detail: `production: ${outcomeText(verdict.production)} → now: ${outcomeText(verdict.outcome)}${unreachedText(model, unreached)}`, tone: 'warn' };
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
  }
}
