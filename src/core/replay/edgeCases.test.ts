// Spec §12: the edge cases pinned by pure-effect's own test suite, one test per
// case, named after it, with the exact values and messages the spec gives.
import { afterEach, describe, expect, test } from 'vitest';
import { Command, configureEffect, effectPipe, Failure, Parallel, recordEffect, Retry, runEffect, Success } from '../effect/index';
import { replayEffect } from './replayEffect';
import { timeTravel } from './timeTravel';

const loose = (x: unknown) => x as never;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
afterEach(() => void configureEffect());

describe('§12 case 1: recursion through effectPipe is linear', () => {
  // The spec's polling loop. Each level is a Retry around one Command; the
  // step after it returns the next level.
  const depthSeen: number[] = [];
  const stackDepth = () => (new Error().stack ?? '').split('\n').length;
  const fetchPage = (x: number) => {
    const cmdFetchPage = () => x;
    return Command(cmdFetchPage);
  };
  const poll = (m: number): unknown =>
    effectPipe(
      (x: number) => Retry(fetchPage(x), { attempts: 1, delay: 0 }),
      (x: number) => {
        depthSeen.push(stackDepth());
        return x === 0 ? Success('done') : poll(x - 1);
      }
    )(m);

  test('the stack at each level does not grow with the depth, live and under replay', async () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Infinity;
    try {
      depthSeen.length = 0;
      expect(await runEffect(poll(1000))).toEqual(Success('done'));
      // A wrapper per level would call level k's step through k wrappers.
      expect(depthSeen).toHaveLength(1001);
      expect(Math.max(...depthSeen.slice(1))).toBe(Math.min(...depthSeen.slice(1)));

      const { result, trace } = await recordEffect(poll as never, 1000, { context: { flowName: 'poll' } });
      expect(result).toEqual(Success('done'));
      expect(trace.trace).toHaveLength(1001);
      expect(trace.trace[1000]).toMatchObject({ command: 'cmdFetchPage', path: '1000r0/0', result: 0 });

      depthSeen.length = 0;
      expect(await replayEffect(poll(1000), trace)).toEqual({ result: Success('done'), unreached: [] });
      expect(Math.max(...depthSeen.slice(1))).toBe(Math.min(...depthSeen.slice(1)));
    } finally {
      Error.stackTraceLimit = limit;
    }
  });

  test('a pipeline that ends on a pending node still returns a fresh copy of it', () => {
    const inner = Command(() => 1, undefined, { name: 'a' });
    const root = effectPipe(() => inner)(0);
    expect(root).not.toBe(inner);
    expect(root).toMatchObject({ type: 'Command', meta: { name: 'a' } });
  });
});

describe("§12 case 2: an onStep hook that calls op() without awaiting it", () => {
  test("a rejecting op is the step's I/O fault: the Retry runs the Command twice and is exhausted", async () => {
    configureEffect({
      onStep: async (_n: string, _t: string, op: () => Promise<unknown>) => {
        void op();
      }
    });
    let calls = 0;
    const cmdReset = async () => {
      calls += 1;
      throw new Error('socket reset');
    };
    const result = await runEffect(Retry(Command(cmdReset), { attempts: 1, delay: 0 }));
    expect(calls).toBe(2);
    expect(result).toStrictEqual(Failure({ retryExhausted: true, lastError: new Error('socket reset'), attempts: 1 }));
  });

  test('an op that resolves to a value is rule 6: the TypeError says the hook returned before op had finished', async () => {
    configureEffect({
      onStep: async (_n: string, _t: string, op: () => Promise<unknown>) => {
        void op();
      }
    });
    const cmdSlow = async () => {
      await sleep(2);
      return 'value';
    };
    await expect(runEffect(Command(cmdSlow))).rejects.toThrow(
      new TypeError(
        "An onStep hook called op for 'cmdSlow' at path '0' and returned undefined before op had finished, although the Command returned a value. A hook has to await op() and return what it returns."
      )
    );
  });
});

describe("§12 case 3: a redact that returns something unreadable", () => {
  test('a Proxy whose ownKeys throws leaves the entry unrecorded, and the Failure is still the Command\'s own error', async () => {
    const thrown = Object.assign(new Error('card declined'), { code: 'declined' });
    const cmdCharge = () => {
      throw thrown;
    };
    const unreadable = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys for you');
        }
      }
    );
    const { result, trace } = await recordEffect(() => Command(cmdCharge) as never, 1, {
      redact: (copy, _name, kind) => (kind === 'error' ? unreadable : copy)
    });
    expect(result.type).toBe('Failure');
    expect((result as { error: unknown }).error).toBe(thrown);
    expect(trace.trace).toHaveLength(1);
    const entry = trace.trace[0] as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual(['command', 'path', 'threw', 'unrecorded', 'durationMs']);
    expect(entry).toMatchObject({ command: 'cmdCharge', path: '0', threw: true, unrecorded: 'redact' });
    expect(typeof entry.durationMs).toBe('number');
  });
});

