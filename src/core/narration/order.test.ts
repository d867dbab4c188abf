import { describe, expect, it } from 'vitest';
import type { TraceStep } from '../trace/model';
import { parsePath } from '../trace/paths';
import { startOrder } from './order';

// Only `index`, `path` and `parsedPath` matter to startOrder.
function steps(paths: (string | undefined)[]): TraceStep[] {
  return paths.map(
    (path, index) =>
      ({ index, command: `c${index}`, path, placed: path !== undefined && parsePath(path) !== undefined }) as unknown as TraceStep
  );
}

/** The start order, as paths. */
function orderOf(paths: string[]): string[] {
  return startOrder({ matching: 'path', steps: steps(paths) }).map((i) => paths[i] as string);
}

describe('startOrder', () => {
  it('orders a sequence by step number, not by array order', () => {
    expect(orderOf(['2', '0', '10', '1'])).toEqual(['0', '1', '2', '10']);
  });

  it('runs Retry attempts one after another, then the fallback', () => {
    expect(orderOf(['0', '1rf/0', '1r1/0', '1r0/1', '1r0/0', '2'])).toEqual(['0', '1r0/0', '1r0/1', '1r1/0', '1rf/0', '2']);
  });

  it('starts Parallel branches together and advances them round-robin, decision first', () => {
    expect(orderOf(['0p1/0', '0p1/1', '0p0/0', '0p0/1', '0p', '1'])).toEqual(['0p', '0p0/0', '0p1/0', '0p0/1', '0p1/1', '1']);
  });

  it('lets a longer branch run on alone once the others are done', () => {
    expect(orderOf(['0p0/0', '0p1/0', '0p1/1', '0p1/2', '0p2/0', '0p'])).toEqual([
      '0p',
      '0p0/0',
      '0p1/0',
      '0p2/0',
      '0p1/1',
      '0p1/2'
    ]);
  });

  it('nests: an inner Parallel is one lockstep group inside its branch', () => {
    // branch 0: x, then Parallel[y, z]; branch 1: a, b, c
    expect(orderOf(['0p1/0', '0p1/1', '0p1/2', '0p0/0', '0p0/1p1/0', '0p0/1p0/0', '0p0/1p', '0p'])).toEqual([
      '0p',
      '0p0/0',
      '0p1/0',
      '0p0/1p',
      '0p0/1p0/0',
      '0p0/1p1/0',
      '0p1/1',
      '0p1/2'
    ]);
  });

  it('follows the spec §4.5 example', () => {
    // the trace order the spec lists (completion order)
    const completion = [
      '0', '1', '2', '3r0/0', '3r0/1', '3r1/0', '3r1/1',
      '4p0/0', '4p1/0', '4p1/1p0/0', '4p1/1p1/0r0/0', '4p1/1p', '4p',
      '5r0/0', '5r1/0', '5rf/0', '5rf/1p0/0', '5rf/1p', '6'
    ];
    expect(orderOf([...completion].reverse())).toEqual([
      '0', '1', '2', '3r0/0', '3r0/1', '3r1/0', '3r1/1',
      '4p', '4p0/0', '4p1/0', '4p1/1p', '4p1/1p0/0', '4p1/1p1/0r0/0',
      '5r0/0', '5r1/0', '5rf/0', '5rf/1p', '5rf/1p0/0', '6'
    ]);
  });

  it('places a Parallel without its decision entry (a capped trace)', () => {
    expect(orderOf(['0p1/0', '0p0/0'])).toEqual(['0p0/0', '0p1/0']);
  });

  it('puts entries it cannot place last, in array order', () => {
    expect(orderOf(['1', 'bogus', '0', '0r0/0', '1', '0'])).toEqual(['0', '1', 'bogus', '0r0/0', '1', '0']);
  });

  it('keeps array order for position-matched traces', () => {
    expect(startOrder({ matching: 'position', steps: steps([undefined, '0', undefined]) })).toEqual([0, 1, 2]);
  });

  it('lists every step exactly once', () => {
    const paths = ['3', '0p0/0', '0p', '1r0/0', '1rf/0', '2p0/0r0/0', '2p', 'x', '3'];
    expect(startOrder({ matching: 'path', steps: steps(paths) }).sort((a, b) => a - b)).toEqual(paths.map((_, i) => i));
  });
});
