// One frame of the waterfall. Only what is in view is looked at: the rows
// under the visible height, and in each row the marks rowMarks finds for the
// visible time window (a bar per step at least a pixel wide, one mark per
// pixel column of thinner ones), so a frame costs about rows × width, never
// the number of steps. Fills are batched by colour into one path each.
import { formatMs } from '../../core/present/step-text';
import { drawBrackets } from './brackets';
import { AXIS_PX, barBand, rowAtY } from './geometry';
import { rowMarks } from './lanes';
import { drawAxis, drawScrollHint, drawSelected } from './overlay';
import { LABEL_FONT, type DrawnStep, type FrameStats, type Scene } from './scene';
import { placeRowLabels, type PlacedLabel, type RowItem } from './labels';
import { tickStepMs } from './viewport';

export type { DrawnStep, FrameStats, Scene } from './scene';

interface Paths {
  returned: Path2D;
  threw: Path2D;
  unrecorded: Path2D;
  decision: Path2D;
  cancelled: Path2D;
  errorMarks: Path2D;
  whatIf: Path2D;
}

/** A small downward triangle over the bar: errors are marked by shape as well as colour. */
function errorMark(path: Path2D, x: number, barTop: number) {
  path.moveTo(x - 3.5, barTop - 4.5);
  path.lineTo(x + 3.5, barTop - 4.5);
  path.lineTo(x, barTop);
  path.closePath();
}

/** Text widths in LABEL_FONT, by text: names repeat across frames and steps. */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 5_000;

function measurer(ctx: CanvasRenderingContext2D): (text: string) => number {
  return (text) => {
    let w = widths.get(text);
    if (w === undefined) {
      if (widths.size >= WIDTHS_KEPT) widths.clear();
      w = ctx.measureText(text).width;
      widths.set(text, w);
    }
    return w;
  };
}

function barLabel(step: DrawnStep): string {
  if (step.kind === 'decision') {
    const d = step.decision;
    const branches = typeof d?.branches === 'number' ? ` · ${d.branches} branch${d.branches === 1 ? '' : 'es'}` : '';
    const cancelled = d?.cancelled ? (typeof d.branch === 'number' ? ` · cancelled by ${d.branch}` : ' · cancelled') : '';
    return `∥ Parallel${branches}${cancelled}`;
  }
  return `${step.threw ? '✕ ' : ''}${step.command}`;
}

