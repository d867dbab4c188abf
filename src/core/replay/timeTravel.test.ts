// §11 checklist item 25 (timeTravel narration), with the three examples of
// §7.4 reproduced from the flows and trace printed there.
import { describe, expect, test } from 'vitest';
import { Command, effectPipe, Parallel, Retry, Success } from '../effect/index';
import { TimeParadox } from './errors';
import { timeTravel } from './timeTravel';

type Order = { cartId: string; promoCode: string; total: number };
const fetchCart = (input: object) => {
  const cmdFetchCart = async () => ({ totalAmount: '120.00' });
  return Command(cmdFetchCart, (cart: { totalAmount: string }) => Success({ ...input, total: Number(cart.totalAmount) }));
};
const validatePromo = (o: Order) => {
  const cmdValidatePromo = async () => ({ isValid: true, discountValue: 100 });
  return Command(cmdValidatePromo, (p: { isValid: boolean; discountValue: number }) =>
    Success({ ...o, total: p.isValid ? o.total * (1 - p.discountValue / 100) : o.total })
  );
};
const chargeCard = (o: Order) => {
  const cmdChargeCard = async () => ({ chargeId: 'ch_1', amount: o.total });
  return Command(cmdChargeCard, (charge) => Success({ ...o, charge }));
};
const checkFraud = (o: Order) => {
  const cmdCheckFraud = async () => ({ risk: 'low' });
  return Command(cmdCheckFraud, () => Success(o));
};
const checkoutFlow = (i: unknown) => effectPipe(fetchCart, validatePromo, chargeCard)(i);
const checkoutFlowFixed = (i: unknown) => effectPipe(fetchCart, validatePromo, (o: Order) => (o.total > 0 ? chargeCard(o) : Success({ ...o, charge: null })))(i);
const checkoutFlowWithFraudCheck = (i: unknown) => effectPipe(fetchCart, validatePromo, checkFraud, chargeCard)(i);

const stored = () => ({
  flowName: 'checkout',
  version: 'build-41',
  initialInput: { cartId: 'cart_abc123', promoCode: 'FREE_YEAR_VIP' },
  context: { flowName: 'checkout' },
  dropped: 0,
  trace: [
    { command: 'cmdFetchCart', path: '0', result: { totalAmount: '120.00' }, durationMs: 12.937 },
    { command: 'cmdValidatePromo', path: '1', result: { isValid: true, discountValue: 100 }, durationMs: 8.428 },
    {
      command: 'cmdChargeCard',
      path: '2',
      threw: true,
      error: { __error: true, name: 'Error', message: 'Amount must be non-zero.', code: 'invalid_amount' },
      durationMs: 20.398
    }
  ]
});

const OPENING = `Replaying 'checkout' (3 recorded steps)
Initial input: {
  "cartId": "cart_abc123",
  "promoCode": "FREE_YEAR_VIP"
}
Step 1: cmdFetchCart returned in 12.937ms {
  "totalAmount": "120.00"
}
Step 2: cmdValidatePromo returned in 8.428ms {
  "isValid": true,
  "discountValue": 100
}`;
const CHARGE_ERROR = `{
  "code": "invalid_amount",
  "name": "Error",
  "message": "Amount must be non-zero."
}`;

async function narrate(flow: (i: never) => unknown, trace: unknown, options: object = {}) {
  const lines: string[] = [];
  const result = await timeTravel(flow, trace, { log: (t) => void lines.push(t), ...options });
  return { text: lines.join('\n'), lines, result };
}

