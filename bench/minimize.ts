// `timescope minimize` as a whole process of the built CLI: the demo incident (target under 2 s) and
// a 1,000-entry incident (target under 30 s on this machine), each minimized to a 1-minimal incident.
// The 1,000-entry flow prices an order line by line, one Command per line whose answer has six
// fields, and fails on the one line whose price is negative: what the failure depends on is that
// price, the line's position and nothing of the other 5,999 answer fields. Prints; asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command, Failure, Success, recordEffect } from '../src/core/effect/index';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'bin/timescope.mjs');
const LINES = 1_000;
// The last line: the incident records all 1,000 entries before it fails.
const BAD = LINES - 1;

export const PRICING_FLOW = `import { Command, Success, Failure } from 'pure-effect';
export const priceOrder = (order: { lines: number; currency: string }) => {
  const line = (i: number, total: number): any => {
    if (i >= order.lines) return Success({ total, currency: order.currency });
    const cmdLoadLine = () => ({ sku: 'SKU-' + i, qty: 1, price: 10, currency: order.currency, warehouse: 'w1', note: 'line ' + i });
    return Command(cmdLoadLine, (l: { qty: number; price: number }) => (l.price < 0 ? Failure(new Error('Line ' + i + ': negative price')) : line(i + 1, total + l.qty * l.price)));
  };
  return line(0, 0);
};
`;

/** PRICING_FLOW's trace, recorded with our runtime, the line at BAD answering a negative price. */
async function recordPricing() {
  const order = { lines: LINES, currency: 'EUR', customer: { id: 'cus_1', email: 'a@example.org', segment: 'retail' } };
  const line = (i: number, total: number): unknown => {
    if (i >= order.lines) return Success({ total, currency: order.currency });
    const cmdLoadLine = () => ({ sku: `SKU-${i}`, qty: 1 + (i % 3), price: i === BAD ? -4 : 10 + (i % 17), currency: order.currency, warehouse: `w${i % 4}`, note: `line ${i} of the order` });
    return Command(cmdLoadLine, (l: { qty: number; price: number }) => (l.price < 0 ? Failure(new Error(`Line ${i}: negative price`)) : line(i + 1, total + l.qty * l.price)) as never);
  };
  const { trace } = await recordEffect((_o: typeof order) => line(0, 0) as never, order, { context: { flowName: 'pricing', requestId: 'req_1' } });
  return trace;
}

function minimizeOnce(trace: string, flow: string, out: string) {
  const t = performance.now();
  const r = spawnSync(process.execPath, [bin, 'minimize', trace, flow, '--json', '--out', out, '--budget', '5000', '--timeout', '30'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 1) throw new Error(`minimize ${trace}: exit ${r.status}: ${r.stderr}`);
  const summary = JSON.parse(r.stdout) as { replays: number; kept: string; minimal: boolean };
  return { ms, ...summary };
}

const tmp = mkdtempSync(path.join(tmpdir(), 'timescope-bench-minimize-'));
try {
  const trace = path.join(tmp, 'pricing.json');
  const flow = path.join(tmp, 'pricing.ts');
  writeFileSync(trace, JSON.stringify(await recordPricing()));
  writeFileSync(flow, PRICING_FLOW);
  const rows = [
    { name: 'demo (3 entries)', target: 2_000, run: () => minimizeOnce(path.join(root, 'public/demo/checkout.trace.json'), path.join(root, 'public/demo/flow.ts'), path.join(tmp, 'demo')) },
    { name: `pricing (${LINES.toLocaleString('en-US')} entries)`, target: 30_000, run: () => minimizeOnce(trace, flow, path.join(tmp, 'pricing')) }
  ];
  console.log(`\n${'timescope minimize'.padEnd(26)} ${'ms'.padStart(8)} ${'replays'.padStart(8)}   target   kept`);
  for (const row of rows) {
    const r = row.run();
    const verdict = r.ms <= row.target ? 'ok' : 'MISSED';
    console.log(`${row.name.padEnd(26)} ${r.ms.toFixed(0).padStart(8)} ${String(r.replays).padStart(8)}   < ${(row.target / 1000).toFixed(0)} s ${verdict.padEnd(6)} ${r.kept}${r.minimal ? ' (1-minimal)' : ' (not proven minimal)'}`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
