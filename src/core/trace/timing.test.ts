// The waterfall's timing against every recorded fixture (picked up by
// folder, as fixtures.test.ts does), checked by invariants that hold for any
// real recording, then a few hand-made traces for the corners and the size.
import { describe, expect, test } from 'vitest';
import type { SequenceNode, StructureNode, TraceModel } from './model';
import { parseTraceBytes } from './parse';
import { computeTiming, drain, timingInSlices, type Timing, type TimingInput } from './timing';
import { exists, FIXTURES, join, listDir, readBytes } from './test-support/files';
import { modelOf, ok } from './test-support/model';
import { readRatio } from './test-support/readCount';

const dirs = listDir(FIXTURES).filter((d) => exists(join(FIXTURES, d, 'case.json')));

function load(dir: string): TraceModel {
  const file = 'expected/trace.json';
  const result = parseTraceBytes(readBytes(join(FIXTURES, dir, file)), file);
  if (result.kind !== 'trace') throw new Error(`${dir}: ${JSON.stringify(result)}`);
  return result.model;
}

/** Durations are rounded to 3 decimals in the file; sums of them drift by less than this. */
const EPS = 1e-6;

/** Where an item of a sequence starts and ends, read back from the timing. */
function itemSpan(timing: Timing, item: StructureNode): { start: number; end: number } | undefined {
  if (item.kind === 'command') return { start: timing.startMs[item.stepIndex]!, end: timing.endMs[item.stepIndex]! };
  const found = item.kind === 'retry' ? timing.retries.find((r) => r.path === item.path) : timing.parallels.find((p) => p.path === item.path);
  return found && { start: found.startMs, end: found.endMs };
}

/** Every sequence in the tree, without recursion. */
function sequences(root: SequenceNode): SequenceNode[] {
  const out: SequenceNode[] = [];
  const stack = [root];
  while (stack.length) {
    const seq = stack.pop()!;
    out.push(seq);
    for (const c of seq.children) {
      if (c.kind === 'parallel') stack.push(...c.branches);
      else if (c.kind === 'retry') stack.push(...c.attempts, ...(c.fallback ? [c.fallback] : []));
    }
  }
  return out;
}

/** Every step index under a sequence, at any depth. */
function stepsUnder(seq: SequenceNode): number[] {
  const out: number[] = [];
  for (const s of sequences(seq)) {
    for (const c of s.children) {
      if (c.kind === 'command') out.push(c.stepIndex);
      else if (c.kind === 'parallel' && c.decisionIndex !== undefined) out.push(c.decisionIndex);
    }
  }
  return out;
}

