import { describe, expect, it } from 'vitest';
import { rowsInView } from './useFixedRows';

describe('rowsInView', () => {
  it('the rows the view shows, and overscan rows around them, within the list', () => {
    expect(rowsInView(100_000, 26, 12, { offset: 0, height: 520 })).toEqual({ first: 0, last: 31 });
    expect(rowsInView(100_000, 26, 12, { offset: 26 * 5_000 + 13, height: 520 })).toEqual({ first: 4_988, last: 5_032 });
    expect(rowsInView(100_000, 26, 12, { offset: 26 * 99_980, height: 520 })).toEqual({ first: 99_968, last: 99_999 });
  });
  it('a view not laid out yet still gets its overscan rows; an empty list none', () => {
    expect(rowsInView(50, 26, 12, { offset: 0, height: 0 })).toEqual({ first: 0, last: 11 });
    expect(rowsInView(0, 26, 12, { offset: 0, height: 500 })).toEqual({ first: 0, last: -1 });
  });
  it('an offset seen before the list got shorter shows its last rows, never rows past its end', () => {
    // 25 rows scrolled to the end (offset 130 in a 520 px view), then a trace of 4 rows
    expect(rowsInView(4, 26, 12, { offset: 130, height: 520 })).toEqual({ first: 0, last: 3 });
    expect(rowsInView(1_000, 26, 0, { offset: 26 * 90_000, height: 520 })).toEqual({ first: 980, last: 999 });
  });
});
