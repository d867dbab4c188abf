// Logpoints as a link or capsule carries them, when the sender chooses to: where each one is and
// what it shows (`file:line=expr`), and the hits they pinned, with the text each showed. Ids stay
// home: the receiver makes its own, and a pin names its logpoint by its place in `points`.
//
// Everything here is someone else's. The schema bounds every count and length; an expression is
// checked again (core/logpoints/expression) by every replay that would run it (prepare.ts), so one
// that is refused still shows, saying why, and never runs.
import { z } from '../zod';
import { MAX_EXPRESSION, MAX_LOGPOINTS } from '../logpoints/limits';
import type { Logpoint, PinnedHit } from '../logpoints/types';

/** Pinned hits a link carries at most: a walkthrough's worth, not a log. */
export const MAX_SHARED_PINS = 200;
/** Characters of a pinned hit's text a link carries; a longer one is cut, saying so with `…`. */
export const MAX_PIN_TEXT = 2_000;
const MAX_FILE = 500;
const MAX_PATH = 500;
const MAX_LINE = 10_000_000;

const line = z.number().int().min(1).max(MAX_LINE);

export const sharedPointSchema = z.object({
  file: z.string().min(1).max(MAX_FILE),
  line,
  // Checked again before it could run; bounded here so that a link cannot carry a program.
  expr: z.string().max(MAX_EXPRESSION)
});

export const sharedPinSchema = z.object({
  /** its logpoint, by its place in `points`; absent when that logpoint was not shared */
  point: z.number().int().nonnegative().optional(),
  /** the hit's order in the replay it came from */
  seq: z.number().int().nonnegative(),
  /** the step it belongs to, by its place in that replay's steps, and that step's path */
  step: z.number().int().nonnegative().optional(),
  path: z.string().max(MAX_PATH).optional(),
  /** what it showed, as text (redacted as the link is) */
  text: z.string().max(MAX_PIN_TEXT),
  file: z.string().min(1).max(MAX_FILE),
  line,
  expr: z.string().max(MAX_EXPRESSION)
});

/** Added after v1 shipped, optional: the sender's logpoints and pinned hits. */
export const sharedLogpointsSchema = z
  .object({
    points: z.array(sharedPointSchema).max(MAX_LOGPOINTS),
    pinned: z.array(sharedPinSchema).max(MAX_SHARED_PINS)
  })
  .superRefine((l, ctx) => {
    l.pinned.forEach((p, i) => {
      if (p.point !== undefined && p.point >= l.points.length) {
        ctx.addIssue({ code: 'custom', path: ['pinned', i, 'point'], message: `names logpoint ${p.point + 1}, and there are ${l.points.length}` });
      }
    });
  });

export type SharedLogpoints = z.infer<typeof sharedLogpointsSchema>;


const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The logpoints and pins as a link carries them, within the schema's bounds (the first ones kept).
 * A pin's text goes as given: the caller redacts it first when the link is redacted (share/buildShared).
 */
export function sharedLogpointsOf(points: readonly Logpoint[], pinned: readonly PinnedHit[]): SharedLogpoints {
  const kept = points.slice(0, MAX_LOGPOINTS);
  const at = new Map(kept.map((p, i) => [p.id, i]));
  return {
    points: kept.map((p) => ({ file: clip(p.file, MAX_FILE), line: Math.min(p.line, MAX_LINE), expr: clip(p.expr, MAX_EXPRESSION) })),
    pinned: pinned.slice(0, MAX_SHARED_PINS).map((h) => {
      const point = at.get(h.id);
      return {
        ...(point !== undefined ? { point } : {}),
        seq: h.seq,
        ...(h.step !== undefined ? { step: h.step } : {}),
        ...(h.path !== undefined ? { path: clip(h.path, MAX_PATH) } : {}),
        text: clip(h.text, MAX_PIN_TEXT),
        file: clip(h.file, MAX_FILE),
        line: Math.min(h.line, MAX_LINE),
        expr: clip(h.expr, MAX_EXPRESSION)
      };
    })
  };
}

/**
 * The logpoints and pins for the receiver's store, with ids made here: `shared1`, `shared2`… A pin
 * whose logpoint was not shared keeps an id of its own, so it still shows and can be unpinned.
 */
export function logpointsOfShared(shared: SharedLogpoints): { points: Logpoint[]; pinned: PinnedHit[] } {
  const idOf = (i: number) => `shared${i + 1}`;
  const points = shared.points.map((p, i) => ({ id: idOf(i), file: p.file, line: p.line, expr: p.expr }));
  const pinned = shared.pinned.map((h, i) => ({
    id: h.point !== undefined ? idOf(h.point) : `shared-pin${i + 1}`,
    seq: h.seq,
    ...(h.step !== undefined ? { step: h.step } : {}),
    ...(h.path !== undefined ? { path: h.path } : {}),
    text: h.text,
    file: h.file,
    line: h.line,
    expr: h.expr
  }));
  return { points, pinned };
}

/** "3 logpoints and 2 pinned values", for what a link carries. */
export function logpointsCountText(points: number, pins: number): string {
  const lp = `${points} logpoint${points === 1 ? '' : 's'}`;
  return pins ? `${lp} and ${pins} pinned value${pins === 1 ? '' : 's'}` : lp;
}
