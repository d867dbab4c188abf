// A logpoint's hits in the words the editor, the Logs panel and the step details show: a value or
// an error as one capped line (the app's own preview), the step a hit belongs to, and the summary
// after a logpoint's line (`◆ total = 0 · 1 hit`), production's value beside the fix's.
import type { ReplayReport, ReplayStep } from '../replay/report';
import { errorSummary, preview } from '../present/step-text';
import { isStoredError } from '../values/revive';
import { groupDigits } from '../values/grouped';
import type { CheckedExpression } from './expression';
import { hitAsOf, hitCount } from './view';
import type { LogHit, LogPlacement, LogReport, Logpoint } from './types';

/** A hit's value or error in one line, capped like every value the app previews. */
export function hitText(hit: LogHit): string {
  if (hit.error !== undefined) return `✗ ${hit.error}`;
  // NaN, -0, 10n, undefined: JSON could not hold the value, the hit says how it read.
  if (hit.text !== undefined) return hit.text;
  if (!hit.hasValue) return 'undefined';
  return isStoredError(hit.value) ? errorSummary(hit.value) : preview(hit.value);
}

/**
 * The report step (index into `report.steps`) that stands for recorded step `entry` "as of" it:
 * the last one answered by that trace entry or an earlier one. Undefined when none was.
 */
export function reportStepAsOf(report: ReplayReport | undefined, entry: number): number | undefined {
  let at: number | undefined;
  report?.steps.forEach((s, k) => {
    if (s.entryIndex !== undefined && s.entryIndex <= entry) at = k;
  });
  return at;
}

/** The report's step a hit belongs to, with the recorded step (trace entry) that answered it, if any. */
export function stepOfHit(report: ReplayReport | undefined, hit: LogHit): ReplayStep | undefined {
  return hit.step === undefined ? undefined : report?.steps[hit.step];
}

/** `#2 cmdValidatePromo` (1-based, as the step list numbers them), or the new code's own step by path. */
export function stepLabel(step: ReplayStep | undefined): string {
  if (!step) return 'before any step';
  return step.entryIndex !== undefined ? `#${step.entryIndex + 1} ${step.name}` : `${step.name} (path ${step.path}, not in the recording)`;
}

/** `flow.ts:31 total` */
export const pointLabel = (p: Pick<Logpoint, 'file' | 'line' | 'expr'>): string => `${p.file}:${p.line} ${p.expr.trim()}`;

export const hitsWord = (n: number): string => `${groupDigits(n)} ${n === 1 ? 'hit' : 'hits'}`;

/** The placement a report's logs give this logpoint, when they were made with it as it is now. */
export function placementOf(logs: LogReport | undefined, point: Logpoint): LogPlacement | undefined {
  const p = logs?.placements.find((q) => q.id === point.id);
  return p && p.expr.trim() === point.expr.trim() ? p : undefined;
}

/** What one replay showed for a logpoint as of a step, in a few words. */
export type LogState =
  | { readonly kind: 'not-run' }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'did-not-run' }
  | { readonly kind: 'not-yet'; readonly count: number }
  | { readonly kind: 'hit'; readonly hit: LogHit; readonly text: string; readonly count: number };

export function logState(logs: LogReport | undefined, point: Logpoint, step: number | undefined): LogState {
  const placement = placementOf(logs, point);
  if (!placement) return { kind: 'not-run' };
  if (!placement.placed) return { kind: 'refused', reason: placement.reason };
  const count = hitCount(logs, point.id);
  if (count === 0) return { kind: 'did-not-run' };
  const hit = step === undefined ? undefined : hitAsOf(logs, point.id, step);
  return hit ? { kind: 'hit', hit, text: hitText(hit), count } : { kind: 'not-yet', count };
}

export interface LineSummary {
  /** after the line's code */
  readonly text: string;
  /** the same, whole, for the hover and screen readers */
  readonly label: string;
  readonly tone: 'value' | 'error' | 'muted' | 'refused';
}

export interface LineSummaryInput {
  readonly point: Logpoint;
  /** the checker's word on the expression; undefined while the checker loads */
  readonly checked: CheckedExpression | undefined;
  /** the recorded code's replay (production's values) */
  readonly production?: { readonly logs: LogReport | undefined; readonly step: number | undefined };
  /** the edited code's replay, when there is one */
  readonly fix?: { readonly logs: LogReport | undefined; readonly step: number | undefined };
  /** the selected step, 1-based, for "not run by step N" */
  readonly selected: number;
  /** why no replay will fill it in by itself (code that came with a link) */
  readonly waitsForReplay?: boolean;
}

const BADGE_VALUE = 60;
const clip = (text: string, n = BADGE_VALUE) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

function stateWords(state: LogState, expr: string, selected: number, short: boolean): string {
  switch (state.kind) {
    case 'hit':
      return state.hit.error !== undefined ? `${expr} ${short ? clip(state.text) : state.text}` : `${expr} = ${short ? clip(state.text) : state.text}`;
    case 'not-yet':
      return `${expr}: not run by step ${selected}`;
    case 'did-not-run':
      return `${expr}: did not run`;
    case 'refused':
      return `this logpoint ${state.reason}`;
    case 'not-run':
      return `${expr}: not run yet`;
  }
}

