// §11 checklist items 5–10 (running flows, Retry), with §3's observed orders.
import { afterEach, describe, expect, test } from 'vitest';
import { Ask, Command, configureEffect, effectPipe, Failure, Parallel, recorder, Retry, runEffect, Success } from './index';
import { timerWaits } from '../replay/test-support/timerWaits';

const loose = (x: unknown) => x as never;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
afterEach(() => void configureEffect());

describe('§11.5 runEffect never throws synchronously; context defaults to {} only when undefined', () => {
  test('refusals are rejections', async () => {
    const notCalled = (x: number) => Success(x);
    const p = runEffect(notCalled);
    expect(p).toBeInstanceOf(Promise);
    await expect(p).rejects.toThrow(
      'The flow returned a function, which usually means a flow was passed without being called with its input. Return Success, Failure, Command, Ask, Retry, or Parallel: a plain value has to be wrapped, as in Success(value).'
    );
    await expect(runEffect(Success(1), {}, loose(null))).rejects.toThrow(new TypeError("runEffect's callConfig must be an object, got null."));
    await expect(runEffect(Success(1), {}, loose(() => ({})))).rejects.toThrow(
      "runEffect's callConfig must be an object, got a function, which usually means one that builds hooks was passed without being called."
    );
    await expect(runEffect(Success(1), {}, loose({ retry: 1 }))).rejects.toThrow(
      "runEffect's callConfig has no option named 'retry'; its options are onStep, onRun, onBeforeCommand and inherit."
    );
    await expect(runEffect(Success(1), {}, loose({ onStep: 5 }))).rejects.toThrow('callConfig.onStep must be a function, got the number 5.');
    await expect(runEffect(Success(1), {}, loose({ inherit: 'false' }))).rejects.toThrow(
      'callConfig.inherit must be true or false, got the string "false".'
    );
  });
  test('context: undefined gives {}, null passes through', async () => {
    const seen: unknown[] = [];
    const flow = Ask((ctx: unknown) => (seen.push(ctx), Success(1)));
    await runEffect(flow);
    await runEffect(flow, null);
    expect(seen).toEqual([{}, null]);
  });
});

describe('§11.6 Ask takes no path number; Command, Retry and Parallel each take the next number', () => {
  test('the observed event order of §3.2', async () => {
    const events: string[] = [];
    const cmdA = () => 'a';
    const cmdB = () => 'b';
    const cmdC = () => 'c';
    const fn = () => 'd';
    const flow = effectPipe(
      () => Command(cmdA),
      () => Ask(() => (events.push('ask'), Success(1))),
      () => Retry(Command(cmdB)),
      () => Parallel([Command(cmdC), Success(0)]),
      () => Command(fn, undefined, { name: 'dee' })
    )(0);
    await runEffect(flow, {}, {
      onRun: async (_e, op) => {
        events.push('onRun');
        const r = await op();
        events.push('onRun ends');
        return r;
      },
      onBeforeCommand: (c) => void events.push(`before ${(c.meta as { name?: string } | undefined)?.name ?? c.cmd.name}`),
      onStep: (name, type, op, path) => (events.push(`onStep(${name},${type},${path})`), op())
    });
    expect(events).toEqual([
      'onRun', 'before cmdA', 'onStep(cmdA,Command,0)', 'ask', 'before cmdB', 'onStep(cmdB,Command,1r0/0)',
      'onStep(Parallel,Parallel,2p)', 'before cmdC', 'onStep(cmdC,Command,2p0/0)', 'before dee', 'onStep(dee,Command,3)', 'onRun ends'
    ]);
  });
});

describe("§11.7 a Command's throw gives Failure(thrown); a throw in next or in a pure step rejects", () => {
  test('I/O faults become Failures', async () => {
    const io = new Error('io');
    expect(await runEffect(Command(() => { throw io; }))).toEqual(Failure(io));
    expect(await runEffect(Command(() => Promise.reject('nope')))).toEqual(Failure('nope'));
    const u = await runEffect(Command(() => { throw undefined; }));
    expect(u).toEqual({ type: 'Failure', error: undefined });
    expect('error' in u).toBe(true);
  });
  test('bugs reject', async () => {
    await expect(runEffect(Command(() => 1, () => { throw new Error('in next'); }))).rejects.toThrow('in next');
    const flow = effectPipe(() => Command(() => 1), () => { throw new Error('pure'); })(0);
    await expect(runEffect(flow)).rejects.toThrow('pure');
  });
});

