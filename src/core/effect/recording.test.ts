// §11 checklist items 11 and 17–19 (paths, entries, copying, errors), with the
// observed traces and tables of §4.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, test } from 'vitest';
import { reviveError } from '../values/revive';
import { copyValue } from './copy';
import { Ask, Command, effectPipe, Parallel, recordEffect, recorder, Retry, runEffect, Success } from './index';
import { serializeError } from './serialize';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const zeroed = (trace: { trace: Array<Record<string, unknown>> }) => ({ ...trace, trace: trace.trace.map((e) => ({ ...e, durationMs: 0 })) });
const c = (n: string) => Command(() => n, undefined, { name: n });

describe('§11.11 paths follow §4.5, and a nested pipeline continues the counter', () => {
  test('the §4.5 example flow, in trace order', async () => {
    let eCalls = 0;
    const e = Command(() => { eCalls += 1; if (eCalls === 1) throw new Error('e once'); return 'e'; }, undefined, { name: 'e' });
    const j = Command(() => { throw new Error('j'); }, undefined, { name: 'j' });
    const flow = effectPipe(
      () => Ask(() => c('a')),
      () => Success('pure'),
      () => effectPipe(() => c('b'), () => c('c'))(0),
      () => Retry(effectPipe(() => c('d'), () => e)(0), { delay: 0 }),
      () => Parallel([c('f'), effectPipe(() => c('g'), () => Parallel([c('h'), Retry(c('i'))]))(0), Success(0)]),
      () => Retry(j, { attempts: 1, delay: 0, onExhausted: () => effectPipe(() => c('k'), () => Parallel([c('l')]))(0) }),
      () => c('m')
    );
    const { result, trace } = await recordEffect(flow, 0);
    expect(result).toEqual(Success('m'));
    const seen = trace.trace.map((x) => `${x.command as string} ${x.path as string}${x.threw ? ' (threw)' : ''}`).join(' · ');
    expect(seen).toBe(
      'a 0 · b 1 · c 2 · d 3r0/0 · e 3r0/1 (threw) · d 3r1/0 · e 3r1/1 · f 4p0/0 · g 4p1/0 · h 4p1/1p0/0 · i 4p1/1p1/0r0/0 · ' +
        'Parallel 4p1/1p · Parallel 4p · j 5r0/0 (threw) · j 5r1/0 (threw) · k 5rf/0 · l 5rf/1p0/0 · Parallel 5rf/1p · m 6'
    );
  });
  test('numbers are plain decimals', async () => {
    const rec = recorder();
    await runEffect(Parallel(Array.from({ length: 11 }, (_, i) => c(`b${i}`))), {}, { onStep: rec.onStep });
    expect(rec.entries.map((x) => x.path)).toContain('0p10/0');
  });
});

