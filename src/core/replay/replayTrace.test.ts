// replayTrace: Timescope's report of one replay (report.ts), on the shared fixtures.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { Command, effectPipe, Parallel, Retry, Success } from '../effect/index';
import { replayTrace, type ReplayTraceRequest } from './replayTrace';
import type { CodeLocation } from './report';
import { caseNames, loadFlow, loadTrace, runsOf, type Run } from './test-support/fixtures';

const run = (caseName: string, variant?: string): Run => {
  const r = runsOf(caseName).find((x) => x.variant === variant);
  if (!r) throw new Error(`${caseName} ${variant ?? ''}`);
  return r;
};

/** Finds the first frame in `file` (the caller knows how its sources appear in stacks). */
const locateIn =
  (file: string) =>
  (stack: string): CodeLocation | undefined => {
    for (const line of stack.split('\n')) {
      const m = /\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?$/.exec(line.trim());
      if (m?.[1]?.endsWith(file)) return { file, line: Number(m[2]), column: Number(m[3]) };
    }
    return undefined;
  };

async function report(r: Run, extra: Partial<ReplayTraceRequest> = {}) {
  return replayTrace({ flowFn: await loadFlow(r), trace: loadTrace(r), ...r.options, ...extra });
}

describe('replayTrace', () => {
  test('checkout-zero-total: narration, result, and the pipeline values around each step', async () => {
    const r = run('checkout-zero-total');
    const rep = await report(r, { locate: locateIn('checkout-zero-total/flow.ts') });
    expect(rep.status).toBe('resolved');
    expect(rep.narration.join('\n')).toBe(r.narration);
    expect(rep.result).toEqual({
      type: 'Failure',
      error: { __error: true, name: 'Error', message: 'Amount must be non-zero.', code: 'invalid_amount' }
    });
    expect(rep.fault).toBeUndefined();
    expect(rep.unreached).toEqual([]);
    expect(rep.steps.map((s) => [s.index, s.name, s.type, s.path, s.status, s.entryIndex])).toEqual([
      [0, 'cmdFetchCart', 'Command', '0', 'answered', 0],
      [1, 'cmdValidatePromo', 'Command', '1', 'answered', 1],
      [2, 'cmdChargeCard', 'Command', '2', 'answered', 2]
    ]);
    const [fetch, promo, charge] = rep.steps;
    const input = { orderId: 'ord_7Hq2', customerId: 'cus_Ly81', promoCode: 'FREE100' };
    expect(fetch?.before).toEqual(input);
    expect(fetch?.after).toMatchObject({ ...input, cart: { subtotal: 60 } });
    expect(promo?.before).toEqual(fetch?.after);
    expect(promo?.after).toMatchObject({ percentOff: 100, total: 0 });
    expect(charge?.before).toEqual(promo?.after);
    expect([charge?.hasBefore, charge?.hasAfter, charge?.after]).toEqual([true, undefined, undefined]);
    // Each Command() call site, as the caller's locator maps it.
    expect(rep.steps.map((s) => s.location?.line)).toEqual([21, 29, 44]);
    // The keys in the order stored reports have always had them (the step records are completed in place).
    expect(rep.steps.map((s) => Object.keys(s))).toEqual([
      ['index', 'name', 'type', 'path', 'entryIndex', 'status', 'via', 'producer', 'before', 'hasBefore', 'after', 'hasAfter', 'location'],
      ['index', 'name', 'type', 'path', 'entryIndex', 'status', 'via', 'producer', 'before', 'hasBefore', 'after', 'hasAfter', 'location'],
      ['index', 'name', 'type', 'path', 'entryIndex', 'status', 'via', 'producer', 'before', 'hasBefore', 'location']
    ]);
    expect(JSON.parse(JSON.stringify(rep))).toEqual(rep);
  });

  test('steps: false gives the same narration, result, fault and unreached entries, without the per-step record', async () => {
    for (const r of [run('checkout-zero-total', 'reorder'), run('itinerary-parallel-paradox', 'no-retry'), run('weather-retry')]) {
      const full = await report(r);
      const lean = await report(r, { steps: false });
      expect(lean).toEqual({ ...full, steps: [] });
      expect(full.steps.length).toBeGreaterThan(0);
    }
  });

  test('checkout-zero-total / fixed: success, entry 2 unreached', async () => {
    const rep = await report(run('checkout-zero-total', 'fixed'));
    expect(rep.result).toMatchObject({ type: 'Success', value: { total: 0, receipt: { amount: 0, status: 'waived' } } });
    expect(rep.unreached).toEqual([2]);
    expect(rep.narration[0]).toBe('Warning: trace was recorded at 9f2c1ab, replaying against b41e07d.');
    expect(rep.steps.map((s) => s.status)).toEqual(['answered', 'answered']);
  });

  test('checkout-zero-total / reorder: a TimeParadox fault at the entry whose command differs', async () => {
    const rep = await report(run('checkout-zero-total', 'reorder'));
    expect(rep.fault).toEqual({
      kind: 'TimeParadox',
      message: "Time paradox at path '0': flow asked for 'cmdValidatePromo', trace recorded 'cmdFetchCart'",
      path: '0',
      index: 0,
      expected: 'cmdFetchCart',
      actual: 'cmdValidatePromo',
      entryIndex: 0
    });
    expect(rep.result).toEqual({
      type: 'Failure',
      error: {
        __error: true, name: 'TimeParadox', message: rep.fault?.message, __enumerable: ['name'],
        index: 0, path: '0', expected: 'cmdFetchCart', actual: 'cmdValidatePromo'
      }
    });
    expect(rep.unreached).toEqual([0, 1, 2]);
    expect(rep.steps).toEqual([{ index: 0, name: 'cmdValidatePromo', type: 'Command', path: '0', entryIndex: 0, status: 'paradox', via: { kind: 'step', fn: 'validatePromo', index: 0 }, producer: { kind: 'input' }, before: rep.steps[0]?.before, hasBefore: true }]);
  });

  test('register-email-taken / new-address: a ReplayError fault for the missing step', async () => {
    const rep = await report(run('register-email-taken', 'new-address'));
    expect(rep.fault).toMatchObject({ kind: 'ReplayError', command: 'cmdCreateUser', index: 1, path: '1' });
    expect(rep.fault?.entryIndex).toBeUndefined();
    expect(rep.steps.map((s) => [s.name, s.status])).toEqual([['cmdFindUserByEmail', 'answered'], ['cmdCreateUser', 'missing']]);
    expect(rep.steps[1]?.before).toMatchObject({ form: { email: 'grace.hopper@example.org' }, existing: { id: 'usr_0042' } });
  });

  test('statuses: a decision, a paradox Parallel, a cut', async () => {
    const cancelled = await report(run('stock-parallel-cancelled'));
    expect(cancelled.steps.map((s) => [s.name, s.path, s.status, s.entryIndex])).toEqual([
      ['Parallel', '0p', 'decision', 2],
      ['cmdReserveEast', '0p0/0', 'answered', 1],
      ['cmdReserveWest', '0p1/0', 'answered', 0],
      ['cmdConfirmEastHold', '0p0/1', 'cut', undefined]
    ]);
    const count = await report(run('profile-parallel', 'with-preferences'));
    expect(count.steps.map((s) => [s.name, s.status, s.entryIndex])).toEqual([['Parallel', 'paradox', 2]]);
    expect(count.fault).toMatchObject({ kind: 'TimeParadox', path: '0p', expected: 2, actual: 3, entryIndex: 2 });
  });

  test('a nested error in a result keeps its stored form', async () => {
    const rep = await report(run('weather-retry', 'one-retry'));
    expect(rep.result).toEqual({
      type: 'Failure',
      error: {
        retryExhausted: true,
        attempts: 1,
        lastError: { __error: true, name: 'Error', message: 'read ECONNRESET (attempt 2)', code: 'ECONNRESET', errno: -104, syscall: 'read' }
      }
    });
    expect(rep.unreached).toEqual([3]);
  });

  test('a flow that throws in pure code: rejected, with the error in stored form and where it was thrown', async () => {
    const flowFn = (input: unknown) =>
      effectPipe(
        () => Command(function cmdA() { return 1; }),
        (n: number) => {
          if (n === 1) throw new RangeError('pure step bug');
          return Success(n);
        }
      )(input);
    const rep = await replayTrace({
      flowFn,
      trace: { initialInput: 0, trace: [{ command: 'cmdA', path: '0', result: 1 }] },
      locate: locateIn('replay/replayTrace.test.ts')
    });
    expect(rep.status).toBe('rejected');
    expect(rep.rejection?.error).toMatchObject({ __error: true, name: 'RangeError', message: 'pure step bug' });
    expect((rep.rejection?.error as { stack?: string }).stack).toContain('RangeError: pure step bug');
    const throwLine = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').findIndex((l) => l.includes("throw new RangeError('pure step bug')")) + 1;
    expect(rep.rejection?.location).toMatchObject({ file: 'replay/replayTrace.test.ts', line: throwLine });
    expect(rep.narration).toHaveLength(3);
    expect(rep.steps.map((s) => [s.name, s.status, s.after])).toEqual([['cmdA', 'answered', 1]]);
  });

  test('a malformed trace is a rejection too; nothing real runs', async () => {
    let ran = 0;
    const rep = await replayTrace({ flowFn: () => Parallel([Command(() => ++ran)]), trace: [{ command: 'x' }] });
    expect(rep.status).toBe('rejected');
    expect(rep.rejection?.error).toMatchObject({ name: 'ReplayError', message: expect.stringMatching(/^timeTravel expects a trace/) });
    const missing = await replayTrace({ flowFn: () => Command(() => ++ran), trace: { initialInput: 0, trace: [] } });
    expect(missing.fault?.kind).toBe('ReplayError');
    expect(ran).toBe(0);
  });
});