describe('§11.8 an onBeforeCommand throw gives Failure(thrown), is never retried, and leaves no entry', () => {
  test('veto', async () => {
    let calls = 0;
    let vetoes = 0;
    const rec = recorder();
    const veto = new Error('no');
    const out = await runEffect(Retry(Command(() => ++calls), { attempts: 3, delay: 0 }), {}, {
      onBeforeCommand: () => { vetoes += 1; throw veto; },
      onStep: rec.onStep
    });
    expect(out).toEqual(Failure(veto));
    expect([calls, vetoes, rec.entries.length]).toEqual([0, 1, 0]);
  });
});

describe('§11.9 Retry makes at most attempts+1 tries, waiting delay×backoff^(i−1), and retries only thrown faults', () => {
  test('waits grow by the backoff (real timers)', async () => {
    const at: number[] = [];
    const t0 = performance.now();
    const out = await runEffect(Retry(Command(() => { at.push(performance.now() - t0); throw new Error('x'); }), { attempts: 3, delay: 10, backoff: 2 }));
    expect(out.type).toBe('Failure');
    expect(at).toHaveLength(4);
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
    [10, 20, 40].forEach((want, i) => expect(gaps[i]).toBeGreaterThanOrEqual(want - 1.5));
  });
  test('backoff 0: only the first retry waits', async () => {
    // The waits asked of the timer, not measured on the clock: "no wait" must not depend on how busy the machine is.
    let tries = 0;
    const waits = await timerWaits(() => runEffect(Retry(Command(() => { tries += 1; throw new Error('x'); }), { attempts: 3, delay: 30, backoff: 0 })));
    expect(tries).toBe(4);
    expect(waits.filter((ms) => ms > 0)).toEqual([30]);
  });
  test('what is retried', async () => {
    let n = 0;
    expect(await runEffect(Retry(Command(() => ++n, () => Failure('biz1')), { delay: 0 }))).toEqual(Failure('biz1'));
    expect(n).toBe(1);
    let hookCalls = 0;
    await runEffect(Retry(Command(() => 1), { attempts: 2, delay: 0 }), {}, { onStep: () => { hookCalls += 1; throw new Error('hook'); } });
    expect(hookCalls).toBe(3);
    let m = 0;
    await expect(runEffect(Retry(Command(() => ++m, () => { throw new Error('next'); }), { delay: 0 }))).rejects.toThrow('next');
    expect(m).toBe(1);
  });
  test('every attempt re-runs the whole wrapped tree', async () => {
    const calls: string[] = [];
    let failed = false;
    const first = () => (calls.push('first'), 1);
    const second = () => {
      calls.push('second');
      if (!failed) { failed = true; throw new Error('once'); }
      return 2;
    };
    const out = await runEffect(Retry(effectPipe(() => Command(first), () => Command(second))(0), { delay: 0 }));
    expect(out).toEqual(Success(2));
    expect(calls).toEqual(['first', 'second', 'first', 'second']);
  });
});

