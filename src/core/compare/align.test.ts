import { describe, expect, it } from 'vitest';
import { buildModel } from '../trace/parse';
import type { RecordedModel } from '../trace/model';
import { FIXTURES, join, readJson } from '../trace/test-support/files';
import { alignTraces, outcomeText } from './align';
import { failingCheckoutTrace, recordCheckout } from './test-support/checkoutRuns';

const model = (raw: unknown): RecordedModel => buildModel(raw);
const fixtureTrace = (name: string) => readJson(join(FIXTURES, name, 'expected/trace.json')) as Record<string, unknown>;
const marks = (rows: readonly { mark: string; key: string }[]) => rows.map((r) => `${r.key} ${r.mark}`);

describe('aligning the checkout incident with a good run recorded from the same flow', async () => {
  const good = await recordCheckout();
  const a = model(failingCheckoutTrace());
  const b = model(good.trace);

  it('the good run really succeeded, so the two runs differ where the answers did', () => {
    expect(good.result.type).toBe('Success');
    expect(b.steps.map((s) => s.command)).toEqual(a.steps.map((s) => s.command));
  });

  it('aligns by path: the cart is the same, the promo and the charge changed', () => {
    const alignment = alignTraces(a, b);
    expect(alignment.by).toBe('path');
    expect(marks(alignment.rows)).toEqual(['0 same', '1 value-changed', '2 value-changed']);
    expect(alignment.firstDifference).toBe(1);
    expect(alignment.counts).toEqual({ same: 1, 'value-changed': 2, 'only-a': 0, 'only-b': 0 });
    expect(alignment.rows[1]!.difference).toBe('result.percentOff: 100 → 10');
    expect(alignment.rows[2]!.difference).toBe('threw in A, returned in B');
  });

  it('keeps both indices and both recorded durations for shared paths', () => {
    const rows = alignTraces(a, b).rows;
    rows.forEach((r, i) => {
      expect([r.a, r.b]).toEqual([i, i]);
      expect(r.durationA).toBe(a.steps[i]!.durationMs);
      expect(r.durationB).toBe(b.steps[i]!.durationMs);
    });
  });

  it('a trace compared with itself is the same throughout', () => {
    const alignment = alignTraces(a, model(failingCheckoutTrace()));
    expect(alignment.rows.every((r) => r.mark === 'same')).toBe(true);
    expect(alignment.firstDifference).toBeUndefined();
  });

  it('swapping the sides swaps the direction of the difference', () => {
    expect(alignTraces(b, a).rows[1]!.difference).toBe('result.percentOff: 10 → 100');
    expect(alignTraces(b, a).rows[2]!.difference).toBe('returned in A, threw in B');
  });
});

