// The collector's hits: a value read at a line is kept as the replay's JSON copy gives it back,
// and a value JSON would lose (NaN, -0, 10n, undefined) keeps how it reads.
import { describe, expect, it } from 'vitest';
import { copyStoringErrors } from '../effect/copy';
import { LogCollector, MAX_HITS } from './collect';

const noSteps = () => undefined;

const copy = (v: unknown) => copyStoringErrors(v, (e) => ({ __error: true, name: e.name, message: e.message }));
const VALUE = 0;
const THROWN = 1;
const READ = 2;

describe('LogCollector', () => {
  it('keeps each value as the JSON copy gives it back', () => {
    const values = ['total', 'é \ud800 "quoted"\n', '', 0, 1.5, -3, 1e21, 5e-324, true, false, null, { a: 1, b: [2, 'x', NaN] }, [1, null]];
    const c = new LogCollector(copy, ['a']);
    for (const v of values) c.hit(0, v, VALUE, '0');
    expect(c.finish(noSteps).map((h) => h.value)).toEqual(values.map((v) => JSON.parse(JSON.stringify(v)) as unknown));
    expect(c.finish(noSteps).every((h) => h.hasValue && h.text === undefined)).toBe(true);
  });

  it('says how a value JSON cannot hold reads, instead of null', () => {
    const c = new LogCollector(copy, ['a']);
    for (const v of [NaN, Infinity, -Infinity, -0, 10n, undefined, Symbol('s'), function named() {}]) c.hit(0, v, VALUE, '0');
    expect(c.finish(noSteps).map((h) => h.text)).toEqual(['NaN', 'Infinity', '-Infinity', '-0', '10n', 'undefined', 'Symbol(s)', 'function named']);
    expect(c.finish(noSteps).every((h) => h.hasValue && h.value === null)).toBe(true);
  });

  it('reads through a function, records a throw, and ignores what no placed read would pass', () => {
    const c = new LogCollector(copy, ['a', 'b']);
    c.hit(0, () => 1, READ, '0');
    c.hit(1, new TypeError('boom'), THROWN, '0');
    c.hit(0, () => (undefined as unknown as { x: number }).x, READ, '1');
    c.hit(1, 3, VALUE, '2');
    // forged: an index no logpoint has, a read that is no function, an unknown how
    c.hit(7, 1, VALUE, '0');
    c.hit(0, 5, READ, '0');
    c.hit(0, 5, 'x', '0');
    expect(c.counts).toEqual([2, 2]);
    const steps = new Map([
      ['0', 0],
      ['1', 1]
    ]);
    expect(c.finish((p) => (steps.has(p) ? { index: steps.get(p)!, path: p } : undefined))).toEqual([
      { id: 'a', seq: 0, step: 0, path: '0', hasValue: true, value: 1 },
      { id: 'b', seq: 1, step: 0, path: '0', hasValue: false, error: 'TypeError: boom' },
      { id: 'a', seq: 2, step: 1, path: '1', hasValue: false, error: expect.stringMatching(/^TypeError: /) },
      { id: 'b', seq: 3, hasValue: true, value: 3 }
    ]);
  });
});

describe('LogCollector, kept as columns', () => {
  it('gives hits made before any step the next step to begin, and numbers hits in the order they ran', () => {
    const c = new LogCollector(copy, ['a']);
    c.hit(0, 'before', VALUE, undefined);
    c.hit(0, { n: 1 }, VALUE, undefined);
    c.stepBegan('0');
    c.hit(0, 'during', VALUE, '0');
    c.hit(0, 'later', VALUE, undefined);
    c.stepBegan('1');
    const hits = c.finish((p) => ({ index: Number(p), path: p }));
    expect(hits.map((h) => [h.seq, h.step, h.value])).toEqual([
      [0, 0, 'before'],
      [1, 0, { n: 1 }],
      [2, 0, 'during'],
      [3, 1, 'later']
    ]);
  });

  it('keeps a copy: a later change to the object read does not change the hit', () => {
    const c = new LogCollector(copy, ['a']);
    const order = { total: 0 };
    c.hit(0, order, VALUE, '0');
    order.total = 100;
    expect(c.finish(noSteps)[0]!.value).toEqual({ total: 0 });
  });

  it('keeps the first MAX_HITS hits and only counts the rest', () => {
    const c = new LogCollector(copy, ['a', 'b']);
    for (let i = 0; i < MAX_HITS + 3; i++) c.hit(i % 2, i, VALUE, '0');
    expect(c.counts[0]! + c.counts[1]!).toBe(MAX_HITS + 3);
    expect(c.dropped).toBe(3);
    const hits = c.finish(noSteps);
    expect(hits).toHaveLength(MAX_HITS);
    expect(hits.at(-1)).toMatchObject({ seq: MAX_HITS - 1, value: MAX_HITS - 1, id: (MAX_HITS - 1) % 2 ? 'b' : 'a' });
  });
});