describe.each(dirs)('%s', (dir) => {
  const model = load(dir);
  const timing = computeTiming(model);
  const n = model.steps.length;

  test('every step has a finite start, an end no earlier, and a row', () => {
    const bad: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = timing.startMs[i]!;
      const fine = Number.isFinite(start) && start >= 0 && timing.endMs[i]! >= start && timing.row[i]! >= 0 && timing.row[i]! < timing.rowCount;
      if (!fine) bad.push(i);
    }
    expect(bad).toEqual([]);
    // Fixtures are recordings: every step follows the grammar, so nothing is loose.
    expect(timing.looseRow).toBe(-1);
  });

  test('the last top-level item ends at the wall time the model reports', () => {
    expect(timing.runMs).toBeCloseTo(model.wallMs, 2);
    if (model.matching === 'position') {
      expect(timing.endMs[n - 1]).toBeCloseTo(model.wallMs, 2);
      return;
    }
    const last = model.root.children[model.root.children.length - 1];
    if (last) expect(itemSpan(timing, last)!.end).toBeCloseTo(model.wallMs, 2);
  });

  test('a sequence runs its items one after another from its start, on one row', () => {
    const problems: string[] = [];
    const retries = new Map(timing.retries.map((r) => [r.path, r] as const));
    const parallels = new Map(timing.parallels.map((p) => [p.path, p] as const));
    const spanOf = (c: StructureNode) =>
      c.kind === 'command' ? { start: timing.startMs[c.stepIndex]!, end: timing.endMs[c.stepIndex]! } : ((r) => r && { start: r.startMs, end: r.endMs })(c.kind === 'retry' ? retries.get(c.path) : parallels.get(c.path));
    for (const seq of sequences(model.root)) {
      const spans = seq.children.map(spanOf);
      for (let k = 1; k < spans.length; k++) {
        if (!spans[k] || !spans[k - 1] || Math.abs(spans[k]!.start - spans[k - 1]!.end) > 1e-9) problems.push(`${seq.prefix} item ${k}`);
      }
      const rows = new Set(seq.children.filter((c) => c.kind === 'command').map((c) => timing.row[c.stepIndex]));
      if (rows.size > 1) problems.push(`${seq.prefix} on ${rows.size} rows`);
    }
    expect(problems).toEqual([]);
  });

  test('branches of one Parallel start together, on rows of their own below it, and its decision spans them', () => {
    for (const p of timing.parallels) {
      const node = sequences(model.root)
        .flatMap((s) => s.children)
        .find((c): c is Extract<StructureNode, { kind: 'parallel' }> => c.kind === 'parallel' && c.path === p.path)!;
      const rowsTaken = new Map<number, number>();
      node.branches.forEach((branch, b) => {
        const first = branch.children[0];
        if (first) expect(itemSpan(timing, first)!.start, `${p.path} branch ${b}`).toBeCloseTo(p.startMs, 9);
        for (const i of stepsUnder(branch)) {
          const r = timing.row[i]!;
          expect(r, `${p.path} branch ${b} below the Parallel`).toBeGreaterThan(p.row);
          expect(r).toBeGreaterThanOrEqual(p.firstRow);
          expect(r).toBeLessThanOrEqual(p.lastRow);
          // Two branches never share a row.
          expect(rowsTaken.get(r) ?? b, `row ${r} of ${p.path}`).toBe(b);
          rowsTaken.set(r, b);
          expect(timing.endMs[i]!, `${model.steps.at(i)!.path} ends within ${p.path}`).toBeLessThanOrEqual(p.endMs + EPS);
        }
      });
      if (p.decisionIndex !== undefined) {
        expect(timing.row[p.decisionIndex]).toBe(p.row);
        expect(timing.startMs[p.decisionIndex]).toBe(p.startMs);
        expect(timing.endMs[p.decisionIndex]! - timing.startMs[p.decisionIndex]!).toBeCloseTo(model.steps.at(p.decisionIndex)!.durationMs ?? 0, 9);
      }
    }
  });

  test('Retry attempts run one after another, then the fallback, each holding its own steps', () => {
    for (const r of timing.retries) {
      const tries = r.fallback ? [...r.attempts, r.fallback] : r.attempts;
      expect(tries.length, r.path).toBeGreaterThan(0);
      expect(tries[0]!.startMs).toBe(r.startMs);
      expect(tries[tries.length - 1]!.endMs).toBeCloseTo(r.endMs, 9);
      for (let k = 1; k < tries.length; k++) {
        expect(tries[k]!.startMs, `${r.path} try ${k}`).toBeGreaterThanOrEqual(tries[k - 1]!.endMs - EPS);
        // Completion order: all of one attempt's steps finish before any of the next one's.
        if (tries[k]!.firstStep >= 0 && tries[k - 1]!.lastStep >= 0) expect(tries[k]!.firstStep).toBeGreaterThan(tries[k - 1]!.lastStep);
      }
      for (const t of tries) {
        for (let i = t.firstStep; i >= 0 && i <= t.lastStep; i++) {
          if (model.steps.at(i)!.path?.startsWith(`${r.path}r`) || model.steps.at(i)!.path?.startsWith(`${r.path}rf/`)) {
            expect(timing.row[i], `${model.steps.at(i)!.path} on the Retry's row or below`).toBeGreaterThanOrEqual(r.row);
          }
        }
      }
    }
  });

  test('no two steps on one row overlap in time', () => {
    const byRow = new Map<number, number[]>();
    for (let i = 0; i < n; i++) (byRow.get(timing.row[i]!) ?? byRow.set(timing.row[i]!, []).get(timing.row[i]!)!).push(i);
    const overlaps: string[] = [];
    for (const [r, list] of byRow) {
      list.sort((a, b) => timing.startMs[a]! - timing.startMs[b]! || timing.endMs[a]! - timing.endMs[b]!);
      for (let k = 1; k < list.length; k++) {
        if (timing.startMs[list[k]!]! < timing.endMs[list[k - 1]!]! - EPS) overlaps.push(`row ${r}: step ${list[k]} starts inside step ${list[k - 1]}`);
      }
    }
    expect(overlaps).toEqual([]);
  });
});

