// What one walkthrough slide shows, as plain strings and numbers: it is
// rendered by the presenter and posted as-is to the audience window, which
// has neither the trace nor the replay. Built from the trace, the notes, the
// last replay and the source on screen; every text is bounded, so a slide
// stays small enough to post many times a minute.
import type { RecordedStep, TraceModel, TraceStep } from '../trace/model';
import { valueOf, type StepValue } from '../trace/values';
import type { IncidentNotes } from '../notes/notes';
import type { ReplayReport } from '../replay/report';
import type { SourceFile } from '../source/locate';
import { diffValues, type ValueChange } from '../present/diff';
import { errorSummary, formatMs, statusText } from '../present/step-text';
import { errorsOf, whyOf } from '../present/why';
import { replayOverlay, replayStepOf, STEP_PARADOX, STEP_REPLAYED, STEP_UNREACHED } from '../verdict/overlay';
import { excerptAt, stepLine, type SourceExcerpt } from './excerpt';
import { brief, valueLines, type ValueLine } from './valueLines';

export type Tone = 'ok' | 'err' | 'muted' | 'paradox';

export interface Outcome {
  readonly text: string;
  readonly tone: Tone;
  /** a one-line preview of the value it returned, when it did */
  readonly value?: string;
}

export interface ChangeText {
  readonly path: string;
  readonly kind: ValueChange['kind'];
  readonly before?: string;
  readonly after?: string;
}

export type PipelineSlide =
  | { readonly kind: 'none'; readonly reason: string }
  | {
      readonly kind: 'values';
      readonly before?: readonly ValueLine[];
      readonly after?: readonly ValueLine[];
      /** why there is no after value */
      readonly afterMissing?: string;
      /** what changed: from before to after, or, with only a before, on the way here (`by` says who) */
      readonly changes: readonly ChangeText[];
      readonly moreChanges: number;
      readonly by?: string;
      /** with only a before: why it received that, in words ("changed on the way here, by cmdValidatePromo") */
      readonly from?: string;
      /** the code on screen was edited after this replay */
      readonly stale: boolean;
    };

/** A value a logpoint showed while this step's code ran, pinned by the person: `flow.ts:31 total = 0`. */
export interface SlideLogpoint {
  readonly file: string;
  readonly line: number;
  readonly expr: string;
  /** the value or error as text, as pinned */
  readonly text: string;
}

export interface Slide {
  /** 0-based recorded index */
  readonly step: number;
  readonly total: number;
  /** the incident's title, else the flow's name */
  readonly title: string;
  readonly command: string;
  readonly path?: string;
  readonly starred: boolean;
  readonly note?: string;
  readonly duration: string;
  readonly recorded: Outcome;
  /** how the step fared in the person's own replay; absent until they replay */
  readonly replayed?: Outcome & { readonly ended: string; readonly stale: boolean };
  readonly source?: SourceExcerpt;
  /** why there is no excerpt */
  readonly sourceMissing?: string;
  readonly pipeline: PipelineSlide;
  /** the pinned hits that belong to this step, in the order their lines ran; absent when none */
  readonly logpoints?: readonly SlideLogpoint[];
  /** pinned hits of this step past MAX_SLIDE_LOGPOINTS */
  readonly moreLogpoints?: number;
}

export interface SlideReplay {
  readonly report: ReplayReport;
  readonly files: readonly SourceFile[];
  /** replayed by the app on load: it fills in values, but is not a replay the person ran */
  readonly auto: boolean;
  readonly stale: boolean;
}

export interface SlideInput {
  readonly model: TraceModel;
  readonly step: number;
  /** the shown step's recorded value: null while it is on its way; when absent it is read from the step (a RecordedModel's hold theirs) */
  readonly value?: StepValue | null;
  readonly notes: IncidentNotes;
  /** the flow's files as on screen, edits applied */
  readonly files: readonly SourceFile[];
  readonly last: SlideReplay | undefined;
  /**
   * The incident's own replay (the recorded code against the recording): what production's steps
   * received. The pipeline shown is its, so a fix replayed since never hides what production did.
   */
  readonly incident?: ReplayReport;
  /** the pinned hits, each with the recorded step it belongs to (core/logpoints/pins) */
  readonly pinned?: readonly (SlideLogpoint & { readonly recorded?: number })[];
}

export const MAX_NOTE = 2000;
/** Pinned values a slide shows; a room reads a few, and the slide is posted many times a minute. */
export const MAX_SLIDE_LOGPOINTS = 8;
const MAX_EXPR = 500;
export const MAX_CHANGES_SHOWN = 8;

export const MAX_TEXT = 400;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** An error message can be any length; a slide line cannot. */
const bounded = (o: Outcome): Outcome => ({ ...o, text: clip(o.text, MAX_TEXT) });

function recordedOutcome(step: TraceStep, value: StepValue | null): Outcome {
  const text = statusText(step);
  if (step.kind === 'returned') return { text: `✓ ${text}`, tone: 'ok', value: !step.hasValue ? 'undefined' : value ? brief(value.result, 80) : '…' };
  if (step.kind === 'threw') return { text: `✗ ${text}`, tone: 'err' };
  if (step.kind === 'unrecorded') return { text: `? ${text}`, tone: step.threw ? 'err' : 'muted' };
  return { text, tone: step.decision?.cancelled ? 'err' : 'muted' };
}

