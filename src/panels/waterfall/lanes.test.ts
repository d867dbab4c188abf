// The per-row arrays and the walks over them: what a frame draws, what a
// click hits, and what ←/→ walk. The aggregation is checked on 100,000 steps:
// every step in view is in exactly one mark, every error shows, and the number
// of marks follows the width, not the steps.
import { describe, expect, test } from 'vitest';
import { computeTiming, drain, type RetryGroup } from '../../core/trace/timing';
import { modelOf, ok, threw } from '../../core/trace/test-support/model';
import { buildLaneIndex, laneIndexInSlices, retriesInView, rowMarks, stepAt, type Mark, type RowBars } from './lanes';

/** One row of `count` steps end to end, durations cycling 0.0–0.8 ms; every `errorEvery`-th threw. */
function flatRow(count: number, errorEvery: number) {
  const steps = Array.from({ length: count }, (_, i) => ({ durationMs: (i % 9) / 10, kind: 'returned' as const, threw: i % errorEvery === errorEvery - 1 }));
  const timing = computeTiming({
    matching: 'path',
    root: { prefix: '', children: steps.map((_, i) => ({ kind: 'command' as const, path: String(i), step: i, stepIndex: i })) },
    steps
  });
  return { steps, timing, index: buildLaneIndex(timing, steps) };
}

function marksOf(bars: RowBars, startMs: number, pxPerMs: number, widthPx: number): Mark[] {
  const out: Mark[] = [];
  rowMarks(bars, startMs, pxPerMs, widthPx, (m) => out.push(m));
  return out;
}

describe('rowMarks on 100,000 steps', () => {
  const { steps, timing, index } = flatRow(100_000, 1_000);
  const row = index.rows[0]!;
  const width = 600;

  test.each([
    ['fitted', 0, width / timing.extentMs],
    ['zoomed into the middle', timing.extentMs * 0.4, (width / timing.extentMs) * 300],
    ['zoomed until steps are bars', timing.extentMs * 0.7, 400]
  ])('%s: each step in view in exactly one mark, every error shown, marks bounded by the width', (_name, startMs, pxPerMs) => {
    const marks = marksOf(row, startMs, pxPerMs, width);
    const endMs = startMs + width / pxPerMs;
    expect(marks.length).toBeLessThanOrEqual(2 * width + 2);
    const seen: number[] = [];
    let errors = 0;
    for (const m of marks) {
      if (m.kind === 'bar') {
        seen.push(m.at);
        if (steps[row.steps[m.at]!]!.threw) errors++;
        expect((row.end[m.at]! - row.start[m.at]!) * pxPerMs).toBeGreaterThanOrEqual(1);
      } else {
        for (let k = m.from; k < m.to; k++) seen.push(k);
        errors += m.errors;
        expect(m.column).toBeGreaterThanOrEqual(0);
        expect(m.column).toBeLessThan(width + 1);
      }
    }
    // In order, no gaps, no repeats: exactly the steps overlapping the window.
    const inView = [];
    for (let k = 0; k < row.steps.length; k++) if (row.end[k]! >= startMs && row.start[k]! <= endMs) inView.push(k);
    // A zero-length step just left of the window may be skipped; nothing else.
    expect(seen.filter((k) => row.end[k]! > startMs || row.start[k]! >= startMs)).toEqual(inView.filter((k) => row.end[k]! > startMs || row.start[k]! >= startMs));
    const errorsInView = inView.filter((k) => steps[row.steps[k]!]!.threw).length;
    expect(errors).toBe(errorsInView);
  });

  test('fitted, it takes about a mark per pixel column', () => {
    const marks = marksOf(row, 0, width / timing.extentMs, width);
    expect(marks.filter((m) => m.kind === 'column').length).toBeGreaterThan(width * 0.9);
    expect(marks.filter((m) => m.kind === 'column' && m.errors > 0).length).toBe(100);
  });
});

describe('stepAt', () => {
  const m = modelOf([{ ...ok('a', '0'), durationMs: 10 }, { ...ok('b', '1'), durationMs: 0.01 }, { ...ok('c', '2'), durationMs: 10 }]);
  const index = buildLaneIndex(computeTiming(m), m.steps);
  const row = index.rows[0]!;

  test('the bar under the point', () => {
    expect(stepAt(row, 5, 0)).toBe(0);
    expect(stepAt(row, 15, 0)).toBe(2);
  });

  test('a thin bar within the tolerance, and nothing past the end', () => {
    expect(stepAt(row, 10.005, 0.5)).toBe(1);
    expect(stepAt(row, 25, 1)).toBe(-1);
    expect(stepAt(row, 20.5, 1)).toBe(2);
  });
});

describe('buildLaneIndex', () => {
  test('rows hold their steps by start; byTime walks all of them by start, then row', () => {
    const dec = { command: 'Parallel', path: '0p', result: { cancelled: false, branches: 2 }, durationMs: 3 };
    const m = modelOf([{ ...ok('slow', '0p0/0'), durationMs: 3 }, threw('quick', '0p1/0'), dec, ok('after', '1')]);
    const index = buildLaneIndex(computeTiming(m), m.steps);
    expect(index.rows.map((r) => [...r.steps])).toEqual([[2, 3], [0], [1]]);
    expect([...index.rows[2]!.errorsBefore]).toEqual([0, 1]);
    // All three start at 0: the decision (row 0), then branch 0, then branch 1; 'after' at 3.
    expect([...index.byTime]).toEqual([2, 0, 1, 3]);
    for (let k = 0; k < 4; k++) expect(index.rankOf[index.byTime[k]!]).toBe(k);
    expect(index.parallelByDecision.get(2)).toMatchObject({ path: '0p', firstRow: 1, lastRow: 2 });
  });
});

test('in slices: the same index, with pauses along the way', () => {
  const { steps, timing, index } = flatRow(30_000, 7);
  const run = laneIndexInSlices(timing, steps, 1_000);
  let pauses = 0;
  let step = run.next();
  while (!step.done) {
    pauses++;
    step = run.next();
  }
  expect(pauses).toBeGreaterThanOrEqual(30);
  expect(step.value).toEqual(index);
  expect(drain(laneIndexInSlices(timing, steps, 1))).toEqual(index);
});

describe('retriesInView', () => {
  const group = (startMs: number, endMs: number): RetryGroup => ({ path: String(startMs), row: 0, level: 0, startMs, endMs, attempts: [], fallback: undefined });

  test('leaves out the ones too small to bracket, but not a big one right after a small one', () => {
    const level = [group(0, 0.1), group(0.1, 0.2), group(0.2, 50), group(50, 50.1), group(60, 90)];
    const shown: string[] = [];
    retriesInView(level, 0, 100, 1, (g) => shown.push(g.path));
    expect(shown).toEqual(['0.2', '60']);
  });

  test('only the ones overlapping the window', () => {
    const level = Array.from({ length: 1000 }, (_, i) => group(i * 10, i * 10 + 9));
    const shown: string[] = [];
    retriesInView(level, 4995, 5025, 1, (g) => shown.push(g.path));
    expect(shown).toEqual(['4990', '5000', '5010', '5020']);
  });
});