describe('§11.17 entries in completion order with the exact key order; durationMs has 3 decimals; overflow is counted in dropped', () => {
  test('the §4.3 example, durations zeroed', async () => {
    const cmdOk = (input: unknown) => Command(function cmdOk() { return { n: input }; });
    const flow = (input: unknown) =>
      effectPipe(
        () => cmdOk(input),
        () => Parallel([Command(function cmdP() { return 'p'; })]),
        () => Command(function cmdBad() { throw Object.assign(new Error('bad'), { code: 7 }); })
      )(input);
    const { trace } = await recordEffect(flow, { in: 1 }, { context: { tenant: 't', flowName: 'F' }, version: 'v9' });
    expect(JSON.stringify(zeroed(trace))).toBe(
      '{"flowName":"F","version":"v9","initialInput":{"in":1},"context":{"tenant":"t","flowName":"F"},"dropped":0,' +
        '"trace":[{"command":"cmdOk","path":"0","result":{"n":{"in":1}},"durationMs":0},' +
        '{"command":"cmdP","path":"1p0/0","result":"p","durationMs":0},' +
        '{"command":"Parallel","path":"1p","result":{"cancelled":false,"branches":1},"durationMs":0},' +
        '{"command":"cmdBad","path":"2","threw":true,"error":{"__error":true,"name":"Error","message":"bad","code":7},"durationMs":0}]}'
    );
    for (const x of trace.trace) expect(Math.round((x.durationMs as number) * 1000) / 1000).toBe(x.durationMs);
  });
  test('maxEntries keeps the first to finish', async () => {
    const flow = () => effectPipe(() => c('s1'), () => Command(() => 2, undefined, { name: 's2' }), () => c('s3'))(0);
    const { trace } = await recordEffect(flow, null, { maxEntries: 1 });
    const fixed = { ...trace, trace: trace.trace.map((x) => ({ ...x, durationMs: 0, result: 1 })) };
    expect(JSON.stringify(fixed)).toBe('{"initialInput":null,"context":{},"dropped":2,"trace":[{"command":"s1","path":"0","result":1,"durationMs":0}]}');
  });
  test('§4.4 order: a branch that throws at once comes first, the decision last', async () => {
    const cmdSlowOk = async () => (await sleep(20), 'ok');
    const cmdBoom = () => { throw new Error('boom'); };
    const { trace } = await recordEffect(() => Parallel([Command(cmdSlowOk), Command(cmdBoom)]), 0);
    expect(zeroed(trace).trace).toEqual([
      { command: 'cmdBoom', path: '0p1/0', threw: true, error: { __error: true, name: 'Error', message: 'boom' }, durationMs: 0 },
      { command: 'cmdSlowOk', path: '0p0/0', result: 'ok', durationMs: 0 },
      { command: 'Parallel', path: '0p', result: { cancelled: true, branch: 1, branches: 2 }, durationMs: 0 }
    ]);
    expect(trace.trace[1]?.durationMs).toBeGreaterThanOrEqual(18);
  });
  test('option checks', () => {
    expect(() => recorder({ maxEntries: 0 })).toThrow(new TypeError("recorder 'maxEntries' must be a positive integer or Infinity, received the number 0."));
    expect(() => recorder({ context: {} } as never)).toThrow("recorder has no option named 'context'; its options are redact, maxEntries and stack.");
    expect(recorder(null).entries).toEqual([]);
  });
  test('recordEffect refusals are TypeError rejections', async () => {
    await expect(recordEffect(() => Success(1), 0, { x: 1 } as never)).rejects.toThrow(
      "recordEffect has no option named 'x'; its options are context, version, redact, maxEntries and stack."
    );
    await expect(recordEffect(5 as never, 0)).rejects.toThrow(
      new TypeError('recordEffect expects the function that builds the flow from its input, got the number 5.')
    );
  });
});

describe("§11.18 values are copied through JSON with ancestor cycles cut; BigInt or a throwing getter gives unrecorded 'copy'; a throwing redact gives 'redact'", () => {
  test('the §4.6 table', () => {
    const self: Record<string, unknown> = { a: 1 };
    self.self = self;
    const list: unknown[] = [1];
    list.push(list);
    const shared = { x: 1 };
    const copy = (v: unknown) => {
      const r = copyValue(v);
      return r.ok ? r.value : 'unrecorded';
    };
    expect(copy(self)).toEqual({ a: 1 });
    expect(copy({ list })).toEqual({ list: [1, null] });
    expect(copy({ p: shared, q: shared })).toEqual({ p: { x: 1 }, q: { x: 1 } });
    expect(copy({ d: new Date(0) })).toEqual({ d: '1970-01-01T00:00:00.000Z' });
    expect(copy([new Map([[1, 2]]), new Set([1])])).toEqual([{}, {}]);
    expect(copy([NaN, Infinity, -0])).toEqual([null, null, 0]);
    expect(JSON.stringify(copy({ a: [undefined, () => 1], b: undefined }))).toBe('{"a":[null,null]}');
    expect(copy({ err: Object.assign(new Error('m'), { code: 'E' }) })).toEqual({ err: { code: 'E' } });
    expect(copy(new Uint8Array([1, 2]))).toEqual({ 0: 1, 1: 2 });
    expect(copyValue(undefined)).toEqual({ ok: true, value: undefined });
    expect(copy({ n: 1n })).toBe('unrecorded');
    expect(copy({ get boom() { throw new Error('getter'); } })).toBe('unrecorded');
  });
  test('unrecorded entries and redact', async () => {
    const calls: unknown[] = [];
    const flow = () =>
      effectPipe(
        () => Command(function big() { return { n: 1n }; }),
        () => Command(function secret() { return { a: 1 }; }),
        (v: { a: number }) => Command(function echo() { return v; }),
        () => Command(function oops() { throw new Error('secret'); }, undefined)
      )(0);
    const redact = (v: unknown, name: string, kind: string) => {
      calls.push([name, kind]);
      if (name === 'echo') throw new Error('redact bug');
      if (kind === 'error') return { message: '[redacted]' };
      if (v && typeof v === 'object') (v as Record<string, unknown>).a = 999;
      return v;
    };
    const { result, trace } = await recordEffect(flow, { in: 1 }, { redact });
    expect(calls).toEqual([['initialInput', 'initialInput'], ['context', 'context'], ['secret', 'result'], ['echo', 'result'], ['oops', 'error']]);
    expect(trace.trace.map((x) => [x.command, x.unrecorded ?? x.result ?? x.error])).toEqual([
      ['big', 'copy'], ['secret', { a: 999 }], ['echo', 'redact'], ['oops', { __error: true, message: '[redacted]' }]
    ]);
    expect(result.type).toBe('Failure');
    const revived = reviveError(trace.trace[3]?.error) as Error;
    expect(revived).toBeInstanceOf(Error);
    expect(revived.name).toBeUndefined();
    const { trace: t2 } = await recordEffect(() => Command(() => 1), { n: 1n }, { redact: () => undefined });
    expect(t2.unrecorded).toEqual({ initialInput: 'copy' });
    expect('initialInput' in t2).toBe(false);
    expect(JSON.stringify(t2.trace[0])).not.toContain('result');
  });
});

