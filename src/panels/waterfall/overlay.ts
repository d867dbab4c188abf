// What is drawn over the bars: the selection's outline and its caret on the
// axis, the time axis itself, and a scroll thumb when the rows overflow.
import { AXIS_PX, barBand } from './geometry';
import { SMALL_FONT, type Scene } from './scene';
import { tickLabel } from './viewport';

export function drawSelected(ctx: CanvasRenderingContext2D, scene: Scene): void {
  const { index, geometry, vp, widthPx, heightPx, palette, selected } = scene;
  const { timing } = index;
  if (selected < 0 || selected >= timing.startMs.length) return;
  const r = timing.row[selected]!;
  const x0 = (timing.startMs[selected]! - vp.startMs) * vp.pxPerMs;
  const x1 = (timing.endMs[selected]! - vp.startMs) * vp.pxPerMs;
  if (x1 < -4 || x0 > widthPx + 4) return;
  const y = AXIS_PX + geometry.rowTop[r]! - vp.scrollY;
  const band = barBand(index, r);
  const pad = scene.steps.at(selected)?.kind === 'decision' ? 2 : 0;
  const top = y + band.top - pad;
  const bottom = y + band.bottom + pad;
  // At least 5 px wide, so a thin step's selection still shows.
  const mid = (x0 + x1) / 2;
  const left = x1 - x0 >= 5 ? x0 : mid - 2.5;
  const right = x1 - x0 >= 5 ? x1 : mid + 2.5;
  if (bottom > AXIS_PX && top < heightPx) {
    ctx.strokeStyle = palette.background;
    ctx.lineWidth = 4;
    ctx.strokeRect(left - 1.5, top - 1.5, right - left + 3, bottom - top + 3);
    ctx.strokeStyle = palette.focus;
    ctx.lineWidth = 2;
    ctx.strokeRect(left - 1.5, top - 1.5, right - left + 3, bottom - top + 3);
  }
  // A caret on the time axis at the step's start.
  ctx.fillStyle = palette.focus;
  ctx.beginPath();
  ctx.moveTo(Math.max(0, left) - 4, AXIS_PX - 5);
  ctx.lineTo(Math.max(0, left) + 4, AXIS_PX - 5);
  ctx.lineTo(Math.max(0, left), AXIS_PX);
  ctx.closePath();
  ctx.fill();
}

export function drawAxis(ctx: CanvasRenderingContext2D, scene: Scene, step: number, firstTick: number, t1: number): void {
  const { vp, widthPx, palette } = scene;
  ctx.fillStyle = palette.background;
  ctx.fillRect(0, 0, widthPx, AXIS_PX - 5);
  ctx.fillStyle = palette.line;
  ctx.fillRect(0, AXIS_PX - 1, widthPx, 1);
  ctx.font = SMALL_FONT;
  ctx.textBaseline = 'middle';
  for (let t = firstTick; t <= t1; t += step) {
    const x = Math.round((t - vp.startMs) * vp.pxPerMs);
    ctx.fillStyle = palette.line;
    ctx.fillRect(x, AXIS_PX - 5, 1, 4);
    ctx.fillStyle = palette.muted;
    ctx.fillText(tickLabel(Math.abs(t) < step / 1e6 ? 0 : t, step), x + 3, AXIS_PX / 2 - 2);
  }
}

/** When the rows are taller than the view, a thin thumb on the right shows where the view is. */
export function drawScrollHint(ctx: CanvasRenderingContext2D, scene: Scene): void {
  const { geometry, vp, widthPx, heightPx, palette } = scene;
  const content = geometry.rowTop[geometry.rowTop.length - 1]!;
  const view = heightPx - AXIS_PX;
  if (content <= view + 0.5) return;
  const thumb = Math.max(12, (view * view) / content);
  const y = AXIS_PX + ((view - thumb) * vp.scrollY) / (content - view);
  ctx.fillStyle = palette.muted;
  ctx.globalAlpha = 0.6;
  ctx.fillRect(widthPx - 4, y, 3, thumb);
  ctx.globalAlpha = 1;
}

