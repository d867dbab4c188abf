// A corpus of real checkout traces: the shared fixture's flow (checkout-zero-total/flow.ts) recorded
// with our runtime's recordEffect against fake services, its inputs varied order by order. Most
// orders go through; one in `zeroEvery` carries a 100% promo code, so its total is zero and the
// payment provider refuses the charge, the fixture's incident. Used by bench/replayAll.ts and the
// replay-all CLI tests, so both replay what a day of production would have recorded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'sucrase';
import * as effect from '../src/core/effect/index';
import { recordEffect } from '../src/core/effect/index';

const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(import.meta.dirname, '../../shared');
export const CHECKOUT_DIR = path.join(shared, 'fixtures', 'checkout-zero-total');

export interface CheckoutOrder {
  readonly orderId: string;
  readonly customerId: string;
  readonly promoCode?: string;
}

const PROMOS: Record<string, number> = { SAVE10: 10, SAVE25: 25, WELCOME5: 5, FREE100: 100 };

/** The production services, faked: carts and promos vary with the order, the charge refuses zero as the real one did. */
function services(order: number) {
  return {
    db: {
      carts: {
        async findByOrderId(orderId: string) {
          const qty = 1 + (order % 4);
          const unitPrice = 12 + (order % 9) * 3;
          return { orderId, items: [{ sku: `SKU-${order % 17}`, qty, unitPrice }], subtotal: qty * unitPrice, currency: order % 5 === 0 ? 'usd' : 'eur' };
        }
      }
    },
    promos: {
      async validate(code: string, customerId: string) {
        const percentOff = PROMOS[code] ?? 0;
        return { code, customerId, valid: percentOff > 0, percentOff };
      }
    },
    payments: {
      async charge(request: { amount: number; currency: string }) {
        if (request.amount <= 0) throw Object.assign(new Error('Amount must be non-zero.'), { code: 'invalid_amount' });
        return { chargeId: `ch_${(order * 7919).toString(36)}`, amount: request.amount, status: 'succeeded' };
      }
    }
  };
}

type CheckoutFlow = (order: CheckoutOrder) => unknown;

/**
 * The fixture's flow.ts compiled once, as the app compiles it, with our runtime; its './services'
 * are those of the order being recorded (sucrase reads an import's fields at each use).
 */
function compileFlow(text: string): { flow: CheckoutFlow; serve: (order: number) => void } {
  const { code } = transform(text, { transforms: ['typescript', 'imports'] });
  const module = { exports: {} as Record<string, unknown> };
  let current = services(0);
  const live = {
    get db() {
      return current.db;
    },
    get promos() {
      return current.promos;
    },
    get payments() {
      return current.payments;
    }
  };
  const require = (name: string) => {
    if (name === 'pure-effect') return effect;
    if (name === './services') return live;
    throw new Error(`the checkout flow imports '${name}'`);
  };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return { flow: module.exports.checkoutFlow as CheckoutFlow, serve: (order) => void (current = services(order)) };
}

export interface CorpusOptions {
  /** one order in this many has the 100% promo (default 10) */
  readonly zeroEvery?: number;
  /** one order in this many has no promo code, so it records two steps, not three (default: never) */
  readonly noPromoEvery?: number;
  /** the flow file of the checkout fixture that recorded them (default flow.ts; reorder.ts is an earlier deploy's order of steps) */
  readonly flowFile?: string;
  /** the first order's number, so corpora recorded by two builds do not share order ids */
  readonly firstOrder?: number;
  /** the build that recorded them (default 9f2c1ab, the fixture's) */
  readonly version?: string;
}

/** The order number `i`'s input: which promo it carries decides its fate. */
export function orderOf(i: number, options: CorpusOptions = {}): CheckoutOrder {
  const zeroEvery = options.zeroEvery ?? 10;
  const base = { orderId: `ord_${String(i).padStart(6, '0')}`, customerId: `cus_${(i * 31) % 997}` };
  if (i % zeroEvery === zeroEvery - 1) return { ...base, promoCode: 'FREE100' };
  if (options.noPromoEvery && i % options.noPromoEvery === 0) return base;
  return { ...base, promoCode: ['SAVE10', 'SAVE25', 'WELCOME5', 'EXPIRED'][i % 4]! };
}

export const isZeroTotal = (order: CheckoutOrder) => order.promoCode === 'FREE100';

/** `n` recorded checkout traces, as JSONL text (one trace per line) and as the orders they ran. */
export async function recordCheckoutCorpus(n: number, options: CorpusOptions = {}): Promise<{ jsonl: string; orders: CheckoutOrder[] }> {
  const { flow, serve } = compileFlow(readFileSync(path.join(CHECKOUT_DIR, options.flowFile ?? 'flow.ts'), 'utf8'));
  const lines: string[] = [];
  const orders: CheckoutOrder[] = [];
  const first = options.firstOrder ?? 0;
  for (let i = first; i < first + n; i++) {
    const order = orderOf(i, options);
    serve(i);
    const { trace } = await recordEffect((o: CheckoutOrder) => flow(o) as never, order, { context: { flowName: 'checkout', requestId: `req_${i}` }, version: options.version ?? '9f2c1ab' });
    lines.push(JSON.stringify(trace));
    orders.push(order);
  }
  return { jsonl: `${lines.join('\n')}\n`, orders };
}