describe('§11.10 exhaustion is the I/O fault {retryExhausted,lastError,attempts}; onExhausted runs under <k>rf/ and is not wrapped', () => {
  test('nested Retry: 6 calls, nested exhaustion', async () => {
    const rec = recorder();
    const boom = new Error('always');
    const flaky = () => { throw boom; };
    const out = await runEffect(Retry(Retry(Command(flaky), { attempts: 1, delay: 0 }), { attempts: 2, delay: 0 }), {}, { onStep: rec.onStep });
    expect(rec.entries.map((e) => e.path)).toEqual(['0r0/0r0/0', '0r0/0r1/0', '0r1/0r0/0', '0r1/0r1/0', '0r2/0r0/0', '0r2/0r1/0']);
    expect(out).toEqual(Failure({ retryExhausted: true, lastError: { retryExhausted: true, lastError: boom, attempts: 1 }, attempts: 2 }));
  });
  test('the fallback', async () => {
    const rec = recorder();
    let seen: unknown;
    const cmdLivePrice = () => { throw new Error('down'); };
    const cmdCachedPrice = () => ({ amount: 9, from: 'cache' });
    const out = await runEffect(
      Retry(Command(cmdLivePrice), { attempts: 1, delay: 0, onExhausted: (x) => ((seen = x), Command(cmdCachedPrice)) }),
      {},
      { onStep: rec.onStep }
    );
    expect(rec.entries.map((e) => `${e.command as string}@${e.path as string}`)).toEqual(['cmdLivePrice@0r0/0', 'cmdLivePrice@0r1/0', 'cmdCachedPrice@0rf/0']);
    expect(out).toEqual(Success({ amount: 9, from: 'cache' }));
    expect(seen).toMatchObject({ retryExhausted: true, attempts: 1 });
    expect(await runEffect(Retry(Command(cmdLivePrice), { attempts: 1, delay: 0, onExhausted: () => Failure('gave up') }))).toEqual(Failure('gave up'));
    await expect(runEffect(Retry(Command(cmdLivePrice), { attempts: 1, delay: 0, onExhausted: loose(() => 5) }))).rejects.toThrow(
      "Retry option 'onExhausted' returned the number 5."
    );
  });
});

describe('§3.3–3.4 hook rules and layering', () => {
  test("a hook's return value is the step's value; returning undefined when op had a value is a TypeError", async () => {
    const cmd = () => ({ a: 1 });
    expect(await runEffect(Command(cmd), {}, { onStep: async (_n, _t, op) => ({ ...(await op() as object), b: 2 }) })).toEqual(Success({ a: 1, b: 2 }));
    await expect(runEffect(Command(cmd), {}, { onStep: async (_n, _t, op) => void (await op()) })).rejects.toThrow(
      new TypeError("An onStep hook called op for 'cmd' at path '0' and returned undefined, although the Command returned a value. A hook has to await op() and return what it returns.")
    );
    const slow = async () => (await sleep(5), 1);
    await expect(runEffect(Command(slow), {}, { onStep: (_n, _t, op) => void op() })).rejects.toThrow(
      "An onStep hook called op for 'slow' at path '0' and returned undefined before op had finished, although the Command returned a value."
    );
    await expect(runEffect(Parallel([Success(1)]), {}, { onStep: () => undefined })).rejects.toThrow(
      "An onStep hook returned without letting op run the Parallel at path '0p'. A hook has to call op for a Parallel and pass on what it returns or throws, because op runs its branches."
    );
  });
  test('global layers nest outside the local hooks, and inherit:false drops them', async () => {
    const log: string[] = [];
    const layer = (n: string) => ({
      onBeforeCommand: () => void log.push(`${n} before`),
      onStep: async (_name: string, _type: string, op: () => Promise<unknown>) => {
        log.push(`${n} in`);
        const v = await op();
        log.push(`${n} out`);
        return v;
      }
    });
    const remove = configureEffect(layer('g1'));
    configureEffect(layer('g2'));
    const cmd = () => (log.push('cmd'), 1);
    await runEffect(Command(cmd), {}, layer('local'));
    expect(log).toEqual(['g1 before', 'g2 before', 'local before', 'g1 in', 'g2 in', 'local in', 'cmd', 'local out', 'g2 out', 'g1 out']);
    log.length = 0;
    remove();
    await runEffect(Command(cmd), {}, { ...layer('local'), inherit: false });
    expect(log).toEqual(['local before', 'local in', 'cmd', 'local out']);
    log.length = 0;
    await runEffect(Command(cmd));
    expect(log).toEqual(['g2 before', 'g2 in', 'cmd', 'g2 out']);
  });
  test('configureEffect checks everything first', () => {
    expect(() => configureEffect(loose(5))).toThrow(new TypeError('configureEffect expects configuration objects, got the number 5.'));
    expect(() => configureEffect(loose({ onstep: () => 1 }))).toThrow(
      "configureEffect has no option named 'onstep'; its options are onStep, onRun and onBeforeCommand."
    );
    expect(() => configureEffect({ onRun: () => 1 }, loose({ onStep: 'x' }))).toThrow("configureEffect's onStep must be a function, got the string \"x\".");
    expect(configureEffect(undefined)).toBeTypeOf('function');
  });
});
