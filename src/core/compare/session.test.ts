// What crosses to the UI thread of a comparison is the alignment itself, row
// for row, and the selected row's detail is what the difference pane showed
// when it read both models itself.
import { describe, expect, it } from 'vitest';
import { buildModel } from '../trace/parse';
import { exists, FIXTURES, join, listDir, readJson } from '../trace/test-support/files';
import { alignTraces } from './align';
import { compareModels, encodeAlignment, rowOf } from './session';
import { failingCheckoutTrace, recordCheckout } from './test-support/checkoutRuns';

const dirs = listDir(FIXTURES).filter((d) => exists(join(FIXTURES, d, 'expected/trace.json')));
const modelOf = (d: string) => buildModel(readJson(join(FIXTURES, d, 'expected/trace.json')));

describe('the wire of an alignment gives back every row', () => {
  it.each(dirs.map((d, i) => [d, dirs[(i + 1) % dirs.length]!] as const))('%s against %s', (da, db) => {
    const alignment = alignTraces(modelOf(da), modelOf(db));
    const wire = encodeAlignment(alignment);
    expect(wire.count).toBe(alignment.rows.length);
    expect(Array.from({ length: wire.count }, (_, i) => rowOf(wire, i))).toEqual(alignment.rows.map(({ difference: _words, ...row }) => row));
    expect([wire.by, wire.firstDifference, wire.counts]).toEqual([alignment.by, alignment.firstDifference, alignment.counts]);
    expect(rowOf(wire, wire.count)).toBeUndefined();
  });
});

describe('a row’s detail', async () => {
  const session = compareModels(buildModel(failingCheckoutTrace()), 'incident', buildModel((await recordCheckout()).trace), 'good');

  it('says what each run did, with the value shown and the changes field by field', () => {
    const promo = session.detail(1);
    expect(promo.a?.outcome).toMatch(/^returned /);
    expect(promo.changes.map((c) => c.path)).toContain('percentOff');
    const charge = session.detail(2);
    expect(charge.a).toMatchObject({ outcome: 'threw Error: Amount must be non-zero.', kind: 'threw', threw: true });
    expect(charge.a?.value).toMatchObject({ message: 'Amount must be non-zero.' });
    expect(charge.b?.kind).toBe('returned');
    // A throw against a return differs as a whole: no field list.
    expect(charge.changes).toEqual([]);
  });

  it('carries the row’s difference in words, which the rows’ wire leaves out', () => {
    expect(session.detail(2).difference).toBe(session.alignment.rows[2]!.difference);
    expect(session.detail(2).difference).toMatch(/^threw in A, returned in B$/);
    const same = session.alignment.rows.findIndex((r) => r.mark === 'same');
    expect(same).toBeGreaterThanOrEqual(0);
    expect(session.detail(same)).not.toHaveProperty('difference');
  });

  it('summarizes each run without its steps', () => {
    expect(session.a).toMatchObject({ label: 'incident', steps: 3, errorCount: 1 });
    expect(session.a.outcome.known).toBe(true);
    expect(session.b.outcome.known).toBe(false);
  });
});
