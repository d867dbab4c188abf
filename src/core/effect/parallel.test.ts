// §11 checklist items 12–16 (Parallel), with the observed orders of §2.5.
import { describe, expect, test } from 'vitest';
import { Command, effectPipe, Failure, Parallel, recorder, Retry, runEffect, Success } from './index';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const after = <T>(ms: number, f: () => T) => async () => (await sleep(ms), f());
const fail = (msg: string) => () => { throw new Error(msg); };

describe('§11.12 a Parallel that is not settled returns the first failure by time and rethrows the lowest-index bug after all settle', () => {
  test('by time, not array order', async () => {
    const out = await runEffect(Parallel([Command(after(30, fail('slow'))), Command(after(5, fail('fast')))]));
    expect(out.type === 'Failure' && (out.error as Error).message).toBe('fast');
  });
  test('ties go to the lowest index', async () => {
    expect(await runEffect(Parallel([Failure('a'), Failure('b')]))).toEqual(Failure('a'));
    const out = await runEffect(Parallel([Command(fail('x0')), Command(fail('x1'))]));
    expect(out.type === 'Failure' && (out.error as Error).message).toBe('x0');
  });
  test("branch 0's bug, thrown 20 ms later, beats branch 1's; the decision is recorded first", async () => {
    const rec = recorder();
    const bug0 = effectPipe(() => Command(after(20, () => 1)), () => { throw new Error('bug0'); })(0);
    const bug1 = effectPipe(() => Command(() => 1), () => { throw new Error('bug1'); })(0);
    await expect(runEffect(Parallel([bug0, bug1]), {}, { onStep: rec.onStep })).rejects.toThrow('bug0');
    expect(rec.entries.at(-1)).toMatchObject({ command: 'Parallel', path: '0p', result: { cancelled: true, branch: 1, branches: 2 } });
  });
  test('an I/O fault passes through unwrapped, so a Retry around the Parallel retries it', async () => {
    let calls = 0;
    const out = await runEffect(Retry(Parallel([Command(() => { calls += 1; throw new Error('io'); })]), { attempts: 2, delay: 0 }));
    expect(calls).toBe(3);
    expect(out).toMatchObject({ type: 'Failure', error: { retryExhausted: true, attempts: 2 } });
    let n = 0;
    await runEffect(Retry(Parallel([Command(() => ++n, () => Failure('no'))]), { attempts: 2, delay: 0 }));
    expect(n).toBe(1);
  });
});

describe('§11.13 a cancelled branch ends as Failure(ParallelCancelled) and starts nothing more', () => {
  test('an in-flight step finishes, the next never starts, the branch ends cancelled', async () => {
    const calls: string[] = [];
    let seen: unknown;
    const slowThenMore = effectPipe(
      () => Command(after(20, () => calls.push('slow'))),
      () => Command(() => calls.push('second'))
    )(0);
    const inner = Parallel([slowThenMore], (outs: unknown) => ((seen = outs), Success(outs)), { settled: true });
    const out = await runEffect(Parallel([inner, Command(fail('fast'))]));
    expect(out.type === 'Failure' && (out.error as Error).message).toBe('fast');
    expect(calls).toEqual(['slow']);
    const [only] = seen as [{ type: string; error: Error }];
    expect(only.type).toBe('Failure');
    expect(Object.keys(only.error)).toEqual(['name']);
    expect([only.error.name, only.error.message]).toEqual(['ParallelCancelled', 'Parallel branch cancelled.']);
  });
  test('under limit, a queued branch never runs', async () => {
    const calls: string[] = [];
    const c = (n: string, f = () => n) => Command(() => (calls.push(n), f()), undefined, { name: n });
    await runEffect(Parallel([c('one'), c('two', fail('two')), c('three')], { limit: 1 }));
    expect(calls).toEqual(['one', 'two']);
  });
  test('limit 2: workers take branches in array order', async () => {
    const log: string[] = [];
    const b = (i: number, ms: number) => Command(async () => { log.push(`start${i}`); await sleep(ms); log.push(`end${i}`); return i; });
    // Branch 3 runs long, so that 4 (taken when 1 ends) ends first even when a loaded machine runs
    // the timers late: with 25 ms, a 20 ms stall between end2 and end1 swapped end3 and end4 on CI.
    const out = await runEffect(Parallel([b(1, 40), b(2, 30), b(3, 200), b(4, 5)], { limit: 2 }));
    expect(out).toEqual(Success([1, 2, 3, 4]));
    expect(log).toEqual(['start1', 'start2', 'end2', 'start3', 'end1', 'start4', 'end4', 'end3']);
  });
});

