// "Export post-mortem": a Markdown document for an issue or a wiki, filled from the trace, the
// replays and the source, with the parts only a person knows (impact, action items) taken from
// the notes or left as prompts. Pure: the app copies or downloads the string. Every value in it
// may be someone else's (a shared incident), so all of it goes through ./postmortem/markdown.
import type { ReplayReport } from '../replay/report';
import type { TraceModel } from '../trace/model';
import { code, count, link, plural, text } from './postmortem/markdown';
import { prose } from './postmortem/prose';
import { editedSources, resolutionSection } from './postmortem/resolution';
import { supportingSection, type Narrations } from './postmortem/supporting';
import { timelineSection } from './postmortem/timeline';
import { triggerSection } from './postmortem/trigger';
import { verdictLine } from './postmortem/verdict';
import { formatMs } from '../present/step-text';
import type { StepOverride } from '../whatif/apply';
import { whatIfSection } from './postmortem/whatif';
import { whatIfCountText } from '../whatif/describe';
import { logpointsSection, pinsByStep, type PostmortemPin } from './postmortem/logpoints';

export type { PostmortemPin } from './postmortem/logpoints';

export interface PostmortemNotes {
  readonly title?: string;
  /** Markdown, as the app renders it */
  readonly summary?: string;
  /** Markdown */
  readonly impact?: string;
  readonly actionItems?: readonly string[];
  /** by recorded step index, as in IncidentNotes */
  readonly steps?: Readonly<Record<string, { text?: string; starred?: boolean }>>;
}

export interface PostmortemInput {
  readonly model: TraceModel;
  readonly notes: PostmortemNotes;
  /** a replay of the unchanged code: gives the value the failing step received */
  readonly baseline?: ReplayReport;
  /** the person's last replay (the fix) */
  readonly lastReplay?: ReplayReport;
  /** the verdict the app shows for lastReplay; worked out from the reports when absent */
  readonly verdict?: { readonly kind: string; readonly headline: string };
  readonly sources: readonly { readonly name: string; readonly original: string; readonly edited?: string }[];
  /**
   * The one link that opens the whole incident (redacted as the share settings say), given once at
   * the top; undefined when it would be too long for a link.
   */
  readonly incidentLink?: string;
  /** a short link to a step, which opens it once the incident is open; undefined for no link */
  readonly stepLink: (stepIndex: number) => string | undefined;
  /** what production did, as timeTravel prints it: the replay of the recorded code, or the recording's own narration */
  readonly narration: readonly string[];
  /** what the fix does: the last replay's narration, when it ran edited code or what-ifs */
  readonly fixNarration?: readonly string[];
  readonly generatedAt: Date;
  /** the what-if overrides the last replay ran with (core/whatif) */
  readonly overrides?: readonly StepOverride[];
  /** the values pinned from logpoints, each with its recorded step (core/logpoints/pins) */
  readonly pinned?: readonly PostmortemPin[];
}

