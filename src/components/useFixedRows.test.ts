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
});
