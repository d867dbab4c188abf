// The verdict line at the top and in Resolution. The app passes the one its banner shows; without
// it (the CLI, tests) it is worked out by core/verdict from the same inputs the app uses, and put
// in a sentence fit for a document.
import type { ReplayReport } from '../../replay/report';
import type { TraceModel } from '../../trace/model';
import { clip } from './markdown';
import { productionOutcome, verdictOf, type Verdict } from '../../verdict/verdict';

/** A headline is one line at the top of the document. */
const MAX_HEADLINE = 240;

export interface VerdictLine {
  readonly kind: string;
  readonly headline: string;
}

/** A replay fault's first sentence names it; the rest (what to do) is in Resolution. */
const firstSentence = (message: string) => message.split(/(?<=[.;])\s/)[0]!.replace(/[.;]$/, '');

// Values stay out of the headline (it is plain text); Resolution shows the outcome itself.
function headline(v: Verdict): string {
  switch (v.kind) {
    case 'reproduced':
      return `Reproduced — the replay ends in the same ${v.outcome.type} as production`;
    case 'fixed':
      return 'Fixed — the recorded Failure now ends in Success';
    case 'changed':
      if (v.production && !v.differs.outcome) return `Outcome changed — the same ${v.outcome.type} as production, but other recorded Commands asked`;
      return `Outcome changed — production ended in ${v.production?.type ?? 'an outcome the recording does not show'}, the replay in ${v.outcome.type}`;
    case 'diverged':
      return `Diverged at path ${v.path ?? '?'} — the flow asked for ${String(v.actual)} where the trace recorded ${String(v.expected)}`;
    case 'missing-step':
      return `Missing step — ${firstSentence(v.message)}`;
    case 'flow-error':
      return `Error in flow code — ${v.name}: ${v.message}`;
    case 'refused':
      return `Replay refused by the library — ${firstSentence(v.message)}`;
  }
}

/** The verdict of `lastReplay`, judged against production as the app judges it. */
export function verdictLine(model: TraceModel, baseline: ReplayReport | undefined, lastReplay: ReplayReport | undefined, edited: boolean): VerdictLine | undefined {
  if (!lastReplay) return undefined;
  const verdict = verdictOf(lastReplay, productionOutcome(model.outcome, baseline), edited);
  // A divergence leaves everything after it unreached, which says nothing new.
  const unreached = verdict.kind === 'fixed' || verdict.kind === 'changed' || verdict.kind === 'reproduced' ? unreachedText(model, lastReplay.unreached) : '';
  return { kind: verdict.kind, headline: clip(`${headline(verdict)}${unreached}`, MAX_HEADLINE) };
}

function unreachedText(model: TraceModel, unreached: readonly number[]): string {
  if (unreached.length === 0) return '';
  const names = [...new Set(unreached.map((i) => model.steps.at(i)?.command ?? `step ${i + 1}`))];
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `; no longer reached: ${shown}${more}`;
}
