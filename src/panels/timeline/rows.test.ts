import { describe, expect, it, test } from 'vitest';
import { modelOf as model, ok, threw } from '../../core/trace/test-support/model';
import { columnsOf } from '../../core/trace/outline';
import type { Lane, TraceModel } from '../../core/trace/model';
import { parseTraceBytes } from '../../core/trace/parse';
import { exists, FIXTURES, join, listDir, readBytes } from '../../core/trace/test-support/files';
import { buildRows as buildRowsOf, rowList } from './rows';

const buildRows = (model: TraceModel, folded: ReadonlySet<string>) => rowList(buildRowsOf(columnsOf(model), folded));

describe('buildRows', () => {
  const retry = model([ok('load', '0'), threw('live', '1r0/0'), threw('live', '1r1/0'), ok('cached', '1rf/0'), ok('save', '2')]);

  it('keeps recorded order and puts a Retry header before its first attempt', () => {
    expect(buildRows(retry, new Set())).toEqual([
      { kind: 'step', stepIndex: 0, depth: 0 },
      { kind: 'retry', path: '1', depth: 0, attempts: 2, fallback: true },
      { kind: 'step', stepIndex: 1, depth: 1 },
      { kind: 'step', stepIndex: 2, depth: 1 },
      { kind: 'step', stepIndex: 3, depth: 1 },
      { kind: 'step', stepIndex: 4, depth: 0 }
    ]);
  });

  it('folding a Retry hides its attempts and fallback but keeps its header', () => {
    const rows = buildRows(retry, new Set(['1']));
    expect(rows.map((r) => (r.kind === 'step' ? r.stepIndex : `retry ${r.path}`))).toEqual([0, 'retry 1', 4]);
    expect([...buildRowsOf(columnsOf(retry), new Set(['1'])).rowOfStep]).toEqual([0, -1, -1, -1, 2]);
  });

  it('indents Parallel branches as lanes and folds them into their decision', () => {
    const parallel = model([ok('b', '0p1/0'), ok('a', '0p0/0'), { command: 'Parallel', path: '0p', result: { cancelled: false, branches: 2 }, durationMs: 2 }]);
    expect(buildRows(parallel, new Set())).toEqual([
      { kind: 'step', stepIndex: 0, depth: 1 },
      { kind: 'step', stepIndex: 1, depth: 1 },
      { kind: 'step', stepIndex: 2, depth: 0 }
    ]);
    expect(buildRows(parallel, new Set(['0p']))).toEqual([{ kind: 'step', stepIndex: 2, depth: 0 }]);
  });
});

// The rows as the step objects' lanes define them, written out plainly: the builder reads columns,
// and must give what this reading of every step gives, for each fixture and fold.
function rowsFromLanes(model: TraceModel, folded: ReadonlySet<string>) {
  const group = (l: Lane) => (l.kind === 'branch' ? l.parallelPath : l.retryPath);
  const info = new Map<string, { attempts: Set<number>; fallback: boolean }>();
  for (const s of model.steps)
    for (const l of s.lanes) {
      if (l.kind === 'branch') continue;
      const i = info.get(l.retryPath) ?? { attempts: new Set<number>(), fallback: false };
      if (l.kind === 'attempt') i.attempts.add(l.attempt);
      else i.fallback = true;
      info.set(l.retryPath, i);
    }
  const headed = new Set<string>();
  const rows: unknown[] = [];
  for (const s of model.steps) {
    let hidden = false;
    s.lanes.forEach((l, depth) => {
      const g = group(l);
      if (l.kind !== 'branch' && !headed.has(g)) {
        headed.add(g);
        if (!hidden) rows.push({ kind: 'retry', path: g, depth, attempts: info.get(g)!.attempts.size, fallback: info.get(g)!.fallback });
      }
      if (folded.has(g)) hidden = true;
    });
    if (!hidden) rows.push({ kind: 'step', stepIndex: s.index, depth: s.depth });
  }
  return rows;
}

describe('rows of every fixture, folded every way the structure allows', () => {
  const dirs = listDir(FIXTURES).filter((d) => exists(join(FIXTURES, d, 'expected/trace.json')));
  const nested = model([
    ok('a', '0p0/0'),
    threw('b', '0p1/0r0/0'),
    ok('c', '0p1/0r1/0p0/0'),
    { command: 'Parallel', path: '0p1/0r1/0p', result: { cancelled: false, branches: 1 } },
    ok('d', '0p1/0rf/0'),
    { command: 'Parallel', path: '0p', result: { cancelled: false, branches: 2 } },
    ok('e', '1')
  ]);
  test.each([...dirs.map((d) => [d, parseTraceBytes(readBytes(join(FIXTURES, d, 'expected/trace.json')))] as const), ['nested Parallel in Retry in Parallel', { kind: 'trace', model: nested }] as const])(
    '%s',
    (_name, parsed) => {
      if (parsed.kind !== 'trace') throw new Error('not a trace');
      const m = parsed.model;
      const groups = new Set<string>();
      for (const s of m.steps) for (const l of s.lanes) groups.add(l.kind === 'branch' ? l.parallelPath : l.retryPath);
      // Each group folded alone (the first dozen: sync-poll-recursive has 3,000), and all of them at once.
      const folds = [new Set<string>(), ...[...groups].slice(0, 12).map((g) => new Set([g])), groups];
      for (const f of folds) expect(buildRows(m, f), [...f].join()).toEqual(rowsFromLanes(m, f));
    }
  );
});
