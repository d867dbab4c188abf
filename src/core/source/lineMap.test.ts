import { describe, expect, it } from 'vitest';
import { lineMap } from './lineMap';

const text = (...lines: string[]) => lines.join('\n');

describe('lineMap', () => {
  const before = text('a', 'b', 'c', 'd', 'e');

  it('keeps every line when nothing changed', () => {
    const map = lineMap(before, before);
    expect([1, 2, 3, 4, 5].map(map)).toEqual([1, 2, 3, 4, 5]);
  });

  it('moves the lines below an inserted line down, and leaves those above', () => {
    const map = lineMap(before, text('a', 'b', 'NEW', 'c', 'd', 'e'));
    expect([1, 2, 3, 4, 5].map(map)).toEqual([1, 2, 4, 5, 6]);
  });

  it('moves the lines below a deleted line up, and maps the deleted line to where it was', () => {
    const map = lineMap(before, text('a', 'c', 'd', 'e'));
    expect([1, 2, 3, 4, 5].map(map)).toEqual([1, 2, 2, 3, 4]);
  });

  it('maps an edited line to itself', () => {
    const map = lineMap(before, text('a', 'b', 'C!', 'd', 'e'));
    expect(map(3)).toBe(3);
    expect(map(5)).toBe(5);
  });

  it('never maps past the end of a file that was cut short', () => {
    const map = lineMap(before, text('a'));
    expect(map(3)).toBe(1);
  });
});
