// Replay speed side by side, in one run, for three shared fixtures and a generated 20,000-step
// trace. Prints; asserts nothing.
//  - core µs/step: replayFlowSource + replayTrace in this process, as bench/replay.ts measures it
//    (with the per-step record the app's panels need; the CLI leaves it out with steps: false);
//  - CLI ms: one whole `node bin/timescope.mjs replay <trace> <flow>` process (the dist-cli/ build;
//    `npm run bench` rebuilds it first), stdout to /dev/null, median of SPAWNS;
//  - reference ms: a yardstick for "the library's own timeTravel in a plain Node process with a
//    TypeScript loader". The library's code is not available here, so this is a stand-in: a
//    `node --import tsx` process that imports the fixture's flow and calls timeTravel from a
//    'pure-effect' package holding our runtime bundled to one plain-JS ESM file, as npm ships one;
//  - CLI / ref: the CLI's overhead over that yardstick; the target is at most 1.25×.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as effect from '../src/core/effect/index';
import { replayTrace } from '../src/core/replay/replayTrace';
import { replayFlowSource } from '../src/core/source/runFlow';
import { GENERATED_FLOW, recordGenerated } from './generate';
import { packRuntime } from './runtimePackage';

const root = path.resolve(import.meta.dirname, '..');
const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(root, '../shared');
const bin = path.join(root, 'bin/timescope.mjs');
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SPAWNS = 7;
const TARGET = 1.25;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

interface Case {
  readonly name: string;
  /** a folder holding the flow's files and trace.json, under tmp so 'pure-effect' resolves */
  readonly dir: string;
  readonly flowFile: string;
  readonly flowExport: string;
}

const tmp = mkdtempSync(path.join(tmpdir(), 'timescope-bench-'));

function fixtureCase(name: string): Case {
  const from = path.join(shared, 'fixtures', name);
  const dir = path.join(tmp, name);
  mkdirSync(dir);
  for (const f of readdirSync(from).filter((f) => /\.[mc]?[jt]sx?$/.test(f))) copyFileSync(path.join(from, f), path.join(dir, f));
  copyFileSync(path.join(from, 'expected/trace.json'), path.join(dir, 'trace.json'));
  const flowFile = readdirSync(from).find((f) => /^flow\.[a-z]+$/.test(f))!;
  const { flowExport } = JSON.parse(readFileSync(path.join(from, 'case.json'), 'utf8')) as { flowExport: string };
  return { name, dir, flowFile, flowExport };
}

async function generatedCase(steps: number): Promise<Case> {
  const dir = path.join(tmp, 'generated');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'flow.ts'), GENERATED_FLOW);
  writeFileSync(path.join(dir, 'trace.json'), JSON.stringify(await recordGenerated(steps)));
  return { name: `generated ${steps.toLocaleString('en-US')} steps`, dir, flowFile: 'flow.ts', flowExport: 'batchFlow' };
}

/** The reference script: plain JS, so tsx only transforms the person's flow, as in their own project. */
function writeReference(c: Case): string {
  const file = path.join(c.dir, 'reference.mjs');
  writeFileSync(
    file,
    [
      "import { readFileSync } from 'node:fs';",
      "import { timeTravel } from 'pure-effect';",
      `import { ${c.flowExport} as flowFn } from './${c.flowFile}';`,
      "const trace = JSON.parse(readFileSync(new URL('./trace.json', import.meta.url), 'utf8'));",
      'await timeTravel(flowFn, trace); // narrates with console.log, one call per line',
      ''
    ].join('\n')
  );
  return file;
}

async function coreMsPerRun(c: Case): Promise<number> {
  const trace: unknown = JSON.parse(readFileSync(path.join(c.dir, 'trace.json'), 'utf8'));
  // The same files the CLI gets: only the flow; its other imports are stand-ins.
  const files = [{ name: c.flowFile, text: readFileSync(path.join(c.dir, c.flowFile), 'utf8') }];
  const once = () => replayFlowSource({ files, entry: c.flowFile, trace }, effect, replayTrace);
  await once(); // warm up
  const out: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await once();
    out.push(performance.now() - t);
  }
  return median(out);
}

/** Milliseconds for one whole process; `ok` is the highest exit status that still means it replayed. */
function spawnMs(args: readonly string[], cwd: string, ok: number): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status === null || r.status > ok) throw new Error(`node ${args.join(' ')} exited ${r.status ?? r.signal}: ${r.stderr.toString().slice(0, 400)}`);
  return ms;
}

function stdoutOf(args: readonly string[], cwd: string): string {
  return spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).stdout;
}

await packRuntime(tmp);
const cases = [...['checkout-zero-total', 'big-batch', 'sync-poll-recursive'].map(fixtureCase), await generatedCase(20_000)];

console.log(`\n${'CLI vs reference'.padEnd(26)} ${'steps'.padStart(6)} ${'core µs/step'.padStart(13)} ${'CLI ms'.padStart(8)} ${'ref ms'.padStart(8)} ${'CLI/ref'.padStart(8)}   target ≤ ${TARGET}×`);
try {
  for (const c of cases) {
    const steps = (JSON.parse(readFileSync(path.join(c.dir, 'trace.json'), 'utf8')) as { trace: unknown[] }).trace.length;
    const core = await coreMsPerRun(c);
    const cli = [bin, 'replay', path.join(c.dir, 'trace.json'), path.join(c.dir, c.flowFile)];
    const ref = ['--import', tsxLoader, writeReference(c)];
    // The first of each warms the disk cache and tsx's transform cache; it also checks that both
    // print the same narration, or the yardstick would measure something else.
    const same = stdoutOf(cli, c.dir) === stdoutOf(ref, c.dir);
    const cliMs: number[] = [];
    const refMs: number[] = [];
    for (let i = 0; i < SPAWNS; i++) {
      cliMs.push(spawnMs(cli, c.dir, 1)); // 1: the replay ended in Failure, as checkout's does
      refMs.push(spawnMs(ref, c.dir, 0)); // interleaved, so a slow moment of the machine hits both
    }
    const ratio = median(cliMs) / median(refMs);
    console.log(
      [
        c.name.padEnd(26),
        String(steps).padStart(6),
        ((core / steps) * 1000).toFixed(1).padStart(13),
        median(cliMs).toFixed(0).padStart(8),
        median(refMs).toFixed(0).padStart(8),
        `${ratio.toFixed(2)}×`.padStart(8),
        `  ${ratio <= TARGET ? 'within' : 'over'}${same ? '' : '  (narrations differ!)'}`
      ].join(' ')
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(
  `\ncore = replayFlowSource + replayTrace in this process with the step record the app shows (median of 3);\n` +
    `CLI and ref = whole processes, median of ${SPAWNS}; the CLI replays with steps: false, as it prints only the narration.\n` +
    "ref is a stand-in for the library's own timeTravel under a TypeScript loader (node --import tsx, our runtime\n" +
    "bundled as the 'pure-effect' package): the library itself is not available here, so this is the yardstick."
);