/** YYYY-MM-DD in the person's own time zone: the day they exported it. */
function day(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `postmortem-<flowName>-<YYYY-MM-DD>.md`, with the flow name cut down to characters every file system takes. */
export function postmortemFileName(flowName: string | undefined, date: Date): string {
  const safe = (flowName ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60)
    .replace(/[-.]+$/, '');
  return `postmortem-${safe || 'flow'}-${day(date)}.md`;
}

const PROMPT = {
  summary: '_Not written yet: what happened, in a few sentences._',
  impact: '_To fill in: who was affected, how many, for how long, and what it cost._',
  actions: '- [ ] _To fill in: what changes so this does not happen again, and who does it._'
};

function facts(input: PostmortemInput): string {
  const m = input.model;
  const parts = [
    `Flow ${code(m.flowName || 'flow')}`,
    ...(m.version ? [`build ${code(m.version)}`] : []),
    plural(m.recordedSteps, 'recorded step'),
    ...(m.dropped > 0 ? [`${count(m.dropped)} dropped by the recorder`] : []),
    `${formatMs(m.wallMs)} in all`,
    `exported ${day(input.generatedAt)}`
  ];
  return parts.join(' · ');
}

function actionItems(items: readonly string[] | undefined): string {
  const filled = (items ?? []).map((i) => i.trim()).filter(Boolean);
  return filled.length ? filled.map((i) => `- [ ] ${text(i)}`).join('\n') : PROMPT.actions;
}

/**
 * The incident, linked once: the only long line in the document. Each step link after it is short
 * (the app's address, the incident's shape and the step), and opens its step once the incident is
 * open, so a 100-step timeline does not repeat the incident 100 times.
 */
function opening(input: PostmortemInput): string {
  const label = 'Open the incident in Timescope';
  const hasSteps = input.stepLink(0) !== undefined;
  const url = input.incidentLink && link(label, input.incidentLink);
  if (url && url !== label) {
    return `**${url}** (the whole incident, redacted as a shared link).${hasSteps ? '\nOpen it once: after that, each step link below opens its step in that browser.' : ''}`;
  }
  const ask = 'This incident is too big for a link: ask its author for its capsule, and open that in Timescope.';
  return hasSteps ? `${ask}\nOnce it is open, each step link below opens its step in that browser.` : ask;
}

/** Production's narration, and the fix's apart from it when the last replay ran anything else. */
function narrations(input: PostmortemInput, edited: boolean, verdict: string | undefined): Narrations {
  const fixed = edited || (input.overrides?.length ?? 0) > 0;
  if (!fixed || !input.fixNarration) return { production: input.narration };
  return { production: input.narration, fix: { verdict, narration: input.fixNarration } };
}

export function buildPostmortem(input: PostmortemInput): string {
  const { model, notes } = input;
  const edited = editedSources(input.sources).length > 0;
  // Without a separate baseline, an unedited last replay is the unchanged code's replay.
  const baseline = input.baseline ?? (edited ? undefined : input.lastReplay);
  const verdict = input.verdict ?? verdictLine(model, baseline, input.lastReplay, edited);
  const title = notes.title?.trim() || `Post-mortem: ${model.flowName || 'flow'}`;
  const files = input.sources.map((s) => ({ name: s.name, text: s.original }));
  const sections: [string, string][] = [
    ['Summary', notes.summary?.trim() ? prose(notes.summary) : PROMPT.summary],
    ['Impact', notes.impact?.trim() ? prose(notes.impact) : PROMPT.impact],
    ['Trigger and root cause', triggerSection({ model, baseline, files, stepLink: input.stepLink })],
    ['Resolution', [whatIfSection(model, input.overrides ?? [], input.stepLink), resolutionSection({ model, sources: input.sources, lastReplay: input.lastReplay, verdictLine: verdict && text(verdict.headline), stepLink: input.stepLink })].filter(Boolean).join('\n\n')],
    ['Timeline', timelineSection({ model, notes: notes.steps ?? {}, unreached: input.lastReplay?.unreached ?? [], stepLink: input.stepLink, pins: pinsByStep(input.pinned ?? []) })],
    ...(input.pinned?.length ? [['Logpoints', logpointsSection(model, input.pinned, input.stepLink)] as [string, string]] : []),
    ['Action items', actionItems(notes.actionItems)],
    ['Supporting data', supportingSection(narrations(input, edited, verdict?.headline), input.incidentLink !== undefined)]
  ];
  const whatIf = input.overrides?.length ? ` · ${text(whatIfCountText(input.overrides.length))}` : '';
  const head = [`# ${text(title)}`, '', `> **${verdict ? text(verdict.headline) : 'Not replayed yet'}**${whatIf}`, '', facts(input), '', opening(input)];
  return `${[...head, ...sections.flatMap(([name, body]) => ['', `## ${name}`, '', body])].join('\n')}\n`;
}
