// Core replay against the library's own replayEffect, for the 10,000-step order batch the browser
// bench replays (ORDER_BATCH_FLOW: Parallels, Retries, ~230-byte results). Prints; asserts nothing.
//  - ours: what the app's replay worker does, replayFlowSource (transpile, load) + replayTrace with
//    the per-step record (pipeline values, code locations, statuses) and the narration;
//  - stand-in: replayEffect from our runtime, the library's stand-in (the library's code is not
//    available here, see runtimePackage.ts), on the same trace with the same flow function, loaded
//    the same way (once, outside the clock);
//  - in this process (warm, median of RUNS, interleaved), and in the sandbox: a fresh worker per
//    replay, started and locked before the clock, timed from the request to the parsed answer as
//    the CLI and the app wait for it. Both sandbox workers are built here alike (ESM, no code
//    cache); the CLI's own worker (dist-cli, with its code cache) is shown for ours as well.
// "active" is the part of the time the thread was not idle: Node's 0 ms timer waits at least 1 ms,
// and the trace's 161 Retries each wait one timer turn (spec §6.9), in the library as here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { build } from 'vite';
import * as effect from '../src/core/effect/index';
import { replayEffect } from '../src/core/replay/replayEffect';
import { replayTrace } from '../src/core/replay/replayTrace';
import { createLoader } from '../src/core/source/loader';
import { replayFlowSource } from '../src/core/source/runFlow';
import { DEFAULT_LIMITS, startSandbox } from '../src/sandbox/node/host';
import { ORDER_BATCH_FLOW, recordOrderBatch } from './generate';

const root = path.resolve(import.meta.dirname, '..');
const STEPS = 10_000;
const RUNS = 7;
const SANDBOX_RUNS = 5;
const TARGET = 1.25;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

interface Timed {
  readonly ms: number;
  readonly activeMs: number;
}

async function timed(fn: () => Promise<void>): Promise<Timed> {
  const loop = performance.eventLoopUtilization();
  const t = performance.now();
  await fn();
  const ms = performance.now() - t;
  return { ms, activeMs: performance.eventLoopUtilization(loop).active };
}

const medians = (xs: readonly Timed[]): Timed => ({ ms: median(xs.map((x) => x.ms)), activeMs: median(xs.map((x) => x.activeMs)) });

function printRow(name: string, ours: Timed, standIn: Timed, note = ''): void {
  const ratio = ours.ms / standIn.ms;
  const cells = [
    name.padEnd(30),
    ours.ms.toFixed(0).padStart(8),
    ours.activeMs.toFixed(0).padStart(8),
    standIn.ms.toFixed(0).padStart(8),
    standIn.activeMs.toFixed(0).padStart(8),
    `${ratio.toFixed(2)}×`.padStart(8),
    `  ${ratio <= TARGET ? 'within' : 'over'}${note}`
  ];
  console.log(cells.join(' '));
}

const traceText = JSON.stringify(await recordOrderBatch(STEPS));
const trace: unknown = JSON.parse(traceText);
const files = [{ name: 'flow.ts', text: ORDER_BATCH_FLOW }];
const exportName = 'orderBatchFlow';

// ---------------------------------------------------------------- in this process

const flowFn = (createLoader(files, effect).load('flow.ts') as Record<string, (input: unknown) => unknown>)[exportName]!;
const initialInput = (trace as { initialInput: unknown }).initialInput;
let oursOutcome = '';
let standInOutcome = '';
const ours = async () => {
  const r = await replayFlowSource({ files, trace }, effect, replayTrace);
  if (r.kind !== 'report') throw new Error(`ours: ${r.kind}`);
  oursOutcome = `${r.report.result?.type ?? r.report.status}, ${r.report.unreached.length} unreached, ${r.report.steps.length} steps`;
};
const standIn = async () => {
  const r = await replayEffect(flowFn(initialInput), trace);
  standInOutcome = `${r.result.type}, ${r.unreached?.length ?? 0} unreached`;
};
await ours();
await standIn();
const inProcess = { ours: [] as Timed[], standIn: [] as Timed[] };
for (let i = 0; i < RUNS; i++) {
  inProcess.ours.push(await timed(ours));
  inProcess.standIn.push(await timed(standIn));
}

console.log(
  `\n${`core replay, ${STEPS.toLocaleString('en-US')} steps`.padEnd(30)} ${'ours ms'.padStart(8)} ${'active'.padStart(8)} ${'ref ms'.padStart(8)} ${'active'.padStart(8)} ${'ours/ref'.padStart(8)}   target ≤ ${TARGET}×`
);
printRow('in this process (warm)', medians(inProcess.ours), medians(inProcess.standIn), `  (ours: ${oursOutcome}; ref: ${standInOutcome})`);

// ---------------------------------------------------------------- in the sandbox

const tmp = mkdtempSync(path.join(tmpdir(), 'timescope-core-replay-'));
try {
  await build({
    configFile: false,
    publicDir: false,
    logLevel: 'silent',
    ssr: { noExternal: true },
    build: {
      ssr: true,
      outDir: tmp,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rolldownOptions: {
        input: { ours: path.join(root, 'src/sandbox/node/worker.ts'), standIn: path.join(root, 'bench/sandboxStandIn.ts') },
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name].mjs' }
      }
    }
  });
  const request = { files, entry: 'flow.ts', exportName, traceText };
  const limits = { ...DEFAULT_LIMITS, timeoutMs: 60_000 };
  /** One replay in a fresh worker, from the request to the parsed answer. */
  const inSandbox = async (workerFile: string): Promise<Timed & { answer: unknown }> => {
    const sandbox = startSandbox(workerFile, limits);
    try {
      await sandbox.ready;
      const o = await sandbox.run(request);
      if (o.kind !== 'result') throw new Error(`${workerFile}: ${o.kind}${o.kind === 'crashed' ? ` (${o.message})` : ''}`);
      return { ms: o.ms, activeMs: o.activeMs, answer: o.result };
    } finally {
      sandbox.dispose();
    }
  };
  const sandboxed = { ours: [] as Timed[], standIn: [] as Timed[], cli: [] as Timed[] };
  let refReplayMs: number[] = [];
  for (let i = 0; i < SANDBOX_RUNS; i++) {
    sandboxed.ours.push(await inSandbox(path.join(tmp, 'ours.mjs')));
    const ref = await inSandbox(path.join(tmp, 'standIn.mjs'));
    sandboxed.standIn.push(ref);
    refReplayMs = [...refReplayMs, (ref.answer as { replayMs: number }).replayMs];
    sandboxed.cli.push(await inSandbox(path.join(root, 'dist-cli/sandbox-boot.cjs')));
  }
  printRow('in the sandbox (fresh worker)', medians(sandboxed.ours), medians(sandboxed.standIn), `  (ref's replayEffect alone: ${median(refReplayMs).toFixed(0)} ms)`);
  const cli = medians(sandboxed.cli);
  console.log(`${"  the CLI's own worker (dist-cli)".padEnd(30)} ${cli.ms.toFixed(0).padStart(8)} ${cli.activeMs.toFixed(0).padStart(8)}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(
  `\nours = replayFlowSource + replayTrace with the step record and narration (as the app's replay worker);\n` +
    "ref = replayEffect, the library's stand-in, on the same trace and flow function; median of " +
    `${RUNS} (in this process) and ${SANDBOX_RUNS} (sandbox).\n` +
    'active = the time the thread was busy; the rest is idle, mostly Node holding each 0 ms Retry wait for 1 ms.'
);