describe('particular fixtures', () => {
  test('itinerary-parallel-paradox: a Parallel whose branch 0 holds a nested Parallel and branch 1 a Retry', () => {
    const m = load('itinerary-parallel-paradox');
    const t = computeTiming(m);
    const at = (path: string) => m.byPath[path]!;
    // Root row, branch 0 (with its own two branch rows under it), then branch 1.
    expect(t.rowCount).toBe(5);
    expect([at('0p'), at('1')].map((i) => t.row[i])).toEqual([0, 0]);
    expect([at('0p0/0'), at('0p0/1p')].map((i) => t.row[i])).toEqual([1, 1]);
    expect([at('0p0/1p0/0'), at('0p0/1p1/0')].map((i) => t.row[i])).toEqual([2, 3]);
    expect([at('0p1/0r0/0'), at('0p1/0r1/0')].map((i) => t.row[i])).toEqual([4, 4]);
    expect(t.startMs[at('0p0/1p0/0')]).toBeCloseTo(40.666, 9);
    expect(t.startMs[at('0p1/0r1/0')]).toBeCloseTo(6.792, 9);
    expect(t.startMs[at('1')]).toBeCloseTo(68.016, 9);
    expect(t.retries).toEqual([
      {
        path: '0p1/0',
        row: 4,
        level: 0,
        startMs: 0,
        endMs: expect.closeTo(13.047, 9),
        attempts: [
          { startMs: 0, endMs: 6.792, firstStep: 0, lastStep: 0 },
          { startMs: 6.792, endMs: expect.closeTo(13.047, 9), firstStep: 1, lastStep: 1 }
        ],
        fallback: undefined
      }
    ]);
  });

  test('price-retry-fallback: three attempts then the fallback, end to end on the root row', () => {
    const m = load('price-retry-fallback');
    const t = computeTiming(m);
    expect(t.rowCount).toBe(1);
    expect(t.retries).toHaveLength(1);
    const r = t.retries[0]!;
    expect(r.attempts.map((a) => [a.firstStep, a.lastStep])).toEqual([[1, 1], [2, 2], [3, 3]]);
    expect(r.fallback).toMatchObject({ firstStep: 4, lastStep: 4 });
    expect(r.fallback!.startMs).toBeCloseTo(5.971 + 15.867 + 15.7 + 15.563, 9);
  });

  test('legacy-no-path: position matching is the running total, on one row', () => {
    const m = load('legacy-no-path');
    const t = computeTiming(m);
    expect(t.rowCount).toBe(1);
    for (let i = 0; i < m.steps.length; i++) {
      expect(t.startMs[i]).toBeCloseTo(m.cumulativeMs[i]! - (m.steps.at(i)!.durationMs ?? 0), 9);
      expect(t.row[i]).toBe(0);
    }
  });

  test('sync-poll-recursive: 3,000 Retries one after another on the root row', () => {
    const t = computeTiming(load('sync-poll-recursive'));
    expect(t.rowCount).toBe(1);
    expect(t.retries.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(t.retries.map((r) => r.level))).toEqual(new Set([0]));
  });
});