function ended(report: ReplayReport): string {
  const r = report.result;
  if (!r) return report.rejection ? `The replay stopped with ${report.rejection.text.name}: ${report.rejection.text.message}` : 'The replay stopped with an error';
  return r.type === 'Success' ? 'The flow ended with ✓ Success' : `The flow ended with ✗ Failure: ${errorSummary(r.error)}`;
}

function replayedOutcome(report: ReplayReport, index: number): Outcome {
  const status = replayOverlay(report, index + 1)[index];
  if (status === STEP_REPLAYED) return { text: '✓ replayed: the flow asked for this step and got its recorded answer', tone: 'ok' };
  if (status === STEP_UNREACHED) return { text: '○ never reached in the replay', tone: 'muted' };
  if (status === STEP_PARADOX) return { text: `≠ diverged here: ${report.fault?.message ?? 'the flow asked for another step'}`, tone: 'paradox' };
  return { text: 'not replayed: the replay did not get this far', tone: 'muted' };
}

const changeText = (c: ValueChange): ChangeText => ({
  path: c.path,
  kind: c.kind,
  ...(c.kind !== 'added' ? { before: brief(c.before) } : {}),
  ...(c.kind !== 'removed' ? { after: brief(c.after) } : {})
});

function pipelineSlide(last: SlideReplay | undefined, index: number, model: TraceModel): PipelineSlide {
  if (!last) return { kind: 'none', reason: 'Replay the flow (Ctrl+Enter) to see the pipeline value before and after this step.' };
  const { report } = last;
  const replayed = replayStepOf(report, index);
  if (!replayed) return { kind: 'none', reason: last.auto ? 'The replay of the recorded code did not reach this step.' : 'The last replay did not reach this step.' };
  if (!replayed.hasBefore && !replayed.hasAfter) {
    return { kind: 'none', reason: report.pipelineLimited ? 'No pipeline value was kept for this step: the values grew past what the replay keeps.' : 'No pipeline value was captured for this step.' };
  }
  let changes: readonly ValueChange[] = [];
  let by: string | undefined;
  let beforeMarks: readonly ValueChange[] = [];
  let beforeSide: 'before' | 'after' = 'before';
  let from: string | undefined;
  if (replayed.hasBefore && replayed.hasAfter) {
    changes = diffValues(replayed.before, replayed.after);
    beforeMarks = changes;
  } else if (replayed.hasBefore) {
    // A step that passed nothing on (it threw): what reached it is the story, set apart by what produced it.
    const why = whyOf(report, index, errorsOf(model.steps));
    if (why.changes.length) {
      changes = why.changes;
      beforeMarks = why.changes;
      beforeSide = 'after';
    }
    if (why.by) by = why.by;
    from = why.sentence;
  }
  return {
    kind: 'values',
    ...(replayed.hasBefore ? { before: valueLines(replayed.before, beforeMarks, beforeSide) } : {}),
    ...(replayed.hasAfter ? { after: valueLines(replayed.after, changes, 'after') } : { afterMissing: 'It passed no value on: it threw, or its next failed.' }),
    changes: changes.slice(0, MAX_CHANGES_SHOWN).map(changeText),
    moreChanges: Math.max(0, changes.length - MAX_CHANGES_SHOWN),
    ...(by !== undefined ? { by } : {}),
    ...(from !== undefined ? { from } : {}),
    stale: last.stale
  };
}

/** The slide for recorded step `input.step` (which must be in the trace). */
function slideLogpoints(pinned: SlideInput['pinned'], index: number): Pick<Slide, 'logpoints' | 'moreLogpoints'> {
  const mine = (pinned ?? []).filter((p) => p.recorded === index);
  if (mine.length === 0) return {};
  const shown = mine.slice(0, MAX_SLIDE_LOGPOINTS).map((p) => ({ file: clip(p.file, MAX_TEXT), line: p.line, expr: clip(p.expr, MAX_EXPR), text: clip(p.text, MAX_TEXT) }));
  return { logpoints: shown, ...(mine.length > shown.length ? { moreLogpoints: mine.length - shown.length } : {}) };
}

export function buildSlide({ model, step: index, notes, files, last, value, incident, pinned }: SlideInput): Slide {
  const step = model.steps.at(index)!;
  const recordedValue = value === undefined ? valueOf(step as RecordedStep) : value;
  const note = notes.steps?.[index];
  const mine = last && !last.auto ? last : undefined;
  const at = files.length ? stepLine(files, step.command, index, last) : undefined;
  const source = at ? excerptAt(files, at) : undefined;
  const text = note?.text?.trim();
  return {
    step: index,
    total: model.steps.length,
    title: clip(notes.title?.trim() || model.flowName || 'Incident', 200),
    command: clip(step.command, 200),
    ...(step.path !== undefined ? { path: clip(step.path, 200) } : {}),
    starred: Boolean(note?.starred),
    ...(text ? { note: clip(text, MAX_NOTE) } : {}),
    duration: formatMs(step.durationMs),
    recorded: bounded(recordedOutcome(step, recordedValue)),
    ...(mine ? { replayed: { ...bounded(replayedOutcome(mine.report, index)), ended: clip(ended(mine.report), MAX_TEXT), stale: mine.stale } } : {}),
    ...(source ? { source } : { sourceMissing: files.length ? `${step.command} is not found in the flow's source.` : 'No flow source is open.' }),
    pipeline: pipelineSlide(incident ? { report: incident, files, auto: true, stale: false } : last, index, model),
    ...slideLogpoints(pinned, index)
  };
}
