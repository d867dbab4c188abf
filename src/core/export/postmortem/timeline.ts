// The timeline table: one row per recorded step (only the starred ones when any are), each linked
// to that step in the app. A long trace (5,000 steps) keeps the rows that matter: the first and
// last few, and every step that threw, has a note, or the fix no longer reaches; gaps are one row.
import { errorSummary, formatMs, statusText } from '../../present/step-text';
import type { TraceModel, TraceStep } from '../../trace/model';
import { clip, code, count, link, plural, table, text } from './markdown';

type StepNotes = Readonly<Record<string, { text?: string; starred?: boolean }>>;

const MAX_ROWS = 40;
const EDGE = 10;
const MAX_OUTCOME = 90;
const MAX_NOTE = 300;

/** Which step indices get a row, ascending. */
function chosen(model: TraceModel, notes: StepNotes, unreached: ReadonlySet<number>): number[] {
  const all = Array.from({ length: model.steps.length }, (_, i) => i);
  const starred = all.filter((i) => notes[i]?.starred);
  if (starred.length > 0) return starred;
  if (all.length <= MAX_ROWS) return all;
  const keep = new Set<number>([...all.slice(0, EDGE), ...all.slice(-EDGE)]);
  for (const i of all) {
    if (keep.size >= MAX_ROWS) break;
    if (model.steps.at(i)?.threw || notes[i]?.text || unreached.has(i)) keep.add(i);
  }
  return [...keep].sort((a, b) => a - b);
}

/** statusText, with the error (a value from the trace) in a code span. */
function outcomeOf(step: TraceStep): string {
  if (step.kind === 'threw') return `threw ${code(clip(step.errorText ?? errorSummary(undefined, step.hasValue), MAX_OUTCOME))}`;
  return text(statusText(step));
}

function noteText(value: string | undefined): string {
  if (!value) return '';
  // A note is plain text; its line breaks stay as breaks inside the cell.
  return clip(value.trim(), MAX_NOTE)
    .split(/\r\n?|\n/)
    .map(text)
    .join('<br>');
}

export function timelineSection(input: {
  readonly model: TraceModel;
  readonly notes: StepNotes;
  readonly unreached: readonly number[];
  readonly stepLink: (i: number) => string | undefined;
  readonly capsuleName: string | undefined;
}): string {
  const { model, notes, stepLink } = input;
  if (model.steps.length === 0) return 'The trace recorded no steps.';
  const unreached = new Set(input.unreached);
  const indices = chosen(model, notes, unreached);
  const rows: string[][] = [];
  let linked = 0;
  let previous = -1;
  for (const i of indices) {
    if (i > previous + 1) rows.push(['⋯', '', `${plural(i - previous - 1, 'step')} not shown`, '', '']);
    previous = i;
    const step = model.steps.at(i)!;
    const url = stepLink(i);
    if (url !== undefined) linked += 1;
    const outcome = `${outcomeOf(step)}${unreached.has(i) ? '; **not reached after the fix**' : ''}`;
    rows.push([link(String(i + 1), url), code(step.command), outcome, formatMs(step.durationMs), noteText(notes[i]?.text)]);
  }
  const starred = indices.some((i) => notes[i]?.starred);
  const partial = indices.length < model.steps.length;
  if (partial && !starred && previous < model.steps.length - 1) rows.push(['⋯', '', `${plural(model.steps.length - 1 - previous, 'step')} not shown`, '', '']);
  const lead = !partial
    ? ''
    : starred
      ? `The ${plural(indices.length, 'starred step')} of ${count(model.steps.length)}:`
      : `Showing ${count(indices.length)} of ${plural(model.steps.length, 'step')}: the first and last ${EDGE}, and any step that threw, has a note or is no longer reached.`;
  const capsule = input.capsuleName ? code(input.capsuleName) : 'the capsule';
  const noLinks = linked < indices.length ? `\n\n${linked === 0 ? 'The steps have no links' : 'Some steps have no link'} (the address would be too long): open ${capsule} in Timescope and pick the step.` : '';
  return `${lead ? `${lead}\n\n` : ''}${table(['Step', 'Command', 'Outcome', 'Duration', 'Note'], rows, ['r', 'l', 'l', 'r', 'l'])}${noLinks}`;
}
