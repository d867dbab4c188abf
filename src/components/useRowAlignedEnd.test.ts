import { describe, expect, test } from 'vitest';
import { alignedEndGap, rowAlignedBottom } from './useRowAlignedEnd';

describe('a list scrolled to its end starts on a row', () => {
  test('the gap makes the last scroll offset a whole number of rows', () => {
    for (const view of [100, 104, 130, 304, 311]) {
      for (const content of [26 * 10, 26 * 200 + 34]) {
        const gap = alignedEndGap(content, view, 26);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThan(26);
        if (content > view) expect((content + gap - view) % 26, `content ${content}, view ${view}`).toBe(0);
        else expect(gap).toBe(0);
      }
    }
  });

  test('a list that does not scroll needs no gap', () => {
    expect(alignedEndGap(78, 100, 26)).toBe(0);
    expect(alignedEndGap(100, 100, 26)).toBe(0);
  });

  test('a row revealed at the bottom leaves the top row whole', () => {
    // view 304 px: row 4990 (top 129740) at the bottom; the offset is a whole number of rows, the row in view.
    const offset = rowAlignedBottom(129_740, 304, 26);
    expect(offset % 26).toBe(0);
    expect(offset + 304).toBeGreaterThanOrEqual(129_740 + 26);
    expect(offset).toBeLessThanOrEqual(129_740);
    expect(rowAlignedBottom(26, 304, 26)).toBe(0);
  });
});