describe('the pipeline capture budget', () => {
  // A flow whose value grows with every step: each step's before holds all earlier results.
  const growing = (n: number) => {
    const trace = { flowName: 'grow', initialInput: [], context: {}, dropped: 0, trace: [] as unknown[] };
    for (let i = 0; i < n; i++) trace.trace.push({ command: 'cmdItem', path: String(i), result: 'x'.repeat(100), durationMs: 0 });
    // Each pipeline step receives every result so far and adds one.
    const addOne = (acc: string[]) => Command(function cmdItem() { return ''; }, (r: string) => Success([...acc, r]));
    const flowFn = (start: unknown) => effectPipe(...Array.from({ length: n }, () => addOne))(start);
    return { trace, flowFn };
  };

  test('keeps every value while under budget, and says when it stopped keeping them', async () => {
    const { trace, flowFn } = growing(40);
    const full = await replayTrace({ flowFn, trace });
    expect(full.pipelineLimited).toBeUndefined();
    expect(full.steps.every((s) => s.hasBefore)).toBe(true);
    const tight = await replayTrace({ flowFn, trace, pipelineBudgetChars: 20_000 });
    expect(tight.result).toEqual(full.result);
    expect(tight.pipelineLimited).toBe(true);
    expect(tight.steps[0]!.hasBefore).toBe(true);
    expect(tight.steps[39]!.hasBefore).toBeUndefined();
  });
});

