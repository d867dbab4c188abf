// npm run bench: prints figures and ratios; asserts nothing.
// Loading: parse + index time for real and generated traces, against raw
// JSON.parse for scale, and the structured-clone cost of handing the model to
// the UI thread (the only part of a load that runs there).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseTraceText } from '../src/core/trace/parse';
import { computeTiming } from '../src/core/trace/timing';
import { generateTrace } from './generate';

const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(import.meta.dirname, '../../shared');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => unknown, runs: number): number {
  fn(); // warm up
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return median(out);
}

function row(name: string, text: string, runs: number) {
  const result = parseTraceText(text);
  if (result.kind !== 'trace') throw new Error(`${name}: ${result.kind === 'error' ? result.problem.message : 'not one trace'}`);
  const entries = result.model.steps.length;
  const raw = time(() => JSON.parse(text), runs);
  const parse = time(() => parseTraceText(text), runs);
  const clone = time(() => structuredClone(result.model), runs);
  const mb = text.length / 1e6;
  console.log(
    [name.padEnd(24), String(entries).padStart(7), mb.toFixed(1).padStart(6), raw.toFixed(1).padStart(9), parse.toFixed(1).padStart(9), (parse / raw).toFixed(1).padStart(6) + '×', clone.toFixed(1).padStart(9), ((parse / entries) * 1000).toFixed(2).padStart(9)].join(' ')
  );
}

console.log(`${'trace'.padEnd(24)} ${'entries'.padStart(7)} ${'MB'.padStart(6)} ${'JSON ms'.padStart(9)} ${'load ms'.padStart(9)} ${'ratio'.padStart(7)} ${'clone ms'.padStart(9)} ${'µs/entry'.padStart(9)}`);
row('big-batch (fixture)', readFileSync(path.join(shared, 'fixtures/big-batch/expected/trace.json'), 'utf8'), 15);
for (const n of [20_000, 100_000]) row(`generated ${n.toLocaleString('en-US')}`, JSON.stringify(generateTrace(n, 120)), 5);
row('generated 30 MB', JSON.stringify(generateTrace(60_000, 460)), 3);
console.log('\nload = parse + validate + index (core/trace, as the worker runs it); clone = structuredClone of the model, the UI-thread cost of receiving it.');

// The waterfall's layout (core/trace/timing) on the clock, 10× the steps side by side: the unit
// tests check linearity by counting reads (test-support/readCount.ts), which does not flake.
{
  const flat = (count: number) => ({
    matching: 'path' as const,
    root: { prefix: '', children: Array.from({ length: count }, (_, i) => ({ kind: 'command' as const, path: String(i), step: i, stepIndex: i })) },
    steps: Array.from({ length: count }, (_, i) => ({ durationMs: (i % 7) / 10 }))
  });
  const [small, big] = [flat(10_000), flat(100_000)];
  const one = time(() => computeTiming(small), 15);
  const ten = time(() => computeTiming(big), 7);
  console.log(`\nwaterfall layout (computeTiming): 10,000 steps ${one.toFixed(1)} ms, 100,000 steps ${ten.toFixed(1)} ms, ratio ${(ten / one).toFixed(1)}× (linear ≈ 10×)`);
}
