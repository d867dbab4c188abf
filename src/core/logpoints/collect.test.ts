// The collector's hits: a value read at a line is kept as the replay's JSON copy gives it back,
// whether it takes the copy or the way around it that strings and plain numbers take.
import { describe, expect, it } from 'vitest';
import { copyStoringErrors } from '../effect/copy';
import { finishHits, LogCollector } from './collect';

const copy = (v: unknown) => copyStoringErrors(v, (e) => ({ __error: true, name: e.name, message: e.message }));
const viaJson = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)) as unknown);

describe('LogCollector', () => {
  it('keeps each value as the JSON copy gives it back, the copy itself taken only where it is needed', () => {
    const values = ['total', 'é \ud800 "quoted"\n', '', 0, 1.5, -3, 1e21, 5e-324, true, false, null, NaN, -0, Infinity, -Infinity, { a: 1, b: [2, 'x'] }, [1, null]];
    let copies = 0;
    const c = new LogCollector((v) => (copies++, copy(v)), 1);
    for (const v of values) c.hit(0, () => v, '0');
    expect(c.hits.map((h) => h.value)).toEqual(values.map(viaJson));
    for (const [k, h] of c.hits.entries()) expect(Object.is(h.value, viaJson(values[k]))).toBe(typeof h.value !== 'object' || h.value === null);
    // NaN, ±Infinity, -0 and the two objects: the others are kept as read.
    expect(copies).toBe(6);
  });

  it("gives each hit its step's place, and a read that threw its error", () => {
    const c = new LogCollector(copy, 2);
    c.hit(0, () => 1, '0');
    c.hit(1, () => 2, '0');
    c.hit(0, () => (undefined as unknown as { x: number }).x, '1');
    c.hit(1, () => 3, '2');
    const steps = new Map([['0', 0], ['1', 1]]);
    expect(finishHits(c.hits, ['a', 'b'], (p) => (steps.has(p) ? { index: steps.get(p)!, path: p } : undefined))).toEqual([
      { id: 'a', seq: 0, step: 0, path: '0', hasValue: true, value: 1 },
      { id: 'b', seq: 1, step: 0, path: '0', hasValue: true, value: 2 },
      { id: 'a', seq: 2, step: 1, path: '1', hasValue: false, error: expect.stringMatching(/^TypeError: /) },
      { id: 'b', seq: 3, hasValue: true, value: 3 }
    ]);
  });
});