describe('steps only one run made', () => {
  it('the fixed variant skips the charge: only in A (the incident), and the reverse is only in B', async () => {
    // No promo code: applyPromo makes no Command, so the charge moves up to path 1.
    const noPromo = await recordCheckout(undefined, { orderId: 'ord_7Hq2', customerId: 'cus_Ly81' });
    const a = model(failingCheckoutTrace());
    const b = model(noPromo.trace);
    const ab = alignTraces(a, b);
    expect(marks(ab.rows)).toEqual(['0 same', '1 value-changed', '2 only-a']);
    expect(ab.rows[1]!.difference).toBe('Command cmdValidatePromo in A, cmdChargeCard in B');
    expect(ab.rows[2]).toMatchObject({ a: 2, b: undefined, durationB: undefined, command: 'cmdChargeCard' });
    const ba = alignTraces(b, a);
    expect(marks(ba.rows)).toEqual(['0 same', '1 value-changed', '2 only-b']);
    expect(ba.rows[2]).toMatchObject({ a: undefined, b: 2, durationA: undefined });
    expect(ba.rows[2]!.difference).toBe('only B ran cmdChargeCard (threw Error: Amount must be non-zero.)');
  });

  it('a step only B made sits where B made it, between the shared ones', () => {
    // The weather fixture retried twice; a run whose first attempt worked has only 1r0/0.
    const retried = fixtureTrace('weather-retry');
    const entries = retried.trace as { path: string }[];
    const firstTry = { ...retried, trace: entries.filter((e) => !/^1r[12]\//.test(e.path)).map((e) => (e.path === '1r0/0' ? { ...entries.find((x) => x.path === '1r2/0'), path: '1r0/0' } : e)) };
    const rows = alignTraces(model(firstTry), model(retried)).rows;
    expect(rows.map((r) => r.key)).toEqual(entries.map((e) => e.path));
    expect(rows.map((r) => r.mark)).toEqual(entries.map((e) => (e.path === '1r0/0' ? 'value-changed' : /^1r[12]\//.test(e.path) ? 'only-b' : 'same')));
  });

  it('Parallel branches that finished in another order still align by path', () => {
    const raw = fixtureTrace('profile-parallel');
    const entries = raw.trace as unknown[];
    const reordered = { ...raw, trace: [entries[1], entries[0], ...entries.slice(2)] };
    const alignment = alignTraces(model(raw), model(reordered));
    expect(alignment.rows.every((r) => r.mark === 'same')).toBe(true);
    expect(alignment.rows.map((r) => [r.a, r.b])).toEqual([[0, 1], [1, 0], [2, 2]]);
  });
});

describe('path-less traces align by position', () => {
  const legacy = fixtureTrace('legacy-no-path');
  const entries = legacy.trace as Record<string, unknown>[];

  it('with itself: the same throughout, keyed by position', () => {
    const alignment = alignTraces(model(legacy), model(legacy));
    expect(alignment.by).toBe('position');
    expect(marks(alignment.rows)).toEqual(['#0 same', '#1 same', '#2 same']);
  });

  it('a shorter run leaves only-a rows', () => {
    const alignment = alignTraces(model(legacy), model({ ...legacy, trace: entries.slice(0, 2) }));
    expect(marks(alignment.rows)).toEqual(['#0 same', '#1 same', '#2 only-a']);
    expect(alignment.rows[2]).toMatchObject({ a: 2, b: undefined });
  });

  it('against a path trace, by position too, the other order differs and the same error is the same', () => {
    const alignment = alignTraces(model(fixtureTrace('checkout-zero-total')), model(legacy));
    expect(alignment.by).toBe('position');
    expect(marks(alignment.rows)).toEqual(['#0 value-changed', '#1 value-changed', '#2 same']);
    expect(alignment.rows[0]!.difference).toBe('result.orderId: "ord_7Hq2" → "ord_5Kc1"');
  });
});

describe('errors compare by name, message and own fields, not the stack', () => {
  const checkout = failingCheckoutTrace();
  const entries = checkout.trace as Record<string, unknown>[];
  const withError = (error: Record<string, unknown>) => ({ ...checkout, trace: [...entries.slice(0, 2), { ...entries[2], error }] });
  const original = entries[2]!.error as Record<string, unknown>;

  it('another stack is the same error', () => {
    const rows = alignTraces(model(checkout), model(withError({ ...original, stack: 'Error: Amount must be non-zero.\n    at charge (payments.js:9:15)' }))).rows;
    expect(rows[2]!.mark).toBe('same');
  });

  it('another code, message or name is a changed value, named by its field', () => {
    const a = model(checkout);
    expect(alignTraces(a, model(withError({ ...original, code: 'card_declined' }))).rows[2]!.difference).toBe('error.code: "invalid_amount" → "card_declined"');
    expect(alignTraces(a, model(withError({ ...original, message: 'Card declined.' }))).rows[2]!.difference).toBe('error.message: "Amount must be non-zero." → "Card declined."');
    expect(alignTraces(a, model(withError({ ...original, name: 'TypeError' }))).rows[2]!.mark).toBe('value-changed');
  });

  it('says what each side did in words', () => {
    expect(outcomeText(model(checkout).steps[2]!)).toBe('threw Error: Amount must be non-zero.');
  });
});
