// Packed rows: what the worker packs is what the main thread unpacks, each distinct row sent once,
// and numbers that point nowhere refused rather than read as a row.
import { describe, expect, it } from 'vitest';
import { REPLAYED_STRIDE, rowPacker, unpackRows } from './packedRows';
import type { BatchRow } from './row';

const row = (partial: Partial<BatchRow>): BatchRow => ({ verdict: 'reproduced', path: undefined, stepIndex: undefined, unreached: [], detail: 'Success', outcomeUnproven: true, ...partial });

type Other = { seq: number; message: string };

describe('rowPacker / unpackRows', () => {
  it('round-trips rows, baselines, times and other items; a row shared by many traces is sent once', () => {
    const packer = rowPacker<Other>();
    const failed = row({ verdict: 'missing-step', path: '3', stepIndex: 3, unreached: ['cmdA', 'cmd"b'], detail: 'ReplayError: no step at \u2028 3', outcomeUnproven: false });
    for (let seq = 0; seq < 100; seq++) packer.row(seq, seq === 41 ? failed : row({}), seq / 7, seq % 2 ? row({ verdict: 'fixed' }) : undefined);
    packer.other({ seq: 100, message: 'not valid JSON' });
    const packed = packer.pack();
    expect((JSON.parse(packed.json) as { rows: unknown[] }).rows).toHaveLength(3);
    expect(packed.replayed).toHaveLength(100 * REPLAYED_STRIDE);
    const { rows, others } = unpackRows<Other>(packed);
    expect(rows).toHaveLength(100);
    expect(rows[41]).toEqual({ seq: 41, row: JSON.parse(JSON.stringify(failed)), ms: 41 / 7, before: row({ verdict: 'fixed' }) });
    expect(rows[2]).toEqual({ seq: 2, row: row({}), ms: 2 / 7 });
    expect(rows[0]!.row).toBe(rows[2]!.row);
    expect(others).toEqual([{ seq: 100, message: 'not valid JSON' }]);
  });

  it('starts afresh after each pack', () => {
    const packer = rowPacker<Other>();
    packer.row(0, row({}), 1);
    packer.pack();
    packer.row(1, row({ verdict: 'fixed' }), 2);
    const { rows } = unpackRows<Other>(packer.pack());
    expect(rows).toEqual([{ seq: 1, row: row({ verdict: 'fixed' }), ms: 2 }]);
  });

  it('refuses numbers that name no row of the batch', () => {
    const json = `{"rows":[${JSON.stringify(row({}))}],"others":[]}`;
    expect(() => unpackRows({ json, replayed: Float64Array.of(0, 1, -1, 5) })).toThrow(/row 1 of 1/);
    expect(() => unpackRows({ json, replayed: Float64Array.of(0, 0, 0.5, 5) })).toThrow(/row 0.5/);
    expect(() => unpackRows({ json, replayed: Float64Array.of(0, 0, -1) })).toThrow(/cut short/);
  });
});