describe('§11.14 cmd(signal) is called only inside a Parallel and only when cmd.length > 0', () => {
  test('arguments received', async () => {
    const got: Record<string, unknown[]> = {};
    const one = function (s: unknown) { got.one = [s]; };
    // `arguments` is the only way to see what a zero-parameter function was given.
    // eslint-disable-next-line prefer-rest-params
    const none = function () { got.none = [...arguments]; };
    const rest = function (...a: unknown[]) { got.rest = a; };
    const dflt = function (s = 5) { got.dflt = [s]; };
    await runEffect(Parallel([Command(one), Command(none), Command(rest), Command(dflt)]));
    expect(got.one?.[0]).toBeInstanceOf(AbortSignal);
    expect(got.none).toEqual([]);
    expect(got.rest).toEqual([]);
    expect(got.dflt).toEqual([5]);
    const outside = function (s: unknown) { got.outside = [s]; };
    await runEffect(Command(outside));
    expect(got.outside).toEqual([undefined]);
  });
  test('a function that honours its signal is aborted when a sibling fails', async () => {
    const honours = (signal: AbortSignal) =>
      new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const rec = recorder();
    await runEffect(Parallel([Command(honours), Command(after(2, fail('x')))]), {}, { onStep: rec.onStep });
    expect(rec.entries.map((e) => [e.command, e.threw])).toEqual([['anonymous', true], ['honours', true], ['Parallel', undefined]]);
  });
});

describe('§11.15 settled:true passes next a Success or Failure per branch, in array order, and failures never cancel', () => {
  test('outcomes in array order', async () => {
    const boom = new Error('boom');
    let slowSignal: AbortSignal | undefined;
    const slow = async (s: AbortSignal) => ((slowSignal = s), await sleep(10), 1);
    const out = await runEffect(Parallel([Command(() => { throw boom; }), Command(slow), Failure('f')], { settled: true }));
    expect(out).toEqual(Success([Failure(boom), Success(1), Failure('f')]));
    expect(slowSignal?.aborted).toBe(false);
  });
  test('a Retry around a settled Parallel never retries; a bug still rejects', async () => {
    let n = 0;
    await runEffect(Retry(Parallel([Command(() => { n += 1; throw new Error('io'); })], { settled: true }), { delay: 0 }));
    expect(n).toBe(1);
    const bug = effectPipe(() => Command(() => 1), () => { throw new Error('bug'); })(0);
    await expect(runEffect(Parallel([bug, Success(1)], { settled: true }))).rejects.toThrow('bug');
  });
});

describe('§11.16 every Parallel records its decision at <k>p, after its branches', () => {
  test('the three decisions, and Parallel([])', async () => {
    const rec = recorder();
    const inner = Parallel([Command(after(15, () => 'late'))]);
    await runEffect(
      effectPipe(
        () => Parallel([Command(() => 'x')]),
        () => Parallel([inner, Command(after(2, fail('boom')))]),
        () => Parallel([])
      )(0),
      {},
      { onStep: rec.onStep }
    );
    const decisions = rec.entries.filter((e) => e.command === 'Parallel').map((e) => [e.path, e.result]);
    expect(decisions).toEqual([
      ['0p', { cancelled: false, branches: 1 }],
      ['1p0/0p', { cancelled: true, branch: null, branches: 1 }],
      ['1p', { cancelled: true, branch: 1, branches: 2 }]
    ]);
    expect(Object.keys(decisions[0]?.[1] as object)).toEqual(['cancelled', 'branches']);
    expect(rec.entries.map((e) => e.path)).toEqual(['0p0/0', '0p', '1p1/0', '1p0/0p0/0', '1p0/0p', '1p']);
    const empty = recorder();
    expect(await runEffect(Parallel([]), {}, { onStep: empty.onStep })).toEqual(Success([]));
    expect(empty.entries[0]).toMatchObject({ command: 'Parallel', path: '0p', result: { cancelled: false, branches: 0 } });
  });
});
