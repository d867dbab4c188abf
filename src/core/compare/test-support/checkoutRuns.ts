// Test-only: a second recording of the checkout fixture's flow, made with our runtime from the
// fixture's own flow.ts but with other fake services. A 10% promo leaves a total of 54, so the
// card is charged and the run succeeds: the good run to compare the incident with. Used by the
// alignment tests and by e2e/compare.spec.ts (which writes it to a file and opens it).
import * as effect from '../../effect/index';
import { loadFlowModule } from '../../source/loader';
import { FIXTURES, join, readJson, readText } from '../../trace/test-support/files';

export const CHECKOUT_DIR = join(FIXTURES, 'checkout-zero-total');

/** The services as a good day answered: the promo takes 10% off and the card is charged. */
export const GOOD_DAY_SERVICES = `
export const db = {
  carts: {
    async findByOrderId(orderId) {
      return { orderId, items: [{ sku: 'MUG-BLUE', qty: 2, unitPrice: 18 }, { sku: 'TEE-L', qty: 1, unitPrice: 24 }], subtotal: 60, currency: 'eur' };
    }
  }
};
export const promos = {
  async validate(code, customerId) {
    return { code, customerId, valid: true, percentOff: 10 };
  }
};
export const payments = {
  async charge(request) {
    if (request.amount <= 0) throw Object.assign(new Error('Amount must be non-zero.'), { code: 'invalid_amount' });
    return { chargeId: 'ch_good_01', amount: request.amount, status: 'succeeded' };
  }
};
`;

interface CheckoutCase {
  readonly flowExport: string;
  readonly input: unknown;
  readonly context: unknown;
  readonly version: string;
}

/** The fixture's recorded (failing) trace, as the file holds it. */
export function failingCheckoutTrace(): Record<string, unknown> {
  return readJson(join(CHECKOUT_DIR, 'expected/trace.json')) as Record<string, unknown>;
}

/** Records the fixture's flow against `services` (source text standing in for its ./services). */
export async function recordCheckout(services = GOOD_DAY_SERVICES, input?: unknown) {
  const c = readJson(join(CHECKOUT_DIR, 'case.json')) as CheckoutCase;
  const files = [
    { name: 'flow.ts', text: readText(join(CHECKOUT_DIR, 'flow.ts')) },
    { name: 'services.ts', text: services }
  ];
  const exports = loadFlowModule(files, 'flow.ts', effect).exports as Record<string, (input: never) => unknown>;
  const flow = exports[c.flowExport];
  if (typeof flow !== 'function') throw new Error(`flow.ts has no export ${c.flowExport}`);
  return effect.recordEffect(flow, input ?? c.input, { context: c.context, version: c.version });
}
