// The waterfall's window onto time and rows: which ms is at the left edge,
// how many pixels a ms takes, how far the rows are scrolled. Pure arithmetic,
// so zoom, pan, fit and "bring the selected step into view" are tested
// without a canvas.

export interface Viewport {
  /** the time at x = 0, ms (negative leaves a margin before the run starts) */
  readonly startMs: number;
  readonly pxPerMs: number;
  /** how far the rows are scrolled down, px */
  readonly scrollY: number;
}

/** Room left at either end when fitted, px. */
export const FIT_MARGIN_PX = 8;
/** The closest zoom: a microsecond (the recorder's resolution) 40 px wide. */
export const MAX_PX_PER_MS = 40_000;

export interface Extent {
  /** the latest end of anything drawn, ms */
  readonly extentMs: number;
  readonly widthPx: number;
  /** all rows, px */
  readonly contentPx: number;
  /** the rows' visible height, px */
  readonly viewPx: number;
}

/** A run of zero duration still gets a scale: 1 ms across. */
const spanOf = (extentMs: number) => (extentMs > 0 ? extentMs : 1);

export function fitPxPerMs(extentMs: number, widthPx: number): number {
  return Math.min(MAX_PX_PER_MS, Math.max(1, widthPx - 2 * FIT_MARGIN_PX) / spanOf(extentMs));
}

/** The whole run across the width, rows scrolled as they were. */
export function fit(e: Extent, scrollY = 0): Viewport {
  const pxPerMs = fitPxPerMs(e.extentMs, e.widthPx);
  return clampView({ startMs: -FIT_MARGIN_PX / pxPerMs, pxPerMs, scrollY }, e);
}

/** Keeps the run in view: no zooming out past the fit, and no panning the run off either edge. */
export function clampView(vp: Viewport, e: Extent): Viewport {
  const minPx = fitPxPerMs(e.extentMs, e.widthPx);
  const pxPerMs = Math.min(MAX_PX_PER_MS, Math.max(minPx, vp.pxPerMs));
  const earliest = -FIT_MARGIN_PX / pxPerMs;
  const latest = spanOf(e.extentMs) + FIT_MARGIN_PX / pxPerMs - e.widthPx / pxPerMs;
  const startMs = latest <= earliest ? earliest : Math.min(latest, Math.max(earliest, vp.startMs));
  const scrollY = Math.min(Math.max(0, e.contentPx - e.viewPx), Math.max(0, vp.scrollY));
  return { startMs, pxPerMs, scrollY };
}

/** Zoom by `factor` (>1 in) keeping the time under x where it is. */
export function zoomAt(vp: Viewport, factor: number, xPx: number, e: Extent): Viewport {
  const t = vp.startMs + xPx / vp.pxPerMs;
  const pxPerMs = Math.min(MAX_PX_PER_MS, Math.max(fitPxPerMs(e.extentMs, e.widthPx), vp.pxPerMs * factor));
  return clampView({ startMs: t - xPx / pxPerMs, pxPerMs, scrollY: vp.scrollY }, e);
}

export function panBy(vp: Viewport, dxPx: number, dyPx: number, e: Extent): Viewport {
  return clampView({ startMs: vp.startMs + dxPx / vp.pxPerMs, pxPerMs: vp.pxPerMs, scrollY: vp.scrollY + dyPx }, e);
}

/**
 * The smallest move that shows a step: unchanged when it is in view already;
 * else its bar centred, or when wider than the view its start near the left
 * edge; and its row scrolled into view.
 */
export function reveal(vp: Viewport, span: { startMs: number; endMs: number }, rowTopPx: number, rowBottomPx: number, e: Extent): Viewport {
  const x0 = (span.startMs - vp.startMs) * vp.pxPerMs;
  const x1 = (span.endMs - vp.startMs) * vp.pxPerMs;
  let startMs = vp.startMs;
  if (x0 < 0 || x1 > e.widthPx) {
    const widthMs = e.widthPx / vp.pxPerMs;
    const barMs = span.endMs - span.startMs;
    startMs = barMs < widthMs * 0.8 ? (span.startMs + span.endMs) / 2 - widthMs / 2 : span.startMs - (FIT_MARGIN_PX * 4) / vp.pxPerMs;
  }
  let scrollY = vp.scrollY;
  if (rowTopPx < scrollY) scrollY = rowTopPx;
  else if (rowBottomPx > scrollY + e.viewPx) scrollY = rowBottomPx - e.viewPx;
  return clampView({ startMs, pxPerMs: vp.pxPerMs, scrollY }, e);
}

/** Tick spacing for the time axis: 1, 2 or 5 × 10^k ms, at least minGapPx apart. */
export function tickStepMs(pxPerMs: number, minGapPx = 72): number {
  const raw = minGapPx / pxPerMs;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** "0 ms", "12.5 ms", "0.002 ms", "1.5 s", "439.935 s": as many decimals as the tick step needs; seconds from 1 s on. */
export function tickLabel(ms: number, stepMs: number): string {
  if (stepMs >= 1000 || Math.abs(ms) >= 1000) {
    const decimals = Math.max(0, -Math.floor(Math.log10(stepMs / 1000) + 1e-9));
    return `${(ms / 1000).toFixed(decimals)} s`;
  }
  const decimals = Math.max(0, -Math.floor(Math.log10(stepMs) + 1e-9));
  return `${ms.toFixed(decimals)} ms`;
}
