// A fresh engine runs the scanner and the index cold: interpreted, then
// compiled as it goes, on the person's first file. So when a file is on its
// way (engineClient primeEngine: a drag over the window, the file picker
// opened), the spare engine reads a synthetic trace of its own (the shapes a
// recorder writes: Commands, a Parallel with its decision, a Retry whose
// first attempt threw) a few times over and drops it, one reading per task,
// stopping as soon as real work arrives. Measured in Node on the 100,000-entry
// order batch: the first read took 310-330 ms cold, 180 ms after these
// rounds (~200 ms of the spare's idle time), 160 ms warm.
import { holdTraceBytes } from '../core/trace/hold';
import { copyOutline } from '../core/trace/outline';

const ORDERS = 400;

function syntheticTrace(): Uint8Array {
  const trace: unknown[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const note = `note ${'x'.repeat(i % 40)} ${i}`;
    // Values nest as services' answers do: objects in objects, arrays of objects, fractions, dates as text.
    const lines = Array.from({ length: 1 + (i % 3) }, (_, k) => ({ sku: `SKU-${k}`, qty: k + i, unit: 100 + k, rate: 0.19, flags: ['a', 'b'] }));
    trace.push({ command: 'cmdLoad', path: `${i * 3}`, result: { id: `o-${i}`, items: i % 5, note, at: '2024-06-11T08:00:00.000Z', limits: { daily: 5000, used: i, over: false }, lines }, durationMs: 0.25 + (i % 7) / 10 });
    trace.push({ command: 'cmdB', path: `${i * 3 + 1}p1/0`, result: { ok: true, at: i }, durationMs: 1.5 });
    trace.push({ command: 'cmdA', path: `${i * 3 + 1}p0/0`, result: [i, 'a', null, true], durationMs: 0.5 });
    trace.push({ command: 'Parallel', path: `${i * 3 + 1}p`, result: { cancelled: false, branches: 2 }, durationMs: 1.6 });
    if (i % 10 === 9) trace.push({ command: 'cmdCharge', path: `${i * 3 + 2}r0/0`, threw: true, error: { __error: true, name: 'Error', message: 'timeout', code: 'E', cause: { __error: true, name: 'Error', message: 'reset', port: 8443 }, retryable: true }, durationMs: 3 });
    trace.push({ command: 'cmdCharge', path: i % 10 === 9 ? `${i * 3 + 2}r1/0` : `${i * 3 + 2}`, result: { charged: i }, durationMs: 0.1 });
  }
  return new TextEncoder().encode(JSON.stringify({ flowName: 'warm-up', version: 'warm', initialInput: { orders: ORDERS }, context: {}, dropped: 0, trace }));
}

/** Readings of the synthetic trace: fewer left the first real one at ~300 ms, more gained nothing. */
export const WARM_ROUNDS = 10;

/** One reading: read, index and copy the synthetic trace. */
function round(bytes: Uint8Array): void {
  const held = holdTraceBytes(bytes, 'warm-up.json');
  if (held.kind !== 'trace') return;
  copyOutline(held.held.index);
  held.held.valueAt(0);
}

/**
 * The rounds, each a task of its own so a request that arrives meanwhile runs next; `stop` says
 * real work has come, and no round starts after it. Whatever goes wrong costs only the warm-up.
 */
export function warmUpEngine(stop: () => boolean, rounds = WARM_ROUNDS): void {
  let bytes: Uint8Array;
  try {
    bytes = syntheticTrace();
  } catch {
    return;
  }
  let left = rounds;
  const next = () => {
    if (stop() || left-- <= 0) return;
    try {
      round(bytes);
    } catch {
      return; // only the warm-up is lost
    }
    setTimeout(next, 0);
  };
  next();
}