const countWords = (state: LogState) => (state.kind === 'hit' || state.kind === 'not-yet' ? ` · ${hitsWord(state.count)}` : state.kind === 'did-not-run' ? ' · 0 hits' : '');

/** What production showed, in a word, beside the fix's value. */
function productionWords(state: LogState, short: boolean): string | undefined {
  if (state.kind === 'hit') return short ? clip(state.text, 40) : state.text;
  if (state.kind === 'did-not-run') return 'did not run';
  if (state.kind === 'not-yet') return 'not run by then';
  return undefined;
}

/** The words after a logpoint's line: the value as of the selected step, its hits, production beside the fix. */
export function lineSummary(input: LineSummaryInput): LineSummary {
  const { point, checked, selected } = input;
  const expr = point.expr.trim();
  if (!expr) return { text: '◆ type what to show here', label: `Logpoint at ${point.file}:${point.line} with no expression yet`, tone: 'muted' };
  if (checked && !checked.ok) {
    const text = `◆ \`${clip(expr, 30)}\` ${checked.reason}`;
    return { text, label: `Logpoint refused: \`${expr}\` ${checked.reason}`, tone: 'refused' };
  }
  if (!checked) return { text: `◆ ${expr}: checking…`, label: `Logpoint ${expr}: checking the expression`, tone: 'muted' };
  const main = input.fix ?? input.production;
  const state = logState(main?.logs, point, main?.step);
  const prod = input.fix && input.production ? logState(input.production.logs, point, input.production.step) : undefined;
  const differs = (a: LogState, b: LogState) => (a.kind === 'hit' && b.kind === 'hit' ? a.text !== b.text : a.kind !== b.kind);
  const beside = (short: boolean) => {
    const words = prod && differs(state, prod) ? productionWords(prod, short) : undefined;
    return words ? ` · production: ${words}` : '';
  };
  const wait = state.kind === 'not-run' && input.waitsForReplay ? ' (press Replay)' : '';
  const placed = placementOf(main?.logs, point);
  const note = placed?.placed && placed.note ? placed.note : undefined;
  // "reads where cmdCharge is built (line 36)": the why after the colon is in the label.
  const noteShort = note ? ` · ${note.slice(0, note.indexOf(':') >= 0 ? note.indexOf(':') : undefined)}` : '';
  const tone = state.kind === 'refused' ? 'refused' : state.kind === 'hit' && state.hit.error !== undefined ? 'error' : state.kind === 'hit' ? 'value' : 'muted';
  return {
    text: `◆ ${stateWords(state, expr, selected, true)}${countWords(state)}${noteShort}${beside(true)}${wait}`,
    label: `Logpoint ${pointLabel(point)}: ${stateWords(state, expr, selected, false)}${countWords(state)}${input.fix ? ' in the edited code' : ''}${beside(false)}${wait}${note ? `. It ${note}` : ''}`,
    tone
  };
}

/** The id of the temporary logpoint a hover replays with (never one of the person's: theirs start `lp`). */
export const HOVER_LOGPOINT_ID = 'hover';

export interface HoverWords {
  readonly text: string;
  readonly tone: 'value' | 'error' | 'muted';
}

/**
 * What a hover shows for `expr`, read from a replay with one logpoint (`id`) on the hovered line:
 * its value as of recorded step `entry` (0-based), or why there is none.
 */
export function hoverWords(report: ReplayReport, id: string, expr: string, entry: number, stepName: string | undefined): HoverWords {
  const logs = report.logs;
  const placement = logs?.placements.find((p) => p.id === id);
  const stepWords = `step ${entry + 1}${stepName ? ` (${stepName})` : ''}`;
  if (!logs || !placement) return { text: `${expr}: the replay did not read it`, tone: 'muted' };
  if (!placement.placed) return { text: `${expr}: cannot be read here; a logpoint on this line ${placement.reason}`, tone: 'muted' };
  const count = hitCount(logs, id);
  if (count === 0) return { text: `${expr}: this line did not run in the replay`, tone: 'muted' };
  const step = reportStepAsOf(report, entry);
  const hit = step === undefined ? undefined : hitAsOf(logs, id, step);
  if (!hit) return { text: `${expr}: this line had not run by ${stepWords}`, tone: 'muted' };
  const ran = count > 1 ? ` · the line ran ${groupDigits(count)}×` : '';
  const where = placement.note ? `\n${placement.note.replace(/^reads/, 'read')}` : '';
  if (hit.error !== undefined) return { text: `${expr} ${hitText(hit)}\nas of ${stepWords}${ran}${where}`, tone: 'error' };
  return { text: `${expr} = ${hitText(hit)}\nas of ${stepWords}${ran}${where}`, tone: 'value' };
}
