import { describe, expect, it } from 'vitest';
import { groupMatrix, matrixQuery, verdictCounts, VERDICT_ORDER, type MatrixEntry } from './matrix';
import type { BatchRow, BatchVerdict } from './verdict';

const row = (verdict: BatchVerdict, extra: Partial<BatchRow> = {}): BatchRow => ({
  verdict,
  path: undefined,
  stepIndex: undefined,
  unreached: [],
  detail: verdict === 'fixed' ? 'Success, where production ended in Failure: Amount must be non-zero.' : 'Success',
  outcomeUnproven: false,
  ...extra
});

const entries: MatrixEntry[] = [
  { index: 0, line: 1, flowName: 'checkout', source: undefined, command: undefined, after: row('reproduced') },
  { index: 1, line: 2, flowName: 'checkout', source: undefined, command: undefined, after: row('fixed', { unreached: ['cmdChargeCard'] }) },
  { index: 2, line: 3, flowName: 'checkout', source: 'old.json', command: 'cmdValidatePromo', after: row('diverged', { path: '0', stepIndex: 0, detail: 'TimeParadox: …' }) },
  { index: 3, line: 4, flowName: 'refund', source: undefined, command: undefined, after: row('reproduced') }
];

describe('the verdict matrix', () => {
  it('groups failing verdicts first, each group in corpus order, and counts every row', () => {
    const groups = groupMatrix(entries, matrixQuery(''));
    expect(groups.map((g) => [g.verdict, g.entries.map((e) => e.line)])).toEqual([
      ['diverged', [3]],
      ['fixed', [2]],
      ['reproduced', [1, 4]]
    ]);
    expect(VERDICT_ORDER.indexOf('diverged')).toBeLessThan(VERDICT_ORDER.indexOf('reproduced'));
    expect(verdictCounts(entries)).toEqual({ diverged: 1, 'missing-step': 0, 'flow-error': 0, 'outcome-changed': 0, fixed: 1, reproduced: 2, refused: 0 });
  });

  it('filters with the step filter language: words, cmd:, path:, is:<verdict>', () => {
    const lines = (text: string) => groupMatrix(entries, matrixQuery(text)).flatMap((g) => g.entries.map((e) => e.line));
    expect(lines('refund')).toEqual([4]);
    expect(lines('cmd:charge')).toEqual([2]);
    expect(lines('cmd:validate')).toEqual([3]);
    expect(lines('path:0')).toEqual([3]);
    expect(lines('is:fixed')).toEqual([2]);
    expect(lines('is:diverged checkout')).toEqual([3]);
    expect(lines('old.json')).toEqual([3]);
    expect(lines('is:reproduced refund')).toEqual([4]);
  });

  it('a term that means nothing matches nothing and is named', () => {
    const q = matrixQuery('is:slow');
    expect(q.unknown).toEqual(['is:slow']);
    expect(groupMatrix(entries, q)).toEqual([]);
    // The step filter's own status words that are not verdicts are unknown here too.
    expect(matrixQuery('is:threw').unknown).toEqual(['is:threw']);
  });

  it('one verdict shown on its own', () => {
    expect(groupMatrix(entries, matrixQuery(''), 'reproduced').map((g) => g.verdict)).toEqual(['reproduced']);
  });
});
