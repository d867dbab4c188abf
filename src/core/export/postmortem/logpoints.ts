// The values the person pinned from logpoints while debugging, in the post-mortem: where each was
// read (file:line), what was asked (the expression), what it showed, and the step it belongs to,
// linked as every step is. The text is a value of the trace's (maybe someone else's, a shared
// incident): it goes in a code span, or a fence when it runs over lines, never as Markdown.
import type { TraceModel } from '../../trace/model';
import { clip, code, count, fence, plural } from './markdown';
import { stepRef } from './resolution';

export interface PostmortemPin {
  readonly file: string;
  readonly line: number;
  readonly expr: string;
  /** the value or error as text, as pinned */
  readonly text: string;
  /** the recorded step it belongs to (core/logpoints/pins); undefined when none followed it */
  readonly recorded?: number;
}

/** Pins listed; more is counted (the incident holds them all). */
const MAX_LISTED = 50;
/** A value this long, or one over several lines, goes in a block of its own. */
const INLINE_CHARS = 120;
const BLOCK_CHARS = 2_000;
/** A value's characters in a timeline cell. */
const CELL_CHARS = 60;
const CELL_PINS = 3;

const where = (p: PostmortemPin) => code(`${p.file}:${p.line}`);

function valueOf(p: PostmortemPin): string {
  if (p.text.length <= INLINE_CHARS && !/[\r\n]/.test(p.text)) return ` = ${code(p.text)}`;
  return ` =\n\n${fence(clip(p.text, BLOCK_CHARS), 'text').replace(/^/gm, '  ')}`;
}

/** The Logpoints section; '' when nothing is pinned. */
export function logpointsSection(model: TraceModel, pins: readonly PostmortemPin[], stepLink: (i: number) => string | undefined): string {
  if (pins.length === 0) return '';
  const listed = pins.slice(0, MAX_LISTED).map((p) => {
    const at = p.recorded !== undefined ? `at ${stepRef(model, p.recorded, stepLink)}` : 'before any step ran';
    return `- ${where(p)} ${code(p.expr)}, ${at}${valueOf(p)}`;
  });
  const more = pins.length > MAX_LISTED ? [`- and ${count(pins.length - MAX_LISTED)} more, in the incident`] : [];
  const lead = `${plural(pins.length, 'value')} read by logpoints in the replay and pinned while debugging (each is what the expression showed when its line ran):`;
  return [lead, '', ...listed, ...more].join('\n');
}

/** The pins of each recorded step, for the timeline's rows. */
export function pinsByStep(pins: readonly PostmortemPin[]): Map<number, PostmortemPin[]> {
  const out = new Map<number, PostmortemPin[]>();
  for (const p of pins) {
    if (p.recorded === undefined) continue;
    const list = out.get(p.recorded) ?? [];
    list.push(p);
    out.set(p.recorded, list);
  }
  return out;
}

/** A step's pins in its timeline cell, short: `total` = `0`. (`cell` escapes the pipes once the row is made.) */
export function pinsCell(pins: readonly PostmortemPin[] | undefined): string {
  if (!pins?.length) return '';
  const shown = pins.slice(0, CELL_PINS).map((p) => `${code(p.expr)} = ${code(clip(p.text, CELL_CHARS))}`);
  return `${shown.join('<br>')}${pins.length > CELL_PINS ? `<br>and ${count(pins.length - CELL_PINS)} more` : ''}`;
}