describe('hand-made traces', () => {
  test('missing durations count 0', () => {
    const m = modelOf([{ command: 'a', path: '0', result: 1 }, ok('b', '1')]);
    const t = computeTiming(m);
    expect([...t.startMs]).toEqual([0, 0]);
    expect(t.runMs).toBe(1);
  });

  test('a capped Parallel without its decision spans its longest branch; the next item starts after it', () => {
    const m = modelOf([{ ...ok('a', '0p0/0'), durationMs: 3 }, ok('b', '0p1/0'), ok('c', '1')]);
    const t = computeTiming(m);
    expect(t.parallels).toMatchObject([{ path: '0p', decisionIndex: undefined, startMs: 0, endMs: 3, firstRow: 1, lastRow: 2 }]);
    expect(t.startMs[2]).toBe(3);
    expect(t.runMs).toBe(m.wallMs);
  });

  test('Parallels one after another reuse the same branch rows', () => {
    const dec = (path: string) => ({ command: 'Parallel', path, result: { cancelled: false, branches: 2 }, durationMs: 1 });
    const m = modelOf([ok('a', '0p0/0'), ok('b', '0p1/0'), dec('0p'), ok('c', '1p0/0'), ok('d', '1p1/0'), dec('1p')]);
    const t = computeTiming(m);
    expect(t.rowCount).toBe(3);
    expect([...t.row]).toEqual([1, 2, 0, 1, 2, 0]);
    expect(t.startMs[3]).toBe(1);
  });

  test('a nested Retry stacks one level down on the same row', () => {
    const m = modelOf([ok('a', '0r0/0r0/0'), ok('b', '0r0/0r1/0'), ok('c', '0r1/0r0/0')]);
    const t = computeTiming(m);
    expect(t.retries.map((r) => [r.path, r.row, r.level])).toEqual([['0', 0, 0], ['0r0/0', 0, 1], ['0r1/0', 0, 1]]);
    expect([...t.startMs]).toEqual([0, 1, 2]);
  });

  test('steps off the grammar go end to end on a row of their own', () => {
    const m = modelOf([ok('a', '0'), ok('b', 'not-a-path'), ok('c', '1')]);
    const t = computeTiming(m);
    expect(t.looseRow).toBe(1);
    expect(t.rowCount).toBe(2);
    expect([t.row[1], t.startMs[1], t.endMs[1]]).toEqual([1, 0, 1]);
    expect(t.runMs).toBe(2);
  });
});

describe('size and depth', () => {
  const cmd = (i: number): StructureNode => ({ kind: 'command', path: String(i), step: i, stepIndex: i });

  function flat(count: number): TimingInput {
    return {
      matching: 'path',
      root: { prefix: '', children: Array.from({ length: count }, (_, i) => cmd(i)) },
      steps: Array.from({ length: count }, (_, i) => ({ durationMs: (i % 7) / 10 }))
    };
  }

  test('a tree nested 100,000 Parallels deep is laid out without running out of stack', () => {
    // Built by hand: the structure builder stops far sooner, but the layout must not depend on that.
    const count = 100_000;
    let inner: SequenceNode = { prefix: 'x/', children: [cmd(count - 1)] };
    for (let d = count - 2; d >= 0; d--) {
      inner = { prefix: `${d}/`, children: [cmd(d), { kind: 'parallel', path: `${d}p`, step: 1, decisionIndex: undefined, branches: [inner] }] };
    }
    const t = computeTiming({ matching: 'path', root: inner, steps: Array.from({ length: count }, () => ({ durationMs: 1 })) });
    expect(t.rowCount).toBe(count);
    expect(t.row[count - 1]).toBe(count - 1);
    expect(t.startMs[count - 1]).toBe(count - 1);
    expect(t.runMs).toBe(count);
  });

  test('in slices: the same timing, with a pause every so many nodes, even inside one long sequence', () => {
    for (const input of [flat(25_000), load('itinerary-parallel-paradox'), load('sync-poll-recursive'), load('legacy-no-path')]) {
      const whole = computeTiming(input);
      const run = timingInSlices(input, 1_000);
      let pauses = 0;
      let step = run.next();
      while (!step.done) {
        pauses++;
        step = run.next();
      }
      expect(step.value).toEqual(whole);
      // Each pass over 25,000 nodes pauses about 25 times.
      if (input.steps.length === 25_000) expect(pauses).toBeGreaterThanOrEqual(3 * 24);
    }
    expect(drain(timingInSlices(flat(10), 1))).toEqual(computeTiming(flat(10)));
  });

  test('ten times the steps costs ten times the reads of the input, not a hundred', () => {
    // Counted, not timed (see readCount.ts); the clock figures are in npm run bench.
    const ratio = readRatio(computeTiming, flat(10_000), flat(100_000));
    // Linear is about 10x; quadratic about 100x.
    expect(ratio).toBeGreaterThan(9);
    expect(ratio).toBeLessThan(12);
  });
});