// The narration made after the replay (deferNarration, the browser worker's way of sending the
// verdict first) must read exactly as the one made as it runs, whatever the flow does meanwhile.
describe('a narration made when first read', () => {
  test.each(caseNames().flatMap((c) => runsOf(c).map((r) => [`${c}${r.variant ? ` ${r.variant}` : ''}`, r] as const)))('%s: the same lines as made as it runs', async (_name, r) => {
    const eager = await report(r);
    const deferred = await report(r, { deferNarration: true });
    expect(deferred.narration).toEqual(eager.narration);
    // A copy or the JSON of the report holds it, in the key order reports have always had.
    expect(Object.keys(deferred)).toEqual(Object.keys(eager));
    expect(JSON.stringify(deferred)).toBe(JSON.stringify(eager));
  });

  test('a flow that changes what it was given, and the error it was handed, after their steps: each line is the value as given', async () => {
    const cmdLoad = () => ({ items: [1] });
    const cmdCharge = () => undefined;
    const cmdSave = () => undefined;
    type Order = { items: number[]; seen?: boolean };
    const flow = () =>
      effectPipe(
        () => Command(cmdLoad, (order: Order) => Success(order)),
        (order: Order) =>
          Retry(
            Command(cmdCharge, () => Success(order)),
            {
              attempts: 1,
              delay: 0,
              onExhausted: (x: { lastError: unknown }) => {
                const thrown = x.lastError as Error & { seen?: boolean };
                thrown.seen = true; // the error cmdCharge's step threw, changed after its line
                thrown.message = 'changed';
                return Success(order);
              }
            }
          ),
        (order: Order) =>
          Command(cmdSave, () => {
            order.items.push(2); // the value cmdLoad's step answered with, changed after its line
            order.seen = true;
            return Success(order);
          })
      )(undefined);
    const declined = { __error: true, name: 'Error', message: 'card declined', code: 'E_DECLINED' };
    const trace = {
      flowName: 'mutating',
      initialInput: {},
      trace: [
        { command: 'cmdLoad', path: '0', result: { items: [1] }, durationMs: 1 },
        { command: 'cmdCharge', path: '1r0/0', threw: true, error: declined, durationMs: 2 },
        { command: 'cmdCharge', path: '1r1/0', threw: true, error: declined, durationMs: 2 },
        { command: 'cmdSave', path: '2', result: { ok: true }, durationMs: 3 }
      ]
    };
    const eager = await replayTrace({ flowFn: flow, trace: structuredClone(trace), steps: false });
    const deferred = await replayTrace({ flowFn: flow, trace: structuredClone(trace), steps: false, deferNarration: true });
    expect(eager.narration.join('\n')).toContain('Step 1: cmdLoad returned in 1ms {\n  "items": [\n    1\n  ]\n}');
    expect(eager.narration.join('\n')).toContain('Step 3: cmdCharge threw in 2ms {\n  "code": "E_DECLINED",\n  "name": "Error",\n  "message": "card declined"\n}');
    // The flow did change both, after their lines: the result says so.
    expect(JSON.stringify(eager.result)).toContain('"seen":true');
    expect(deferred.narration).toEqual(eager.narration);
  });
});
