// Retry brackets: a line over a Retry's attempts on its row, a tick where
// each later attempt begins, the fallback's stretch dashed, and the label
// "↻ Retry at <path> · N tries" where it fits. Only groups in view and at
// least a few pixels wide are drawn; the levels of nested Retries stack.
import type { RetryGroup } from '../../core/trace/timing';
import { BRACKET_PX } from './geometry';
import { retriesInView, type RowBars } from './lanes';
import { SMALL_FONT, type Scene } from './scene';

/** Brackets narrower than this are left out: the bars under them say enough. */
const MIN_BRACKET_PX = 4;
/** Nested Retries on one row: deeper ones than this draw no bracket of their own. */
const MAX_BRACKET_LEVELS = 3;

export function drawBrackets(ctx: CanvasRenderingContext2D, bars: RowBars, y: number, scene: Scene, t0: number, t1: number): void {
  const { vp, palette } = scene;
  const px = (t: number) => (t - vp.startMs) * vp.pxPerMs;
  const line = y + BRACKET_PX - 2;
  ctx.strokeStyle = palette.muted;
  ctx.fillStyle = palette.muted;
  ctx.lineWidth = 1;
  ctx.font = SMALL_FONT;
  ctx.textBaseline = 'middle';
  const levels = Math.min(MAX_BRACKET_LEVELS, bars.retries.length);
  for (let level = 0; level < levels; level++) {
    const groups = bars.retries[level]!;
    retriesInView(groups, t0, t1, MIN_BRACKET_PX / vp.pxPerMs, (g: RetryGroup, at: number) => {
      const x0 = Math.round(px(g.startMs)) + 0.5;
      const x1 = Math.round(px(g.endMs)) - 0.5;
      const fallbackX = g.fallback ? Math.round(px(g.fallback.startMs)) + 0.5 : x1;
      ctx.beginPath();
      ctx.moveTo(x0, line + 4);
      ctx.lineTo(x0, line);
      ctx.lineTo(fallbackX, line);
      ctx.moveTo(x1, line);
      ctx.lineTo(x1, line + 4);
      // Each later attempt begins at a tick, when there is room to tell them apart.
      const tries = g.attempts.length + (g.fallback ? 1 : 0);
      if ((x1 - x0) / tries >= 3) {
        const first = Math.max(1, lowerStart(g, t0));
        for (let k = first; k < g.attempts.length && g.attempts[k]!.startMs <= t1; k++) {
          const x = Math.round(px(g.attempts[k]!.startMs)) + 0.5;
          ctx.moveTo(x, line - 3);
          ctx.lineTo(x, line + 4);
        }
        if (g.fallback) {
          ctx.moveTo(fallbackX, line - 3);
          ctx.lineTo(fallbackX, line + 4);
        }
      }
      ctx.stroke();
      if (g.fallback) {
        // The fallback's stretch dashed: it ran because every try failed.
        ctx.setLineDash([3, 2]);
        ctx.beginPath();
        ctx.moveTo(fallbackX, line);
        ctx.lineTo(x1, line);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      if (level > 0) return;
      // The label may run on past its bracket, up to the next bracket on this row.
      const next = groups[at + 1];
      const room = Math.min(next ? px(next.startMs) : Infinity, scene.widthPx) - Math.max(x0, 0) - 8;
      const tried = `${g.attempts.length} ${g.attempts.length === 1 ? 'try' : 'tries'}`;
      const long = `↻ Retry at ${g.path} · ${tried}${g.fallback ? ' · then fallback' : ''}`;
      for (const text of [long, `↻ Retry at ${g.path} · ${tried}`, `↻ ${tried}`, '↻']) {
        if (ctx.measureText(text).width <= room) {
          ctx.fillText(text, Math.max(x0, 0) + 4, y + 6);
          break;
        }
      }
    });
  }
}

/** The first attempt starting at or after t (attempts are in time order). */
function lowerStart(g: RetryGroup, t: number): number {
  let lo = 0;
  let hi = g.attempts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (g.attempts[mid]!.startMs < t) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1);
}
