import { describe, expect, it } from 'vitest';
import { fitLayout, initialLayout, resizeAt, type PanelSpec } from './layout';

const COLUMNS: PanelSpec[] = [
  { id: 'side', defaultSize: 36, minSize: 22, maxSize: 60 },
  { id: 'source', minSize: 35 }
];
const ROWS: PanelSpec[] = [
  { id: 'work', minSize: 40 },
  { id: 'narration', defaultSize: 26, minSize: 12, maxSize: 50 }
];

describe('initialLayout', () => {
  it('gives the defaults, and shares the rest among the panels with none', () => {
    expect(initialLayout(COLUMNS)).toEqual({ side: 36, source: 64 });
    expect(initialLayout(ROWS)).toEqual({ work: 74, narration: 26 });
    expect(initialLayout([{ id: 'work', minSize: 40 }])).toEqual({ work: 100 });
  });

  it('takes saved sizes for the same panels, held to their constraints', () => {
    expect(initialLayout(COLUMNS, { side: 45.5, source: 54.5 })).toEqual({ side: 45.5, source: 54.5 });
    // Saved by hand or by an older build beyond a bound: the bound, and the other panel fills the group.
    expect(initialLayout(COLUMNS, { side: 90, source: 10 })).toEqual({ side: 60, source: 40 });
  });

  it('ignores sizes saved for another set of panels, or not numbers', () => {
    expect(initialLayout(COLUMNS, { side: 50 })).toEqual({ side: 36, source: 64 });
    expect(initialLayout(COLUMNS, { side: 50, narration: 50 })).toEqual({ side: 36, source: 64 });
    expect(initialLayout(COLUMNS, { side: Number.NaN, source: 50 })).toEqual({ side: 36, source: 64 });
  });
});

describe('fitLayout', () => {
  it('makes the sizes add up to 100 within each constraint', () => {
    const layout = fitLayout(ROWS, [10, 10]);
    expect(layout.work! + layout.narration!).toBeCloseTo(100);
    expect(layout.narration).toBeLessThanOrEqual(50);
    expect(layout.work).toBeGreaterThanOrEqual(40);
  });
});

describe('resizeAt', () => {
  it('moves the boundary: the panel before grows as the one after shrinks', () => {
    expect(resizeAt(COLUMNS, { side: 36, source: 64 }, 0, 5)).toEqual({ side: 41, source: 59 });
    expect(resizeAt(COLUMNS, { side: 36, source: 64 }, 0, -5)).toEqual({ side: 31, source: 69 });
  });

  it('stops at the first constraint either panel meets', () => {
    // side's max is 60; source's min (35) would allow 65.
    expect(resizeAt(COLUMNS, { side: 36, source: 64 }, 0, 100)).toEqual({ side: 60, source: 40 });
    expect(resizeAt(COLUMNS, { side: 36, source: 64 }, 0, -100)).toEqual({ side: 22, source: 78 });
    // narration's min is 12: work grows to 88 at most.
    expect(resizeAt(ROWS, { work: 74, narration: 26 }, 0, 100)).toEqual({ work: 88, narration: 12 });
  });

  it('leaves the layout alone with no panel after the separator, or at a bound', () => {
    const at = { side: 60, source: 40 };
    expect(resizeAt(COLUMNS, at, 0, 5)).toBe(at);
    expect(resizeAt(COLUMNS, at, 1, 5)).toBe(at);
  });
});
