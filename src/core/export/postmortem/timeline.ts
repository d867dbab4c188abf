// The timeline table: one row per recorded step, each linked to that step in the app. When any
// step is starred, the rows are the steps the person marked: every starred step and every noted
// one (a note is never dropped for want of a star). A long trace (5,000 steps) keeps the rows that
// matter: every marked step, then the first and last few and the steps that threw or the fix no
// longer reaches, up to a cap; gaps are one row. A note too long for its cell is given in full
// below the table, wrapped, so no note is lost and no line runs off the page.
import { errorSummary, formatMs, statusText } from '../../present/step-text';
import type { TraceModel, TraceStep } from '../../trace/model';
import { clip, code, count, link, plural, table, text, wrapped } from './markdown';
import { pinsCell, type PostmortemPin } from './logpoints';

type StepNotes = Readonly<Record<string, { text?: string; starred?: boolean }>>;

const MAX_ROWS = 40;
const EDGE = 10;
const MAX_OUTCOME = 90;
/** A note's characters shown in its cell; a longer one is in full under the table. */
const MAX_CELL_NOTE = 160;

const noted = (notes: StepNotes, i: number) => Boolean(notes[i]?.text?.trim());
const marked = (notes: StepNotes, i: number) => Boolean(notes[i]?.starred) || noted(notes, i);

/** Which step indices get a row, ascending. */
function chosen(model: TraceModel, notes: StepNotes, unreached: ReadonlySet<number>, pinned: ReadonlySet<number>): number[] {
  const all = Array.from({ length: model.steps.length }, (_, i) => i);
  const mine = all.filter((i) => marked(notes, i));
  if (all.some((i) => notes[i]?.starred)) return mine;
  if (all.length <= MAX_ROWS) return all;
  // What the person marked (a note, a pinned value) is never left out, whatever the cap; the rest fills up to it.
  const keep = new Set<number>([...mine, ...[...pinned].filter((i) => i < all.length), ...all.slice(0, EDGE), ...all.slice(-EDGE)]);
  for (const i of all) {
    if (keep.size >= MAX_ROWS) break;
    if (model.steps.at(i)?.threw || unreached.has(i)) keep.add(i);
  }
  return [...keep].sort((a, b) => a - b);
}

/** statusText, with the error (a value from the trace) in a code span. */
function outcomeOf(step: TraceStep): string {
  if (step.kind === 'threw') return `threw ${code(clip(step.errorText ?? errorSummary(undefined, step.hasValue), MAX_OUTCOME))}`;
  return text(statusText(step));
}

const noteLines = (value: string) => value.trim().split(/\r\n?|\n/);

/** The note in its cell: plain text, its line breaks kept as breaks; a long one cut, pointing below. */
function noteCell(value: string | undefined): string {
  if (!value?.trim()) return '';
  const whole = value.trim();
  if (whole.length <= MAX_CELL_NOTE) return noteLines(whole).map(text).join('<br>');
  return `${noteLines(clip(whole, MAX_CELL_NOTE)).map(text).join('<br>')} (in full below)`;
}

/** Each note too long for its cell, in full: one list item per step, wrapped into short lines. */
function longNotes(indices: readonly number[], notes: StepNotes): string {
  const items = indices
    .filter((i) => (notes[i]?.text?.trim().length ?? 0) > MAX_CELL_NOTE)
    .map((i) => {
      const paragraphs = noteLines(notes[i]!.text!).map((line) => wrapped(text(line), '  '));
      return `- Step ${i + 1}:\n  ${paragraphs.join('  \n  ')}`;
    });
  return items.length ? `\n\nNotes in full:\n\n${items.join('\n')}` : '';
}

export function timelineSection(input: {
  readonly model: TraceModel;
  readonly notes: StepNotes;
  readonly unreached: readonly number[];
  readonly stepLink: (i: number) => string | undefined;
  /** the values pinned from logpoints, by recorded step: a column of their own when there are any */
  readonly pins?: ReadonlyMap<number, readonly PostmortemPin[]>;
}): string {
  const { model, notes, stepLink } = input;
  if (model.steps.length === 0) return 'The trace recorded no steps.';
  const unreached = new Set(input.unreached);
  const pins = input.pins ?? new Map<number, readonly PostmortemPin[]>();
  const indices = chosen(model, notes, unreached, new Set(pins.keys()));
  const withPins = indices.some((i) => pins.has(i));
  const gap = withPins ? ['', '', ''] : ['', ''];
  const rows: string[][] = [];
  let linked = 0;
  let previous = -1;
  for (const i of indices) {
    if (i > previous + 1) rows.push(['⋯', '', `${plural(i - previous - 1, 'step')} not shown`, ...gap]);
    previous = i;
    const step = model.steps.at(i)!;
    const url = stepLink(i);
    if (url !== undefined) linked += 1;
    const outcome = `${outcomeOf(step)}${unreached.has(i) ? '; **not reached after the fix**' : ''}`;
    const star = notes[i]?.starred ? ' ★' : '';
    rows.push([`${link(String(i + 1), url)}${star}`, code(step.command), outcome, formatMs(step.durationMs), noteCell(notes[i]?.text), ...(withPins ? [pinsCell(pins.get(i))] : [])]);
  }
  const starred = indices.some((i) => notes[i]?.starred);
  const partial = indices.length < model.steps.length;
  if (partial && previous < model.steps.length - 1) rows.push(['⋯', '', `${plural(model.steps.length - 1 - previous, 'step')} not shown`, ...gap]);
  const lead = !partial
    ? ''
    : starred
      ? `The ${plural(indices.length, 'step')} of ${count(model.steps.length)} you starred (★) or wrote a note on:`
      : `Showing ${count(indices.length)} of ${plural(model.steps.length, 'step')}: every step with a note${pins.size ? ' or a pinned value' : ''}, the first and last ${EDGE}, and any step that threw or is no longer reached.`;
  const noLinks = linked < indices.length ? `\n\n${linked === 0 ? 'The steps have no links' : 'Some steps have no link'}: open the incident in Timescope and pick the step.` : '';
  const header = ['Step', 'Command', 'Outcome', 'Duration', 'Note', ...(withPins ? ['Logpoints'] : [])];
  return `${lead ? `${lead}\n\n` : ''}${table(header, rows, ['r', 'l', 'l', 'r', 'l', 'l'])}${longNotes(indices, notes)}${noLinks}`;
}
