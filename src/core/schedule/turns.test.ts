// Each rule of spec §6.11, on a small flow, with the turns worked out by hand
// from the spec's text: the runtime (real awaits) and the schedule model must
// both ask each step in exactly that turn. Steps are written
// `index name@path how e<timers fired>t<turn>`.
import { describe, expect, test } from 'vitest';
import type { Item, Sequence } from './program';
import { replayWithModel, replayWithRuntime } from './test-support/compare';

const c = (name: string): Item => ({ kind: 'command', name });
const seq = (...items: Item[]): Sequence => ({ items });
const par = (branches: Sequence[], options: { limit?: number; settled?: boolean } = {}): Item => ({ kind: 'parallel', branches, ...options });
const retry = (body: Sequence, attempts: number, fallback?: Sequence): Item => ({ kind: 'retry', body, attempts, ...(fallback ? { fallback } : {}) });
/** The flow in a settled Parallel, then `after`: when `after` is asked shows when the flow ended, however it ended. */
const observed = (...items: Item[]): Sequence => seq(par([seq(...items)], { settled: true }), c('after'));

type E = Record<string, unknown>;
const ok = (command: string, path: string): E => ({ command, path, result: { command }, durationMs: 1 });
const threw = (command: string, path: string): E => ({ command, path, threw: true, error: { __error: true, name: 'Error', message: `${command} failed` }, durationMs: 1 });
const decision = (path: string, branches: number, cancelled: false | { branch: number | null } = false): E => ({
  command: 'Parallel',
  path,
  result: cancelled ? { cancelled: true, branch: cancelled.branch, branches } : { cancelled: false, branches },
  durationMs: 1
});
const traceOf = (...entries: E[]) => ({ flowName: 'turns', initialInput: 0, context: {}, dropped: 0, trace: entries });

async function both(program: Sequence, trace: ReturnType<typeof traceOf>) {
  const model = replayWithModel(program, trace);
  const runtime = await replayWithRuntime(program, trace, model.simulation.epochTurns);
  return { model, runtime };
}

async function expectAsks(program: Sequence, trace: ReturnType<typeof traceOf>, asks: string[], result?: unknown): Promise<void> {
  const { model, runtime } = await both(program, trace);
  expect(model.asks, 'the model').toEqual(asks);
  expect(runtime.asks, 'the runtime').toEqual(asks);
  expect(runtime.result).toEqual(model.result);
  expect(runtime.unreached).toEqual(model.unreached);
  if (result !== undefined) expect(runtime.result).toEqual(result);
}

describe('§6.11 Commands', () => {
  test('a run of Commands asks one step every 3 turns: 1, 4, 7', async () => {
    await expectAsks(seq(c('a'), c('b'), c('c')), traceOf(ok('a', '0'), ok('b', '1'), ok('c', '2')), [
      '0 a@0 answered e0t1',
      '1 b@1 answered e0t4',
      '2 c@2 answered e0t7'
    ]);
  });

  test('a recorded throw takes the turns of a value, and each limit slot starts its queued branch 2 turns after the last ends', async () => {
    // catalogue-sync-limit-order's shape: b and d are both asked in turn 6, the branch before first.
    const program = seq(par([seq(par([seq(c('a')), seq(c('b'))], { limit: 1 })), seq(par([seq(c('x')), seq(c('d'))], { limit: 1, settled: true }))]));
    const trace = traceOf(threw('x', '0p1/0p0/0'), ok('a', '0p0/0p0/0'), ok('b', '0p0/0p1/0'), decision('0p0/0p', 2), ok('d', '0p1/0p1/0'), decision('0p1/0p', 2), decision('0p', 2));
    await expectAsks(program, trace, [
      '0 a@0p0/0p0/0 answered e0t1',
      '1 x@0p1/0p0/0 answered e0t1',
      '2 b@0p0/0p1/0 answered e0t6',
      '3 d@0p1/0p1/0 answered e0t6'
    ]);
  });
});