describe('§11.19 errors serialize with §4.7 keys and revive as plain Errors that deep-equal plain originals', () => {
  const ser = (e: unknown) => JSON.stringify(serializeError(e));
  test('the §4.7 table', () => {
    expect(ser(new AggregateError([new TypeError('t1'), 'str'], 'many'))).toBe(
      '{"__error":true,"name":"AggregateError","message":"many","__errors":[{"__error":true,"name":"TypeError","message":"t1"},"str"]}'
    );
    expect(ser(new Error('outer', { cause: new Error('mid', { cause: 'root' }) }))).toBe(
      '{"__error":true,"name":"Error","message":"outer","cause":{"__error":true,"name":"Error","message":"mid","cause":"root"}}'
    );
    const loop = new Error('loop') as Error & { cause?: unknown };
    loop.cause = loop;
    expect(ser(loop)).toBe('{"__error":true,"name":"Error","message":"loop","cause":{"__error":true,"name":"Error","message":"loop"},"__enumerable":["cause"]}');
    expect(ser(Object.assign(new Error('slow'), { name: 'TimeoutError' }))).toBe('{"__error":true,"name":"TimeoutError","message":"slow","__enumerable":["name"]}');
    const later = new Error();
    later.message = 'set later';
    expect(ser(later)).toBe('{"__error":true,"name":"Error","message":"set later","__enumerable":["message"]}');
    class MyErr extends Error {
      extra = { deep: [1] };
      constructor() {
        super('mine');
        this.name = 'MyErr';
      }
    }
    expect(ser(new MyErr())).toBe('{"__error":true,"name":"MyErr","message":"mine","__enumerable":["name"],"extra":{"deep":[1]}}');
    const withErrors = copyValue(serializeError(Object.assign(new Error('e'), { errors: [new Error('x'), 'y'] })));
    expect(withErrors.ok && withErrors.value).toEqual({ __error: true, name: 'Error', message: 'e', errors: [{}, 'y'] });
    expect(serializeError({ code: 42 })).toEqual({ code: 42 });
    expect(copyValue(serializeError(Object.assign(new Error('b'), { n: 1n }))).ok).toBe(false);
    expect((serializeError(new Error('s'), { stack: true }) as { stack?: string }).stack).toMatch(/^Error: s/);
  });
  test('revival deep-equals plain originals after a JSON round trip', () => {
    const originals = [
      new Error('plain'),
      Object.assign(new Error('coded'), { code: 'E1' }),
      Object.assign(new Error('slow'), { name: 'TimeoutError' }),
      new Error('outer', { cause: new Error('mid', { cause: 'root' }) })
    ];
    for (const o of originals) {
      const back = reviveError(JSON.parse(JSON.stringify(serializeError(o))));
      expect(back).toBeInstanceOf(Error);
      expect(isDeepStrictEqual(back, o)).toBe(true);
    }
    const agg = reviveError(JSON.parse(ser(new AggregateError([1], 'a')))) as Error;
    expect([agg.constructor, agg.name]).toEqual([Error, 'AggregateError']);
  });
});
