// Replay figures: the same path the replay worker takes (transpile the flow,
// load it, replayTrace), for the 5,000-step big-batch fixture and for a
// 20,000-step trace recorded here with our own runtime, against raw
// JSON.parse of the same traces for scale.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as effect from '../src/core/effect/index';
import { replayTrace } from '../src/core/replay/replayTrace';
import { replayFlowSource } from '../src/core/source/runFlow';
import { GENERATED_FLOW, recordGenerated } from './generate';

const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(import.meta.dirname, '../../shared');

async function time(fn: () => Promise<unknown>, runs: number): Promise<number> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  out.sort((a, b) => a - b);
  return out[Math.floor(out.length / 2)]!;
}

async function row(name: string, files: { name: string; text: string }[], traceText: string, runs: number) {
  const trace = JSON.parse(traceText);
  const entries = (trace.trace as unknown[]).length;
  let outcome = '';
  const replay = await time(async () => {
    const result = await replayFlowSource({ files, trace }, effect, replayTrace);
    outcome = result.kind === 'report' ? `${result.report.result?.type ?? 'rejected'}, ${result.report.unreached.length} unreached` : result.kind;
  }, runs);
  const parse = await time(async () => JSON.parse(traceText), runs);
  console.log([name.padEnd(28), String(entries).padStart(7), parse.toFixed(1).padStart(10), replay.toFixed(1).padStart(10), (replay / parse).toFixed(1).padStart(7) + '×', ((replay / entries) * 1000).toFixed(1).padStart(9), `  ${outcome}`].join(' '));
}

console.log(`${'replay'.padEnd(28)} ${'entries'.padStart(7)} ${'JSON ms'.padStart(10)} ${'replay ms'.padStart(10)} ${'ratio'.padStart(8)} ${'µs/step'.padStart(9)}   outcome`);
const bigBatch = path.join(shared, 'fixtures/big-batch');
const bigFiles = readdirSync(bigBatch).filter((f) => f === 'flow.ts').map((f) => ({ name: f, text: readFileSync(path.join(bigBatch, f), 'utf8') }));
await row('big-batch (fixture)', bigFiles, readFileSync(path.join(bigBatch, 'expected/trace.json'), 'utf8'), 5);
const generated = JSON.stringify(await recordGenerated(20_000));
await row('generated 20,000 steps', [{ name: 'flow.ts', text: GENERATED_FLOW }], generated, 3);
console.log('\nreplay = transpile + load + replayTrace (timeTravel narration, pipeline capture, report), as the replay worker runs it.');
