// `timescope replay-all` speed, side by side in one run (npm run bench builds dist-cli first).
// Prints; asserts nothing.
//  - 400 three-step checkout traces (the checkout-zero-total fixture's flow, recorded with our
//    runtime against fake services, inputs varied; one in ten hits the zero-total failure): the
//    whole `node bin/timescope.mjs replay-all corpus.jsonl flow.ts` process, against a plain Node
//    script that imports the same flow (`node --import tsx`) and replays the traces one by one with
//    timeTravel from the library stand-in (our runtime bundled as the 'pure-effect' package, see
//    runtimePackage.ts), its narration silenced. Target: at most 2×.
//  - 40,000 such traces, `--jobs 2` against `--jobs 1`. Target: at most 0.6× (issue 19).
// Whole processes, stdout to /dev/null, median of a few runs, interleaved so a slow moment of the
// (shared) machine hits both sides.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHECKOUT_DIR, recordCheckoutCorpus } from './checkoutCorpus';
import { packRuntime } from './runtimePackage';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'bin/timescope.mjs');
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SMALL = 400;
const LARGE = 40_000;
/** Pairs of --jobs 1 and --jobs 2 runs: a shared machine's busy moments hit some of them, and the median sees past a couple. */
const LARGE_RUNS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** GNU time, when the machine has it: the CPU seconds a process used, beside its wall time. */
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Spawned {
  readonly ms: number;
  /** user + system CPU seconds, when GNU time is there to tell */
  readonly cpu: number | undefined;
  /** CPU seconds the rest of the machine used meanwhile, where /proc/stat tells (Linux) */
  readonly others: number | undefined;
}

/** CPU seconds every process has used since boot (user, nice, system, irq, softirq), from /proc/stat; undefined elsewhere. */
function machineCpu(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return (fields[0]! + fields[1]! + fields[2]! + fields[5]! + fields[6]!) / 100;
  } catch {
    return undefined;
  }
}

/** One whole process; replay-all exits 0 here (every trace reproduced). */
function spawnRun(args: readonly string[], cwd: string): Spawned {
  const [cmd, argv] = gnuTime ? [gnuTime, ['-f', 'cpu %U %S', process.execPath, ...args]] : [process.execPath, [...args]];
  const before = machineCpu();
  const t = performance.now();
  const r = spawnSync(cmd, argv, { cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t;
  const after = machineCpu();
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status ?? r.signal}: ${r.stderr.toString().slice(0, 400)}`);
  const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr.toString());
  const cpu = m ? Number(m[1]) + Number(m[2]) : undefined;
  // Another session's build in the same run takes the second core --jobs 2 needs: this says how much it took.
  return { ms, cpu, others: before !== undefined && after !== undefined && cpu !== undefined ? Math.max(0, after - before - cpu) : undefined };
}

const spawnMs = (args: readonly string[], cwd: string) => spawnRun(args, cwd).ms;

const startLoad = loadavg().map((l) => l.toFixed(1)).join(', ');
const tmp = mkdtempSync(path.join(tmpdir(), 'timescope-bench-all-'));
try {
  await packRuntime(tmp);
  for (const f of ['flow.ts', 'services.ts']) copyFileSync(path.join(CHECKOUT_DIR, f), path.join(tmp, f));
  const small = await recordCheckoutCorpus(SMALL);
  writeFileSync(path.join(tmp, 'small.jsonl'), small.jsonl);
  writeFileSync(path.join(tmp, 'large.jsonl'), (await recordCheckoutCorpus(LARGE)).jsonl);
  const reference = path.join(tmp, 'reference.mjs');
  writeFileSync(
    reference,
    [
      "import { readFileSync } from 'node:fs';",
      "import { timeTravel } from 'pure-effect';",
      "import { checkoutFlow } from './flow.ts';",
      "const lines = readFileSync(process.argv[2], 'utf8').split('\\n').filter((l) => l.trim() !== '');",
      'let failures = 0;',
      'for (const line of lines) {',
      '  const result = await timeTravel(checkoutFlow, JSON.parse(line), { log: () => {} });',
      "  if (result.type === 'Failure') failures += 1;",
      '}',
      'if (failures === 0) throw new Error("expected the zero-total failures");',
      ''
    ].join('\n')
  );

  const cli = (corpus: string, ...more: string[]) => [bin, 'replay-all', path.join(tmp, corpus), path.join(tmp, 'flow.ts'), ...more];
  // Warm the disk cache, tsx's transform cache and the worker's code cache.
  spawnMs(cli('small.jsonl'), tmp);
  spawnMs(['--import', tsxLoader, reference, path.join(tmp, 'small.jsonl')], tmp);

  const cliMs: number[] = [];
  const refMs: number[] = [];
  for (let i = 0; i < 7; i++) {
    cliMs.push(spawnMs(cli('small.jsonl'), tmp));
    refMs.push(spawnMs(['--import', tsxLoader, reference, path.join(tmp, 'small.jsonl')], tmp));
  }
  const smallRatio = median(cliMs) / median(refMs);

  const runs: { one: Spawned; two: Spawned }[] = [];
  for (let i = 0; i < LARGE_RUNS; i++) runs.push({ one: spawnRun(cli('large.jsonl', '--jobs', '1'), tmp), two: spawnRun(cli('large.jsonl', '--jobs', '2'), tmp) });
  const one = runs.map((r) => r.one.ms);
  const two = runs.map((r) => r.two.ms);
  const largeRatio = median(two) / median(one);
  const cpu = (xs: (number | undefined)[]) => (xs.every((x) => x !== undefined) ? `${median(xs as number[]).toFixed(1)} s CPU` : 'CPU unknown');
  const others = (xs: (number | undefined)[]) => (xs.every((x) => x !== undefined) ? (xs as number[]).map((x) => x.toFixed(1)).join(', ') : 'unknown');

  console.log('\nreplay-all');
  console.log(`  ${SMALL} traces, whole process:    replay-all ${median(cliMs).toFixed(0)} ms, plain Node script ${median(refMs).toFixed(0)} ms: ${smallRatio.toFixed(2)}× (target ≤ 2×, ${smallRatio <= 2 ? 'within' : 'over'})`);
  console.log(
    `  ${LARGE.toLocaleString('en-US')} traces:                 --jobs 1 ${(median(one) / 1000).toFixed(2)} s, --jobs 2 ${(median(two) / 1000).toFixed(2)} s: ${largeRatio.toFixed(2)}× (target ≤ 0.6×, ${largeRatio <= 0.6 ? 'within' : 'over'})`
  );
  console.log(`    (CPU used: --jobs 1 ${cpu(runs.map((r) => r.one.cpu))}, --jobs 2 ${cpu(runs.map((r) => r.two.cpu))}; with other sessions busy, the scheduler gives this one its share whatever its thread count, so --jobs 2 can only be faster on a quiet machine)`);
  console.log(
    `    (each run's walls: --jobs 1 ${one.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s, --jobs 2 ${two.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; CPU seconds other processes used meanwhile: --jobs 1 ${others(runs.map((r) => r.one.others))}, --jobs 2 ${others(runs.map((r) => r.two.others))})`
  );
  const load = loadavg().map((l) => l.toFixed(1)).join(', ');
  const loadBefore = startLoad;
  console.log(`  (${SMALL}: median of 7, interleaved; ${LARGE.toLocaleString('en-US')}: median of ${LARGE_RUNS}, interleaved; every trace a 3-step checkout, 1 in 10 the zero-total failure; load average before ${loadBefore}, after ${load}, on a shared machine with ${availableParallelism()} cores)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
