// Zoom, pan, fit and reveal as arithmetic: the time under the pointer stays
// put, the run never leaves the view, and the selected step is brought in
// with the smallest move.
import { describe, expect, test } from 'vitest';
import { clampView, fit, FIT_MARGIN_PX, MAX_PX_PER_MS, panBy, reveal, tickLabel, tickStepMs, zoomAt, type Extent } from './viewport';

const e: Extent = { extentMs: 100, widthPx: 516, contentPx: 200, viewPx: 100 };
const timeAt = (vp: { startMs: number; pxPerMs: number }, x: number) => vp.startMs + x / vp.pxPerMs;

describe('fit', () => {
  test('the whole run across the width, a margin at each end', () => {
    const vp = fit(e);
    expect(vp.pxPerMs).toBeCloseTo(5, 9);
    expect(timeAt(vp, FIT_MARGIN_PX)).toBeCloseTo(0, 9);
    expect(timeAt(vp, e.widthPx - FIT_MARGIN_PX)).toBeCloseTo(100, 9);
  });

  test('a run of no duration still gets a scale', () => {
    expect(Number.isFinite(fit({ ...e, extentMs: 0 }).pxPerMs)).toBe(true);
  });
});

describe('zoomAt', () => {
  test('keeps the time under the pointer where it is', () => {
    const vp = zoomAt(fit(e), 4, 200, e);
    expect(vp.pxPerMs).toBeCloseTo(20, 9);
    expect(timeAt(vp, 200)).toBeCloseTo(timeAt(fit(e), 200), 9);
  });

  test('no further out than the fit, no further in than the limit', () => {
    expect(zoomAt(fit(e), 0.1, 100, e).pxPerMs).toBeCloseTo(fit(e).pxPerMs, 9);
    expect(zoomAt(fit(e), 1e12, 100, e).pxPerMs).toBe(MAX_PX_PER_MS);
  });
});

describe('panBy and clampView', () => {
  test('pans by pixels, and not past either end of the run', () => {
    const zoomed = zoomAt(fit(e), 10, 0, e);
    expect(timeAt(panBy(zoomed, 50, 0, e), 0) - timeAt(zoomed, 0)).toBeCloseTo(1, 9);
    expect(panBy(zoomed, -1e6, 0, e).startMs).toBeCloseTo(-FIT_MARGIN_PX / zoomed.pxPerMs, 9);
    const right = panBy(zoomed, 1e6, 0, e);
    expect(timeAt(right, e.widthPx - FIT_MARGIN_PX)).toBeCloseTo(100, 9);
  });

  test('the rows scroll between the top and their end', () => {
    expect(panBy(fit(e), 0, 1e6, e).scrollY).toBe(100);
    expect(panBy(fit(e), 0, -5, e).scrollY).toBe(0);
    expect(clampView({ startMs: 0, pxPerMs: 5, scrollY: 50 }, { ...e, contentPx: 80 }).scrollY).toBe(0);
  });
});

describe('reveal', () => {
  const zoomed = zoomAt(fit(e), 10, 0, e); // 50 px per ms, about 10 ms in view from -0.16 ms

  test('leaves a step in view alone', () => {
    expect(reveal(zoomed, { startMs: 2, endMs: 3 }, 0, 22, e)).toEqual(zoomed);
  });

  test('centres a step out of view', () => {
    const vp = reveal(zoomed, { startMs: 50, endMs: 52 }, 0, 22, e);
    expect(timeAt(vp, e.widthPx / 2)).toBeCloseTo(51, 9);
  });

  test('puts a step wider than the view at the left, and scrolls its row in', () => {
    const vp = reveal(zoomed, { startMs: 40, endMs: 90 }, 150, 172, e);
    expect(timeAt(vp, 0)).toBeLessThan(40);
    expect(timeAt(vp, 40)).toBeGreaterThan(40);
    expect(vp.scrollY).toBe(72);
  });
});

describe('ticks', () => {
  test('1, 2 or 5 times a power of ten, at least the gap apart', () => {
    for (const pxPerMs of [0.001, 0.37, 1, 5, 123, 40_000]) {
      const step = tickStepMs(pxPerMs, 72);
      expect(step * pxPerMs).toBeGreaterThanOrEqual(72 - 1e-9);
      expect(step * pxPerMs).toBeLessThan(72 * 5 + 1e-9);
      const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
      expect([1, 2, 5]).toContainEqual(Math.round(mantissa));
    }
  });

  test('labels with the decimals the step needs', () => {
    expect(tickLabel(20, 10)).toBe('20 ms');
    expect(tickLabel(0.25, 0.05)).toBe('0.25 ms');
    expect(tickLabel(0.002, 0.001)).toBe('0.002 ms');
    expect(tickLabel(3000, 1000)).toBe('3 s');
    expect(tickLabel(500, 500)).toBe('500 ms');
    expect(tickLabel(1500, 500)).toBe('1.5 s');
    expect(tickLabel(12000, 2000)).toBe('12 s');
    // Far into a long run, zoomed in: seconds, to the step's precision.
    expect(tickLabel(439935, 5)).toBe('439.935 s');
  });
});