describe("§12 case 4: a Resolver's answer is checked for a Parallel step too", () => {
  test('answering null for the Parallel rejects with the Resolver TypeError', async () => {
    await expect(replayEffect(Parallel([Success(1)]), () => null)).rejects.toThrow(
      new TypeError(
        "A Resolver answers with { result }, { error }, or undefined for a step it has no record of, and it answered null for 'Parallel' at path '0p'."
      )
    );
  });

  test('undefined replays by timing, and {result} passes the decision on', async () => {
    expect(await replayEffect(Parallel([Success(1)]), () => undefined)).toEqual({ result: Success([1]) });
    const err = (await replayEffect(Parallel([Success(1)]), () => ({ result: { cancelled: false, branches: 3 } }))).result;
    expect(err).toMatchObject({ type: 'Failure', error: { name: 'TimeParadox', message: "Time paradox at path '0p': this Parallel has 1 branch, and the trace recorded 3." } });
  });
});

describe("§12 case 5: a decision passed to a Parallel's op by a hook is used", () => {
  const ran: string[] = [];
  const branch = (n: string) => Command(() => void ran.push(n), undefined, { name: n });

  test('op throws the past-the-end TimeParadox, and the run rejects with it when the hook passes it on', async () => {
    ran.length = 0;
    let fromOp: unknown;
    const onStep = async (_n: string, type: string, op: (d?: unknown) => Promise<unknown>) => {
      if (type !== 'Parallel') return op();
      try {
        return await op({ cancelled: true, branch: 5 });
      } catch (e) {
        fromOp = e;
        throw e;
      }
    };
    const run = runEffect(Parallel([branch('a'), branch('b')]), {}, loose({ onStep }));
    await run.catch(() => undefined);
    expect(fromOp).toMatchObject({
      name: 'TimeParadox',
      path: '0p',
      branch: 5,
      message: "Time paradox at path '0p': the recorded run was cancelled by branch 5, but this Parallel has 2 branches."
    });
    await expect(run).rejects.toBe(fromOp);
    expect(ran).toEqual([]);
  });

  test('a hook that swallows it and returns gets the Parallel hook rule', async () => {
    ran.length = 0;
    const onStep = async (_n: string, type: string, op: (d?: unknown) => Promise<unknown>) => {
      if (type !== 'Parallel') return op();
      await op({ cancelled: true, branch: 5 }).catch(() => undefined);
      return undefined;
    };
    await expect(runEffect(Parallel([branch('a'), branch('b')]), {}, loose({ onStep }))).rejects.toThrow(
      new TypeError(
        "An onStep hook returned without letting op run the Parallel at path '0p'. A hook has to call op for a Parallel and pass on what it returns or throws, because op runs its branches."
      )
    );
    expect(ran).toEqual([]);
  });
});

describe('§12 case 6: a TimeParadox inside one Parallel branch cancels nothing', () => {
  // Branch 0 is a pipeline with a nested Parallel after a slow first step;
  // branch 1 diverges at once, long before branch 0 is done.
  const c = (name: string, ms: number) =>
    Command(
      async () => {
        await sleep(ms);
        return name;
      },
      undefined,
      { name }
    );
  const branch0 = () => effectPipe(() => c('search', 15), () => Parallel([c('hold', 5), c('bags', 10)]))(0);
  const withRetry = () => Retry(c('loyalty', 1), { attempts: 1, delay: 0 });

  async function replayNarrated(recordedBranch1: () => unknown, changed: () => unknown) {
    const flow = () => Parallel([branch0(), recordedBranch1() as never]);
    const { trace } = await recordEffect(flow as never, 0, { context: { flowName: 'trip' } });
    const lines: string[] = [];
    const result = await timeTravel(changed as never, trace, { log: (t) => void lines.push(t) });
    return { result, steps: lines.filter((l) => l.startsWith('Step ')).map((l) => l.split(' returned')[0]) };
  }

  test('a name mismatch: the sibling branch and its nested Parallel replay to the end, then the replay stops', async () => {
    const { result, steps } = await replayNarrated(
      () => c('loyalty', 1),
      () => Parallel([branch0(), c('loyaltyTier', 1)])
    );
    expect(steps).toEqual(['Step 1: search', 'Step 3: hold', 'Step 4: bags']);
    expect(result).toMatchObject({
      type: 'Failure',
      error: { name: 'TimeParadox', path: '0p1/0', message: "Time paradox at path '0p1/0': flow asked for 'loyaltyTier', trace recorded 'loyalty'" }
    });
  });

  test("a shape mismatch ('trace recorded a Retry there') cancels nothing either", async () => {
    const { result, steps } = await replayNarrated(withRetry, () => Parallel([branch0(), c('loyalty', 1)]));
    expect(steps).toEqual(['Step 1: search', 'Step 3: hold', 'Step 4: bags']);
    expect(result).toMatchObject({
      type: 'Failure',
      error: {
        name: 'TimeParadox',
        path: '0p1/0',
        expected: 'Retry',
        actual: 'loyalty',
        message: "Time paradox at path '0p1/0': flow asked for 'loyalty', trace recorded a Retry there, with 'loyalty' at path '0p1/0r0/0'"
      }
    });
  });

  test('when two branches diverge, the lowest-index fault ends the replay after both have settled', async () => {
    const { result, steps } = await replayNarrated(
      () => c('loyalty', 1),
      () => Parallel([effectPipe(() => c('search', 15), () => c('late', 1))(0), c('loyaltyTier', 1)])
    );
    expect(steps).toEqual(['Step 1: search']);
    expect(result).toMatchObject({ type: 'Failure', error: { name: 'TimeParadox', path: '0p0/1' } });
  });
});
