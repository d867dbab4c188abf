// `timescope explain` on a 100,000-step trace, beside `timescope replay` of the same trace, each a
// whole process of the built CLI (dist-cli; `npm run bench` rebuilds it first), median of SPAWNS.
// Target: explain from the recording alone answers within 2 s on this machine. Prints; asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GENERATED_FLOW, recordGenerated } from './generate';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'bin/timescope.mjs');
const STEPS = 100_000;
const SPAWNS = 5;
const TARGET_MS = 2000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const tmp = mkdtempSync(path.join(tmpdir(), 'timescope-bench-explain-'));
try {
  const trace = path.join(tmp, 'trace.json');
  const flow = path.join(tmp, 'flow.ts');
  writeFileSync(trace, JSON.stringify(await recordGenerated(STEPS)));
  writeFileSync(flow, GENERATED_FLOW);
  const timed = (args: string[]): number => {
    const t = performance.now();
    const r = spawnSync(process.execPath, [bin, ...args], { cwd: tmp, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const ms = performance.now() - t;
    if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
    return ms;
  };
  const rows: [string, string[]][] = [
    ['explain, the recording alone', ['explain', trace, '--json']],
    ['explain with the flow (replayed)', ['explain', trace, flow, '--json', '--timeout', '120']],
    ['replay (narration)', ['replay', trace, flow, '--timeout', '120']]
  ];
  console.log(`\n${`timescope, ${STEPS.toLocaleString('en-US')} steps`.padEnd(36)} ${'ms'.padStart(8)}   target`);
  const times = new Map<string, number>();
  for (const [name, args] of rows) times.set(name, median(Array.from({ length: SPAWNS }, () => timed(args))));
  for (const [name] of rows) {
    const ms = times.get(name)!;
    const target = name.startsWith('explain, the recording') ? `≤ ${TARGET_MS} ms: ${ms <= TARGET_MS ? 'within' : 'over'}` : '';
    console.log(`${name.padEnd(36)} ${ms.toFixed(0).padStart(8)}   ${target}`);
  }
  console.log(`\nwhole processes of bin/timescope.mjs, median of ${SPAWNS}; explain --json prints the first screen's object.`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
