// The incident's facts leave redacted as its trace does: the same rules, the same tokens, and a value
// a path rule redacted in the trace is redacted wherever the flow passed it on.
import { describe, expect, it } from 'vitest';
import { createPseudonymizer, DEFAULT_RULES, redactTrace } from '../core/redact';
import type { IncidentFacts } from '../core/share/facts';
import { redactFacts } from './redactFacts';

const raw = {
  flowName: 'f',
  initialInput: { orderId: 'ord_1', email: 'ada@example.com' },
  context: {},
  trace: [{ command: 'cmdLoad', path: '0', result: { account: 'ACC-991-SECRET', plan: 'gold' }, durationMs: 1 }]
};

const facts: IncidentFacts = {
  result: { type: 'Success', value: { plan: 'gold', account: 'ACC-991-SECRET' } },
  steps: [
    { index: 0, name: 'cmdLoad', type: 'Command', path: '0', entryIndex: 0, status: 'answered', producer: { kind: 'input' }, before: { orderId: 'ord_1', email: 'ada@example.com' }, hasBefore: true },
    { index: 1, name: 'cmdBill', type: 'Command', path: '1', status: 'missing', producer: { kind: 'step', path: '0', command: 'cmdLoad' }, before: { account: 'ACC-991-SECRET', note: 'for ada@example.com' }, hasBefore: true }
  ]
};

describe('redactFacts', () => {
  it('gives an address the token the trace gets, and a path-redacted value its replacement wherever it turns up', async () => {
    const p = createPseudonymizer(new Uint8Array(32).fill(3));
    const rules = { ...DEFAULT_RULES, paths: [{ pointer: '/trace/0/result/account' }] };
    const redacted = (await redactTrace(raw, rules, p)).trace as typeof raw;
    const out = await redactFacts(facts, raw, redacted, rules, p);
    const text = JSON.stringify(out);
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('ACC-991-SECRET');
    const token = JSON.stringify(redacted).match(/<email:[0-9a-f]+>/)?.[0];
    expect(out.steps[0]!.before).toEqual({ orderId: 'ord_1', email: token });
    expect((out.steps[1]!.before as { account: unknown }).account).toEqual(redacted.trace[0]!.result.account);
    expect(out.steps[1]!.producer).toEqual(facts.steps[1]!.producer);
    expect((out.result as { value: { plan: string } }).value.plan).toBe('gold');
  });
});
