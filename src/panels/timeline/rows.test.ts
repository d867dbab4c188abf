import { describe, expect, it } from 'vitest';
import { modelOf as model, ok, threw } from '../../core/trace/test-support/model';
import { buildRows, rowOfStep } from './rows';

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
    expect([...rowOfStep(rows, 5)]).toEqual([0, -1, -1, -1, 2]);
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