describe('§11.25 timeTravel prints the warnings, header, input, steps in start order, state, Result or Error, and the unreached warning (omitted for replay faults)', () => {
  test('Example A', async () => {
    const { text, result } = await narrate(checkoutFlow, stored());
    expect(text).toBe(`${OPENING}\nStep 3: cmdChargeCard threw in 20.398ms ${CHARGE_ERROR}\nReplay finished with state: Failure\nError: ${CHARGE_ERROR}`);
    expect(result.type === 'Failure' && result.error).toBeInstanceOf(Error);
  });
  test('Example B', async () => {
    const { text } = await narrate(checkoutFlowFixed, stored(), { version: 'build-42' });
    expect(text).toBe(`Warning: trace was recorded at build-41, replaying against build-42.
${OPENING}
Replay finished with state: Success
Result: {
  "cartId": "cart_abc123",
  "promoCode": "FREE_YEAR_VIP",
  "total": 0,
  "charge": null
}
Warning: 1 recorded step was never reached: cmdChargeCard (path '2'). The flow diverged.`);
  });
  test('Example C: a TimeParadox suppresses the unreached warning', async () => {
    const { text, result } = await narrate(checkoutFlowWithFraudCheck, stored(), { version: 'build-41' });
    expect(text).toBe(`${OPENING}
Replay finished with state: Failure
Error: {
  "name": "TimeParadox",
  "index": 2,
  "path": "2",
  "expected": "cmdChargeCard",
  "actual": "cmdCheckFraud",
  "message": "Time paradox at path '2': flow asked for 'cmdCheckFraud', trace recorded 'cmdChargeCard'"
}`);
    expect(result.type === 'Failure' && result.error).toBeInstanceOf(TimeParadox);
  });
  test('a user error merely named TimeParadox does not suppress it', async () => {
    const flow = () => effectPipe(() => Command(function a() { return 1; }), () => {
      const fake = new Error('not ours');
      fake.name = 'TimeParadox';
      return { type: 'Failure', error: fake } as never;
    })(0);
    const { lines } = await narrate(flow, { initialInput: 0, trace: [{ command: 'a', path: '0', result: 1 }, { command: 'b', path: '1', result: 2 }] });
    expect(lines.at(-1)).toBe("Warning: 1 recorded step was never reached: b (path '1'). The flow diverged.");
  });
  test('warnings and header wording', async () => {
    const flow = () => Command(() => 1);
    const { lines } = await narrate(flow, { trace: [{ command: 'anonymous', path: '0', result: 1, durationMs: 2 }], version: 'v1' }, { version: '' });
    expect(lines.slice(0, 4)).toEqual([
      'Warning: the trace holds no initial input, so the flow is rebuilt from undefined. A recorder installed as a hook finds the input only on a flow built with effectPipe.',
      "Warning: 1 of the recorded steps are named 'anonymous', usually inline arrow Commands, so this replay cannot tell them apart and would not notice two of them trading places. Name them with a const or meta.name.",
      "Replaying 'flow' (1 recorded step)",
      'Initial input: undefined'
    ]);
    expect(lines[4]).toBe('Step 1: anonymous returned in 2ms 1');
    const empty = await narrate(() => Success(0), { initialInput: 1, trace: [] });
    expect(empty.lines[0]).toBe("Replaying 'flow' (0 recorded steps)");
  });
  test('steps print in start order, and decisions are not counted', async () => {
    const cmdSlow = () => 's';
    const cmdFast = () => 'f';
    const flow = () => effectPipe(() => Parallel([Command(cmdSlow), Command(cmdFast)]), () => Retry(Command(function cmdFlaky() { return 1; }), { attempts: 1, delay: 5 }))(0);
    const err = { __error: true, name: 'TypeError', message: 'x' };
    const trace = {
      initialInput: 0,
      trace: [
        { command: 'cmdFast', path: '0p1/0', result: 'f', durationMs: 1.25 },
        { command: 'cmdSlow', path: '0p0/0', result: 's', durationMs: 1.25 },
        { command: 'Parallel', path: '0p', result: { cancelled: false, branches: 2 }, durationMs: 1.25 },
        { command: 'cmdFlaky', path: '1r0/0', threw: true, error: err, durationMs: 1.25 },
        { command: 'cmdFlaky', path: '1r1/0', result: 7, durationMs: 1.25 }
      ]
    };
    const { lines } = await narrate(flow, trace);
    expect(lines[0]).toBe("Replaying 'flow' (4 recorded steps)");
    expect(lines.slice(2, 5).map((l) => l.split(' {')[0])).toEqual([
      'Step 1: cmdSlow returned in 1.25ms "s"',
      'Step 2: cmdFast returned in 1.25ms "f"',
      'Step 3: cmdFlaky threw in 1.25ms'
    ]);
    expect(lines[4]).toContain('"name": "TypeError"');
  });
  test('checks before anything is printed', async () => {
    const lines: string[] = [];
    const log = (t: string) => void lines.push(t);
    const flow = () => Success(1);
    await expect(timeTravel(flow, {}, { onMissing: 'throw' } as never)).rejects.toThrow(
      new TypeError("timeTravel has no option named 'onMissing'; its options are log, context and version.")
    );
    await expect(timeTravel(5 as never, {}, { log })).rejects.toThrow(
      new TypeError('timeTravel expects the function that builds the flow from its input, got the number 5.')
    );
    await expect(timeTravel(flow, [], { log })).rejects.toThrow(
      "timeTravel expects a trace from recordEffect or a recorder's toTrace, got an array of entries, which holds no initialInput to rebuild the flow from; pass the whole trace, or replay the entries with replayEffect."
    );
    await expect(timeTravel(flow, 'x', { log })).rejects.toThrow('timeTravel expects a trace from recordEffect or a recorder\'s toTrace, got the string "x".');
    await expect(timeTravel(flow, { trace: [null] }, { log })).rejects.toThrow("timeTravel's trace entry 0 is null; an entry is an object with a string command.");
    await expect(timeTravel(flow, { trace: [], unrecorded: { initialInput: 'copy' } }, { log })).rejects.toMatchObject({
      name: 'ReplayError',
      field: 'initialInput',
      message:
        'The trace holds no initialInput: it could not be copied, as when it holds a BigInt or a getter that throws, so the recorder left it out. The flow is rebuilt from it, so keep it to plain data, and record the flow again.'
    });
    expect(lines).toEqual([]);
  });
  test('a rejection comes after the lines already printed', async () => {
    const lines: string[] = [];
    const flow = () => { throw new RangeError('builder bug'); };
    await expect(timeTravel(flow, { initialInput: 1, trace: [] }, { log: (t) => void lines.push(t) })).rejects.toThrow('builder bug');
    expect(lines).toEqual(["Replaying 'flow' (0 recorded steps)", 'Initial input: 1']);
  });
});