export function drawWaterfall(ctx: CanvasRenderingContext2D, scene: Scene): FrameStats {
  const { index, geometry, steps, vp, widthPx, heightPx, palette } = scene;
  const px = (t: number) => (t - vp.startMs) * vp.pxPerMs;
  const t0 = vp.startMs;
  const t1 = vp.startMs + widthPx / vp.pxPerMs;
  ctx.fillStyle = palette.background;
  ctx.fillRect(0, 0, widthPx, heightPx);

  // Grid: one line per axis tick, under everything.
  const step = tickStepMs(vp.pxPerMs);
  const firstTick = Math.ceil(t0 / step) * step;
  ctx.fillStyle = palette.line;
  for (let t = firstTick; t <= t1; t += step) ctx.fillRect(Math.round(px(t)), AXIS_PX, 1, heightPx - AXIS_PX);

  const paths: Paths = { returned: new Path2D(), threw: new Path2D(), unrecorded: new Path2D(), decision: new Path2D(), cancelled: new Path2D(), errorMarks: new Path2D(), whatIf: new Path2D() };
  const labels: (PlacedLabel & { y: number })[] = [];
  const connectors: { x: number; y0: number; y1: number }[] = [];
  let bars = 0;
  let columns = 0;
  let errorMarks = 0;
  let rowsDrawn = 0;
  ctx.font = LABEL_FONT;
  const measure = measurer(ctx);

  const firstRow = Math.max(0, rowAtY(geometry, vp.scrollY));
  const rowsEnd = vp.scrollY + heightPx - AXIS_PX;
  for (let r = firstRow; r < index.rows.length && geometry.rowTop[r]! < rowsEnd; r++) {
    rowsDrawn++;
    const rowBars = index.rows[r]!;
    const y = AXIS_PX + geometry.rowTop[r]! - vp.scrollY;
    const band = barBand(index, r);
    const top = y + band.top;
    const height = band.bottom - band.top;
    // Row separator.
    ctx.fillStyle = palette.line;
    ctx.fillRect(0, Math.round(AXIS_PX + geometry.rowTop[r + 1]! - vp.scrollY) - 1, widthPx, 1);
    if (rowBars.retries.length > 0) drawBrackets(ctx, rowBars, y, scene, t0, t1);
    // Dense errors would run their ▼ together into a stripe: one per 8 px keeps them countable.
    let lastMark = -Infinity;
    const items: RowItem[] = [];
    const markAt = (x: number) => {
      if (x - lastMark < 8) return;
      lastMark = x;
      errorMark(paths.errorMarks, x, top);
    };

    rowMarks(rowBars, t0, vp.pxPerMs, widthPx, (mark) => {
      if (mark.kind === 'column') {
        columns++;
        const target = mark.errors > 0 ? paths.threw : paths.returned;
        target.rect(mark.column, top, 1, height);
        items.push({ step: -1, left: mark.column, right: mark.column + 1 });
        if (mark.errors > 0) {
          errorMarks++;
          markAt(mark.column + 0.5);
        }
        return;
      }
      bars++;
      const i = rowBars.steps[mark.at]!;
      const s = steps.at(i)!;
      const x0 = px(rowBars.start[mark.at]!);
      const x1 = px(rowBars.end[mark.at]!);
      const left = Math.max(-1, x0);
      const right = Math.min(widthPx + 1, x1);
      // A pixel of gap between neighbours that touch, once bars are wide enough to spare it.
      const w = right - left >= 4 ? right - left - 1 : right - left;
      // A what-if's bar: outlined, a little outside the bar so its fill (and error mark) still shows.
      if (scene.whatIf?.has(i)) paths.whatIf.rect(left - 1.5, top - 1.5, Math.max(w, 3) + 3, height + 3);
      if (s.kind === 'decision') {
        // A lighter band a little taller than the bars: the Parallel's whole time, its branches below.
        (s.decision?.cancelled ? paths.cancelled : paths.decision).rect(left, top - 2, w, height + 4);
        const parallel = index.parallelByDecision.get(i);
        if (parallel && parallel.lastRow >= parallel.firstRow) {
          const yTop = y + band.top + height;
          const yBottom = AXIS_PX + geometry.rowTop[parallel.lastRow + 1]! - vp.scrollY - 2;
          connectors.push({ x: Math.round(x0) + 0.5, y0: yTop, y1: yBottom }, { x: Math.round(x1) - 0.5, y0: yTop, y1: yBottom });
        }
      } else if (s.threw) {
        paths.threw.rect(left, top, w, height);
        errorMarks++;
        markAt(Math.max(3.5, x0 + Math.min(3.5, (x1 - x0) / 2)));
      } else (s.kind === 'unrecorded' ? paths.unrecorded : paths.returned).rect(left, top, w, height);
      const name = barLabel(s);
      items.push({ step: i, left, right: left + w, name, full: s.kind === 'decision' ? name : `${name} ${formatMs(s.durationMs ?? 0)}`, band: s.kind === 'decision' });
    });
    for (const l of placeRowLabels(items, widthPx, measure)) labels.push({ ...l, y: top + height / 2 + 0.5 });
  }

  ctx.fillStyle = palette.decision;
  ctx.fill(paths.decision);
  ctx.fillStyle = palette.threwSoft;
  ctx.fill(paths.cancelled);
  ctx.strokeStyle = palette.line;
  ctx.lineWidth = 1;
  ctx.stroke(paths.decision);
  ctx.stroke(paths.cancelled);
  ctx.beginPath();
  for (const c of connectors) {
    ctx.moveTo(c.x, c.y0);
    ctx.lineTo(c.x, c.y1);
  }
  ctx.strokeStyle = palette.muted;
  ctx.setLineDash([2, 2]);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = palette.returned;
  ctx.fill(paths.returned);
  ctx.fillStyle = palette.unrecorded;
  ctx.fill(paths.unrecorded);
  ctx.fillStyle = palette.threw;
  ctx.fill(paths.threw);

  ctx.font = LABEL_FONT;
  ctx.textBaseline = 'middle';
  for (const l of labels) {
    ctx.fillStyle = l.inside ? palette.onBar : palette.text;
    ctx.fillText(l.text, l.x, l.y);
  }

  ctx.strokeStyle = palette.whatIf;
  ctx.lineWidth = 2;
  ctx.stroke(paths.whatIf);
  ctx.lineWidth = 1;
  drawSelected(ctx, scene);
  // Over the selection's outline, so a selected error keeps its mark.
  ctx.fillStyle = palette.threw;
  ctx.fill(paths.errorMarks);
  drawAxis(ctx, scene, step, firstTick, t1);
  drawScrollHint(ctx, scene);
  return { bars, columns, errorMarks, rows: rowsDrawn, labels };
}

