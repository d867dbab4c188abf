// A hostile flow for batch replay, shared by the CLI's test (test/cli/replayAll.test.ts) and the
// app's (e2e/replay-all.spec.ts): before each run it marks everything a Compartment could share with
// the next trace in the same worker, and throws when a mark is already there, naming where.
const PROBES = `
const leaks: string[] = [];
const probe = (name: string, target: any) => {
  try {
    if (target.__seenByTrace) leaks.push(name);
    target.__seenByTrace = true;
  } catch {
    // frozen: nothing can be left on it
  }
};
const probeAll = () => {
  for (const [name, target] of [['globalThis', globalThis], ['URL', URL], ['TextEncoder', TextEncoder], ['structuredClone', structuredClone], ['console', console], ['Math', Math], ['Date', Date], ['Object.prototype', Object.prototype], ['Intl', Intl]] as const) probe(name, target);
  const fetchGetter = Object.getOwnPropertyDescriptor(globalThis, 'fetch')?.get;
  if (fetchGetter) probe('the fetch refusal', fetchGetter);
  if (leaks.length > 0) throw new Error('state survived on ' + leaks.join(', '));
};
`;

const ENTRY = 'export const checkoutFlow = (order: CheckoutInput) => effectPipe(';

/** The checkout fixture's flow.ts, probing before every run. */
export function withLeakProbes(checkoutFlowText: string): string {
  if (!checkoutFlowText.includes(ENTRY)) throw new Error(`the checkout fixture's flow.ts no longer contains ${ENTRY}`);
  return checkoutFlowText.replace(ENTRY, 'export const checkoutFlow = (order: CheckoutInput) => (probeAll(), effectPipe)(') + PROBES;
}