describe('§6.11 a sibling sees an abort at its next check, in the abort turn only after the faulting branch', () => {
  // x is renamed: a TimeParadox in turn 1, its branch ends in turn 3 and aborts the scope as it settles in turn 4.
  const trace = (xPath: string, y: string, z: string, w?: string) =>
    traceOf(ok('xOld', xPath), ok('y', y), ok('z', z), ...(w ? [ok('w', w)] : []), decision('0p', 2));

  test('the faulting branch first: the Command check in turn 4 sees the abort, so z is never asked', async () => {
    await expectAsks(seq(par([seq(c('x')), seq(c('y'), c('z'))])), trace('0p0/0', '0p1/0', '0p1/1'), [
      "0 x@0p0/0 paradox e0t1",
      '1 y@0p1/0 answered e0t1'
    ]);
  });

  test('the faulting branch second: z checks in turn 4 before the abort and is asked; w, reached in turn 6, is not', async () => {
    await expectAsks(seq(par([seq(c('y'), c('z'), c('w')), seq(c('x'))])), trace('0p1/0', '0p0/0', '0p0/1', '0p0/2'), [
      '0 y@0p0/0 answered e0t1',
      '1 x@0p1/0 paradox e0t1',
      '2 z@0p0/1 answered e0t4'
    ]);
  });

  test('a missing step aborts the same way', async () => {
    const program = seq(par([seq(c('y'), c('z'), c('w')), seq(c('new'))]));
    await expectAsks(program, traceOf(ok('y', '0p0/0'), ok('z', '0p0/1'), ok('w', '0p0/2'), decision('0p', 2)), [
      '0 y@0p0/0 answered e0t1',
      '1 new@0p1/0 missing e0t1',
      '2 z@0p0/1 answered e0t4'
    ]);
  });
});

describe('§6.11 Parallel', () => {
  test('the loop resumes 8 turns after the last branch settles: E+9', async () => {
    await expectAsks(seq(par([seq(c('a')), seq(c('b'))]), c('next')), traceOf(ok('a', '0p0/0'), ok('b', '0p1/0'), decision('0p', 2), ok('next', '1')), [
      '0 a@0p0/0 answered e0t1',
      '1 b@0p1/0 answered e0t1',
      '2 next@1 answered e0t13'
    ]);
  });

  test('with no branches, 7 turns after it is reached', async () => {
    await expectAsks(seq(par([]), c('next')), traceOf(decision('0p', 0), ok('next', '1')), ['0 next@1 answered e0t8']);
  });

  test('under limit, 8 turns after the last slot finishes: E+10', async () => {
    await expectAsks(seq(par([seq(c('a')), seq(c('b'))], { limit: 1 }), c('next')), traceOf(ok('a', '0p0/0'), ok('b', '0p1/0'), decision('0p', 2), ok('next', '1')), [
      '0 a@0p0/0 answered e0t1',
      '1 b@0p1/0 answered e0t6',
      '2 next@1 answered e0t19'
    ]);
  });

  test('a queued branch takes its slot\'s place: q2 before b1 in turn 6 (the spec\'s measured example)', async () => {
    const program = seq(par([seq(c('c0')), seq(retry(seq(c('a1')), 1), c('b1')), seq(c('q2'))], { limit: 2 }));
    const trace = traceOf(ok('c0', '0p0/0'), ok('a1', '0p1/0r0/0'), ok('q2', '0p2/0'), ok('b1', '0p1/1'), decision('0p', 3));
    await expectAsks(program, trace, [
      '0 c0@0p0/0 answered e0t1',
      '1 a1@0p1/0r0/0 answered e0t1',
      '2 q2@0p2/0 answered e0t6',
      '3 b1@0p1/1 answered e0t6'
    ]);
  });

  test('queued branches reached after an abort end at their loop-top check, each taking its turns', async () => {
    // x threw, but the trace says nobody cancelled: the Parallel replays by timing, x's branch triggers in turn 4.
    // The slot reaches q in turn 5 (it ends there, settles in 6), r in 7 (settles in 8); the slot is done in 9, the loop in 17.
    const program = observed(par([seq(c('x')), seq(c('q')), seq(c('r'))], { limit: 1 }));
    const trace = traceOf(threw('x', '0p0/0p0/0'), decision('0p0/0p', 3), decision('0p', 1), ok('after', '1'));
    await expectAsks(program, trace, ['0 x@0p0/0p0/0 answered e0t1', '1 after@1 answered e0t27']);
  });

  test('a lookup that raises: a shape TimeParadox ends the sequence in r+2, a count TimeParadox in r+4', async () => {
    // Branch 1 faults; branch 0's chain shows when: b is checked in turn 4, c reached in turn 6.
    const chain = seq(c('a'), c('b'), c('c'));
    const common = [ok('a', '0p0/0'), ok('b', '0p0/1'), ok('c', '0p0/2'), decision('0p', 2)];
    // shape: the trace has a Command where the flow has a Parallel; it aborts in turn 3, b's check in 4 sees it.
    await expectAsks(seq(par([chain, seq(par([seq(c('i'))]))])), traceOf(...common, ok('i', '0p1/0')), ['0 a@0p0/0 answered e0t1']);
    // count: two branches recorded, one now; it aborts in turn 5, after b was asked in turn 4.
    await expectAsks(seq(par([chain, seq(par([seq(c('i'))]))])), traceOf(...common, ok('i', '0p1/0p0/0'), ok('j', '0p1/0p1/0'), decision('0p1/0p', 2)), [
      '0 a@0p0/0 answered e0t1',
      '1 b@0p0/1 answered e0t4'
    ]);
  });
});

