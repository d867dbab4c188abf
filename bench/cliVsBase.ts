// The CLI against an older build of itself, whole processes, paired: `timescope replay` of
// sync-poll-recursive (a 3,000-level recursion) and of a generated 20,000-step trace, by this
// checkout's dist-cli and by BASE's (c9150a6 unless TIMESCOPE_BENCH_BASE names another commit),
// built into a temporary worktree. Runs alternate A, B, A, B… so a slow moment hits both; CPU is
// each child's user + system time (/proc/self/stat's cutime + cstime around each run, in clock
// ticks), wall is performance.now(). Prints medians and the ratio of medians; asserts nothing.
// Targets (issue: speed where users feel it): CPU ≤ 0.88× on sync-poll-recursive, ≤ 0.97× at
// 20,000 steps.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GENERATED_FLOW, recordGenerated } from './generate';

const root = path.resolve(import.meta.dirname, '..');
const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(root, '../shared');
const BASE = process.env.TIMESCOPE_BENCH_BASE ?? 'c9150a6';
const RUNS = Number(process.env.TIMESCOPE_BENCH_RUNS ?? 11);
const TICK_S = 1 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);

/** This process's waited-for children's CPU seconds so far (user + system). */
function childrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK_S; // cutime, cstime: fields 16 and 17
}

function run(bin: string, args: readonly string[]): { cpu: number; wall: number } {
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = (performance.now() - t0) / 1000;
  if (r.status === null || r.status > 1) throw new Error(`${bin} ${args.join(' ')}: exit ${r.status ?? r.signal}: ${r.stderr.toString().slice(0, 300)}`);
  return { cpu: childrenCpu() - cpu0, wall };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const tmp = mkdtempSync(path.join(tmpdir(), 'timescope-bench-base-'));
const worktree = path.join(tmp, 'base');
try {
  execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', worktree, BASE], { stdio: 'ignore' });
  symlinkSync(path.join(root, 'node_modules'), path.join(worktree, 'node_modules'));
  execFileSync('npm', ['run', '-s', 'build:cli'], { cwd: worktree, stdio: 'ignore' });
  const baseBin = path.join(worktree, 'bin/timescope.mjs');
  const ourBin = path.join(root, 'bin/timescope.mjs');
  if (!existsSync(path.join(root, 'dist-cli/main.mjs'))) throw new Error('build the CLI first (npm run build:cli)');

  const gen = path.join(tmp, 'generated');
  execFileSync('mkdir', ['-p', gen]);
  writeFileSync(path.join(gen, 'flow.ts'), GENERATED_FLOW);
  writeFileSync(path.join(gen, 'trace.json'), JSON.stringify(await recordGenerated(20_000)));
  const poll = path.join(shared, 'fixtures/sync-poll-recursive');
  const cases = [
    { name: 'sync-poll-recursive', args: ['replay', path.join(poll, 'expected/trace.json'), path.join(poll, 'flow.js')], target: 0.88 },
    { name: 'generated 20,000 steps', args: ['replay', path.join(gen, 'trace.json'), path.join(gen, 'flow.ts')], target: 0.97 }
  ];

  console.log(`\n${`CLI vs ${BASE} (whole process)`.padEnd(30)} ${'CPU s'.padStart(7)} ${'base'.padStart(7)} ${'ratio'.padStart(7)} ${'wall s'.padStart(7)} ${'base'.padStart(7)} ${'ratio'.padStart(7)}   target (CPU)`);
  for (const c of cases) {
    // One of each first: the disk cache, and each build's V8 code cache written by its first run.
    run(ourBin, c.args);
    run(baseBin, c.args);
    const ours: { cpu: number; wall: number }[] = [];
    const base: { cpu: number; wall: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(run(ourBin, c.args));
      base.push(run(baseBin, c.args));
    }
    const cpu = [median(ours.map((r) => r.cpu)), median(base.map((r) => r.cpu))] as const;
    const wall = [median(ours.map((r) => r.wall)), median(base.map((r) => r.wall))] as const;
    const ratio = cpu[0] / cpu[1];
    console.log(
      `${c.name.padEnd(30)} ${cpu[0].toFixed(3).padStart(7)} ${cpu[1].toFixed(3).padStart(7)} ${`${ratio.toFixed(2)}×`.padStart(7)} ${wall[0].toFixed(3).padStart(7)} ${wall[1].toFixed(3).padStart(7)} ${`${(wall[0] / wall[1]).toFixed(2)}×`.padStart(7)}   ≤ ${c.target}× ${ratio <= c.target ? 'met' : 'MISSED'}`
    );
  }
  console.log(`medians of ${RUNS} paired runs; CPU = user + system of the whole process (its worker threads too), from /proc clock ticks.`);
} finally {
  try {
    execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
  } catch {
    // a worktree never made: nothing to remove
  }
  rmSync(tmp, { recursive: true, force: true });
}
