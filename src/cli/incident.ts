// What production did at the step that explains its Failure, beside what this replay did there:
// after a fix, `timescope replay` still says what the failing step received in production and what
// produced it. The incident's facts come from a replay of the recorded code (--baseline, or a
// capsule's original sources when --edited replays its edits), or from the facts a capsule carries.
import { explainingStep } from '../core/present/explains';
import { errorsOf, whyOf } from '../core/present/why';
import { preview } from '../core/present/step-text';
import type { ReplayReport } from '../core/replay/report';
import { buildModel } from '../core/trace/build';

export interface IncidentFacts {
  /** the step index (the trace entry) that explains production's Failure */
  readonly step: number;
  readonly command: string;
  readonly path: string;
  /** what it received in production, and what produced it, in words */
  readonly received?: unknown;
  readonly why: string;
  /** what changed on the way there (against the value its producer received), when a Command's answer changed it */
  readonly changes: readonly { readonly path: string; readonly kind: 'changed' | 'added' | 'removed'; readonly after?: unknown }[];
  /** what this replay did at that step */
  readonly now: 'answered' | 'not-asked' | 'diverged';
}

/** Production's failing step and what it received, or undefined when the recording ended in Success or holds no such step. */
export function incidentFacts(trace: unknown, incident: ReplayReport, now: ReplayReport): IncidentFacts | undefined {
  let model: ReturnType<typeof buildModel>;
  try {
    model = buildModel(trace);
  } catch {
    return undefined;
  }
  const at = explainingStep(model, incident);
  if (at === undefined) return undefined;
  const recorded = model.steps.at(at);
  const step = incident.steps.find((s) => s.entryIndex === at);
  if (!recorded || !step) return undefined;
  const why = whyOf(incident, at, errorsOf(model.steps));
  const mine = now.steps.find((s) => s.entryIndex === at);
  return {
    step: at,
    command: step.name,
    path: step.path,
    ...(step.hasBefore ? { received: step.before } : {}),
    why: why.sentence,
    changes: why.changes.map((c) => ({ path: c.path, kind: c.kind, ...(c.kind !== 'removed' ? { after: c.after } : {}) })),
    now: mine?.status === 'answered' ? 'answered' : mine ? 'diverged' : 'not-asked'
  };
}

const NOW_WORDS: Record<IncidentFacts['now'], string> = {
  answered: 'this replay asked for it too',
  'not-asked': 'this replay never asked for it',
  diverged: 'this replay reached it and parted from the recording there'
};

/** The facts as lines for the end of the plain output. */
export function incidentText(facts: IncidentFacts): string {
  const shown = facts.changes.filter((c) => c.kind !== 'removed').slice(0, 6);
  const changed = shown.length ? `: ${shown.map((c) => `${c.path}: ${clip(preview(c.after), 60)}`).join(', ')}` : '';
  const lines = [`In production, Step ${facts.step + 1}: ${facts.command} (path ${facts.path}) explains the Failure.`, `  ${facts.why}${changed}`];
  if ('received' in facts) lines.push(`  It received ${clip(preview(facts.received), 240)}`);
  lines.push(`  ${NOW_WORDS[facts.now]}.`);
  return `\n${lines.join('\n')}\n`;
}

const clip = (text: string, n: number): string => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