describe('§6.11 Retry', () => {
  test('an attempt ending in turn e: what is not retried reaches the loop in e+2', async () => {
    await expectAsks(seq(retry(seq(c('a')), 1), c('b')), traceOf(ok('a', '0r0/0'), ok('b', '1')), ['0 a@0r0/0 answered e0t1', '1 b@1 answered e0t6']);
  });

  test('a wait ended by its timer starts a new count: the next attempt asks in turn 2', async () => {
    await expectAsks(seq(retry(seq(c('a')), 1), c('b')), traceOf(threw('a', '0r0/0'), ok('a', '0r1/0'), ok('b', '1')), [
      '0 a@0r0/0 answered e0t1',
      '1 a@0r1/0 answered e1t2',
      '2 b@1 answered e1t7'
    ]);
  });

  test('a fallback starts in e+1; its result reaches the loop 2 turns after it ends', async () => {
    await expectAsks(seq(retry(seq(c('a')), 1, seq(c('f'))), c('b')), traceOf(threw('a', '0r0/0'), threw('a', '0r1/0'), ok('f', '0rf/0'), ok('b', '1')), [
      '0 a@0r0/0 answered e0t1',
      '1 a@0r1/0 answered e1t2',
      '2 f@0rf/0 answered e1t6',
      '3 b@1 answered e1t11'
    ]);
  });

  test('…and never before e+4, for a fallback with no pending node', async () => {
    await expectAsks(seq(retry(seq(c('a')), 1, seq()), c('b')), traceOf(threw('a', '0r0/0'), threw('a', '0r1/0'), ok('b', '1')), [
      '0 a@0r0/0 answered e0t1',
      '1 a@0r1/0 answered e1t2',
      '2 b@1 answered e1t9'
    ]);
  });

  test('exhausted without a fallback: the I/O fault reaches the loop in e+2', async () => {
    await expectAsks(observed(retry(seq(c('a')), 1)), traceOf(threw('a', '0p0/0r0/0'), threw('a', '0p0/0r1/0'), decision('0p', 1), ok('after', '1')), [
      '0 a@0p0/0r0/0 answered e0t1',
      '1 a@0p0/0r1/0 answered e1t2',
      '2 after@1 answered e1t16'
    ]);
  });

  test('a wait begun in an aborted scope ends in the next turn, and the cancellation reaches the loop one turn later', async () => {
    // x threw and nobody cancelled: x's branch triggers as it settles in turn 4, before the Retry looks at its attempt in turn 4.
    // The wait ends in 5, the cancellation reaches the loop in 6, the branch settles in 7, the inner loop resumes in 15.
    const program = observed(par([seq(c('x')), seq(retry(seq(c('r')), 1))]));
    const trace = traceOf(threw('x', '0p0/0p0/0'), threw('r', '0p0/0p1/0r0/0'), decision('0p0/0p', 2), decision('0p', 1), ok('after', '1'));
    await expectAsks(program, trace, ['0 x@0p0/0p0/0 answered e0t1', '1 r@0p0/0p1/0r0/0 answered e0t1', '2 after@1 answered e0t25']);
  });

  test('a wait whose scope is aborted while it waits ends in the next turn, not at its timer', async () => {
    // r's wait begins in turn 4; x, asked in turn 7, aborts as it settles in turn 10; the wait ends in 11, the loop has the cancellation in 12.
    const program = observed(par([seq(c('p1'), c('p2'), c('x')), seq(retry(seq(c('r')), 1))]));
    const trace = traceOf(
      threw('r', '0p0/0p1/0r0/0'),
      ok('p1', '0p0/0p0/0'),
      ok('p2', '0p0/0p0/1'),
      threw('x', '0p0/0p0/2'),
      decision('0p0/0p', 2),
      decision('0p', 1),
      ok('after', '1')
    );
    await expectAsks(program, trace, [
      '0 p1@0p0/0p0/0 answered e0t1',
      '1 r@0p0/0p1/0r0/0 answered e0t1',
      '2 p2@0p0/0p0/1 answered e0t4',
      '3 x@0p0/0p0/2 answered e0t7',
      '4 after@1 answered e0t31'
    ]);
  });
});
