// §11 checklist items 20–24 (matching, faults, unreached), with the observed
// messages and fields of §5 and §6.5.
import { describe, expect, test } from 'vitest';
import { Command, effectPipe, Failure, Parallel, Retry, Success } from '../effect/index';
import { ReplayError, TimeParadox } from './errors';
import { replayEffect } from './replayEffect';
import { timerWaits } from './test-support/timerWaits';

const c = (n: string, v: unknown = n) => Command(() => v, undefined, { name: n });
const pipe = (...names: string[]) => effectPipe(...names.map((n) => () => c(n)))(0);
const e = (command: string, path?: string, result: unknown = command) => (path === undefined ? { command, result } : { command, path, result });
const fail = async (p: Promise<{ result: unknown }>) => {
  const { result } = await p;
  expect(result).toMatchObject({ type: 'Failure' });
  return (result as { error: Error & Record<string, unknown> }).error;
};

describe('§11.20 matching is by path only if the trace is non-empty and every entry has a path; otherwise positional, and Commands inside a Parallel are refused', () => {
  test('a mixed trace, a numeric path and an empty trace all match by position', async () => {
    expect((await replayEffect(pipe('a', 'b'), [e('a', '0'), e('b')])).result).toEqual(Success('b'));
    expect((await replayEffect(pipe('a'), [{ command: 'a', path: 0, result: 1 }])).result).toEqual(Success(1));
    const err = await fail(replayEffect(pipe('a'), []));
    expect(err.message).toMatch(/^Trace exhausted: no entry #0 for 'a'; refusing to run the real Command\. Production may never/);
  });
  test('a name mismatch by position still names the path; an error key means it threw', async () => {
    const err = await fail(replayEffect(pipe('a', 'b'), [e('a'), e('zzz')]));
    expect(err.message).toBe("Time paradox at path '1': flow asked for 'b', trace recorded 'zzz'");
    expect(await replayEffect(pipe('b'), [{ command: 'b', error: undefined }])).toEqual({ result: Failure(undefined), unreached: [] });
  });
  test('a path-less decision entry is never consumed, and a Command in a branch is refused', async () => {
    const flow = effectPipe(() => Parallel([Success(1)]), () => c('z'))(0);
    const err = await fail(replayEffect(flow, [e('Parallel', undefined, { cancelled: false, branches: 1 }), e('z')]));
    expect(err.message).toBe("Time paradox at path '1': flow asked for 'z', trace recorded 'Parallel'");
    expect(err.index).toBe(0);
    const refused = await fail(replayEffect(Parallel([c('a')]), [e('a')]));
    expect(refused).toBeInstanceOf(ReplayError);
    expect(refused.message).toBe("Trace carries no paths, so 'a' inside a Parallel cannot be matched positionally.");
    expect(Object.keys(refused)).toEqual(['name', 'command', 'path']);
  });
});

describe('§11.21 a name mismatch gives a TimeParadox {name,index,path,expected,actual}; a reshaped path names the diverging ancestor', () => {
  test('the §6.5 observed messages', async () => {
    const rename = await fail(replayEffect(pipe('a', 'B'), [e('a', '0'), e('b', '1')]));
    expect(rename).toBeInstanceOf(TimeParadox);
    expect(rename.message).toBe("Time paradox at path '1': flow asked for 'B', trace recorded 'b'");
    expect(Object.keys(rename)).toEqual(['name', 'index', 'path', 'expected', 'actual']);
    expect({ ...rename }).toEqual({ name: 'TimeParadox', index: 1, path: '1', expected: 'b', actual: 'B' });

    const intoRetry = await fail(replayEffect(c('a'), [e('a', '0r0/0')]));
    expect(intoRetry.message).toBe("Time paradox at path '0': flow asked for 'a', trace recorded a Retry there, with 'a' at path '0r0/0'");
    expect([intoRetry.expected, intoRetry.actual]).toEqual(['Retry', 'a']);

    const outOfRetry = await fail(replayEffect(Retry(c('a')), [e('a', '0')]));
    expect(outOfRetry.message).toBe("Time paradox at path '0': flow has a Retry there, trace recorded 'a'");
    expect([outOfRetry.expected, outOfRetry.actual]).toEqual(['a', 'Retry']);

    const flow = effectPipe(() => c('a'), () => c('b'), () => Parallel([c('x')]))(0);
    const toParallel = await fail(replayEffect(flow, [e('a', '0'), e('b', '1'), e('x', '2')]));
    expect(toParallel.message).toBe("Time paradox at path '2': flow has a Parallel there, trace recorded 'x'");
    expect({ ...toParallel }).toEqual({ name: 'TimeParadox', index: 2, path: '2', expected: 'x', actual: 'Parallel' });
  });
});

describe('§11.22 a changed branch count, a trigger past the end, and a trigger that no longer fails each give their own TimeParadox at <k>p', () => {
  const decision = (result: object) => ({ command: 'Parallel', path: '0p', result });
  test('count', async () => {
    const err = await fail(replayEffect(Parallel([c('a'), c('b'), c('c')]), [e('a', '0p0/0'), e('b', '0p1/0'), decision({ cancelled: false, branches: 2 })]));
    expect(err.message).toBe("Time paradox at path '0p': this Parallel has 3 branches, and the trace recorded 2.");
    expect({ ...err }).toEqual({ name: 'TimeParadox', path: '0p', expected: 2, actual: 3 });
  });
  test('past the end (checked before the count)', async () => {
    const err = await fail(replayEffect(Parallel([c('a')]), [e('a', '0p0/0'), decision({ cancelled: true, branch: 1, branches: 2 })]));
    expect(err.message).toBe("Time paradox at path '0p': the recorded run was cancelled by branch 1, but this Parallel has 1 branch.");
    expect({ ...err }).toEqual({ name: 'TimeParadox', path: '0p', branch: 1 });
  });
  test('did not fail', async () => {
    const err = await fail(replayEffect(Parallel([c('a'), c('b')]), [e('a', '0p0/0'), e('b', '0p1/0'), decision({ cancelled: true, branch: 1, branches: 2 })]));
    expect(err.message).toBe("Time paradox at path '0p': the recorded run was cancelled by branch 1, which did not fail in this replay.");
  });
  test('§6.10: a recorded cancellation is reproduced, the unstarted step is cut, nothing real runs', async () => {
    let real = 0;
    const slow1 = Command(() => ++real, undefined, { name: 'slow1' });
    const slow2 = Command(() => ++real, undefined, { name: 'slow2' });
    const boom = Command(() => ++real, undefined, { name: 'boom' });
    const trace = [
      { command: 'boom', path: '0p1/0', threw: true, error: { __error: true, name: 'Error', message: 'boom' } },
      e('slow1', '0p0/0'),
      decision({ cancelled: true, branch: 1, branches: 2 })
    ];
    const seen: string[] = [];
    const out = await replayEffect(Parallel([effectPipe(() => slow1, () => slow2)(0), boom]), trace, { onResolved: (s) => void seen.push(s.name) });
    expect(out.unreached).toEqual([]);
    expect(out.result.type === 'Failure' && (out.result.error as Error).message).toBe('boom');
    expect(seen).toEqual(['slow1', 'boom']);
    expect(real).toBe(0);
  });
});

describe("§11.23 a missing step is a ReplayError result; a malformed trace, duplicate paths, an unrecorded context, or dropped with 'execute' reject", () => {
  test('missing step', async () => {
    const err = await fail(replayEffect(pipe('a', 'b'), { trace: [e('a', '0')], dropped: '2' }));
    expect(err.message).toBe(
      "Trace has no step at path '1' for 'b'; refusing to run the real Command. The trace dropped 2 entries under maxEntries, so production may have run this step and the recorder not kept it; record the flow with a higher maxEntries to replay past it."
    );
    expect({ ...err }).toEqual({ name: 'ReplayError', command: 'b', index: 1, path: '1' });
  });
  test('rejections', async () => {
    const reject = (trace: unknown, options?: object) => expect(replayEffect(c('a'), trace, options)).rejects;
    const expects = "replayEffect expects a Resolver, a trace from recordEffect or a recorder's toTrace, or its array of entries, got";
    await reject(5).toThrow(`${expects} the number 5.`);
    await reject({ entries: [] }).toThrow(`${expects} an object with no \`trace\` array.`);
    await reject([5]).toThrow("replayEffect's trace entry 0 is the number 5; an entry is an object with a string command.");
    await reject([{ path: '0' }]).toThrow("replayEffect's trace entry 0 has no string command; an entry is an object with a string command.");
    await reject([e('a', '0'), e('a', '0')]).toThrow(new ReplayError('Trace has duplicate step paths.'));
    await reject({ trace: [e('a', '0')], unrecorded: { context: 'redact' } }).toThrow(
      "The trace holds no context: redact threw on it, so the recorder left it out. A replay with an empty one could take another branch at an Ask: pass options.context, or make redact handle every value it is given, null included, and record the flow again."
    );
    await reject({ trace: [e('a', '0')], dropped: 2 }, { onMissing: 'execute' }).toThrow(/^The trace dropped 2 entries under maxEntries, so a step it lacks/);
    await reject([], { onMissing: 'run' }).toThrow(new TypeError('replayEffect \'onMissing\' must be \'throw\' or \'execute\', received the string "run".'));
    await reject([], { onmissing: 'throw' }).toThrow(
      "replayEffect has no option named 'onmissing'; its options are context, fastRetry, hooks, onMissing and onResolved."
    );
    const ctx = await replayEffect(c('a'), { trace: [e('a', '0')], unrecorded: { context: 'copy' } }, { context: { ok: 1 } });
    expect(ctx.result).toEqual(Success('a'));
  });
});

describe('§11.24 unreached lists the entries no step received, in array order; a paradox entry stays unreached; a Resolver replay has no unreached key', () => {
  test('rename at path 1 leaves paths 1 and 2 unreached', async () => {
    const trace = [e('a', '0'), e('b', '1'), e('c', '2')];
    const out = await replayEffect(pipe('a', 'B', 'c'), trace);
    expect(out.unreached).toEqual([trace[1], trace[2]]);
  });
  test('a count paradox reaches the decision but not the branches', async () => {
    const trace = [e('b', '0p1/0'), e('a', '0p0/0'), { command: 'Parallel', path: '0p', result: { cancelled: false, branches: 2 } }, e('z', '1')];
    const out = await replayEffect(effectPipe(() => Parallel([c('a'), c('b'), c('x')]), () => c('z'))(0), trace);
    expect(out.unreached).toEqual([trace[0], trace[1], trace[3]]);
  });
  test('Resolver: no unreached key, error wins, bad answers and throws reject', async () => {
    const out = await replayEffect(pipe('a'), () => ({ result: 1, error: 'e' }));
    expect(out).toEqual({ result: Failure('e') });
    expect('unreached' in out).toBe(false);
    await expect(replayEffect(pipe('a'), () => ({}))).rejects.toThrow(
      new TypeError("A Resolver answers with { result }, { error }, or undefined for a step it has no record of, and it answered a plain object for 'a' at path '0'.")
    );
    const own = new Error('resolver bug');
    await expect(replayEffect(Parallel([Retry(c('a'))]), () => { throw own; })).rejects.toBe(own);
    const err = await fail(replayEffect(pipe('a'), () => undefined));
    expect(err.message).toMatch(/^No recorded outcome for 'a' at step 0; refusing to run the real Command\./);
  });
});

describe('§6.9 Retry under replay', () => {
  const threw = (path: string, message: string) => ({ command: 'flaky', path, threw: true, error: { __error: true, name: 'Error', message } });
  const trace = [threw('0r0/0', 'e1'), threw('0r1/0', 'e2'), { command: 'flaky', path: '0r2/0', result: 'ok' }];
  const flaky = (attempts: number, delay = 40) => Retry(Command(function flaky() { return 'live'; }), { attempts, delay });
  test('fewer attempts exhaust on the recorded throws', async () => {
    const out = await replayEffect(flaky(1), trace);
    expect(out.result).toMatchObject({ type: 'Failure', error: { retryExhausted: true, attempts: 1, lastError: { message: 'e2' } } });
    expect(out.unreached).toEqual([trace[2]]);
  });
  test('more attempts than recorded is a missing step', async () => {
    const err = await fail(replayEffect(flaky(3), trace.slice(0, 2)));
    expect(err.message).toMatch(/^Trace has no step at path '0r2\/0' for 'flaky'; /);
  });
  test('fastRetry waits one 0 ms turn; fastRetry:false waits for real', async () => {
    // The waits asked of the timer, not the clock: "no wait" must not depend on how busy the machine is.
    const fast = await timerWaits(async () => expect((await replayEffect(flaky(3), trace)).result).toEqual(Success('ok')));
    expect(fast.length).toBeGreaterThanOrEqual(2);
    expect(fast.filter((ms) => ms > 0)).toEqual([]);
    const slow = await timerWaits(() => replayEffect(flaky(3), trace, { fastRetry: false }));
    expect(slow.filter((ms) => ms > 0)).toEqual([40, 40]);
  });
});
