// Logpoints' cost: a 10,000-step replay (GENERATED_FLOW: one Command per item, chained through
// each Command's next, like big-batch) with 3 logpoints on lines that run at every step, beside the
// same replay without them. The replay entry the CLI's sandbox runs (replayFlowSource +
// replayTrace), in this process, warm, interleaved, median of RUNS. Logpoints imply the per-step
// record, so the comparison is with steps on for both; the no-steps replay (what `timescope
// replay` runs without --log) is printed for context. Prints; asserts nothing. Target ≤ 1.2×.
import { performance } from 'node:perf_hooks';
import * as effect from '../src/core/effect/index';
import type { Logpoint } from '../src/core/logpoints/types';
import { replayTrace } from '../src/core/replay/replayTrace';
import { replayFlowSource } from '../src/core/source/runFlow';
import { GENERATED_FLOW, recordGenerated } from './generate';

const STEPS = 10_000;
const RUNS = Number(process.env.RUNS ?? 9);
const TARGET = 1.2;

// GENERATED_FLOW's lines 3, 4 and 6 run once per item: the step function's entry (its
// parameters), the loop's test (before it) and the return that builds the Command (before it).
const LINES = GENERATED_FLOW.split('\n');
const at = (text: string): number => LINES.findIndex((l) => l.includes(text)) + 1;
const LOGPOINTS: Logpoint[] = [
  { id: 'entry', file: 'flow.ts', line: at('const step = ('), expr: '{ i, sent }' },
  { id: 'test', file: 'flow.ts', line: at('if (i >= n)'), expr: 'i' },
  { id: 'build', file: 'flow.ts', line: at('return Command('), expr: 'sent + 1' }
];

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const trace: unknown = await recordGenerated(STEPS);
const files = [{ name: 'flow.ts', text: GENERATED_FLOW }];

async function replay(opts: { steps: boolean; logpoints?: readonly Logpoint[] }): Promise<string> {
  const r = await replayFlowSource({ files, trace, steps: opts.steps, ...(opts.logpoints ? { logpoints: opts.logpoints } : {}) }, effect, replayTrace);
  if (r.kind !== 'report') throw new Error(`replay: ${r.kind}`);
  const { report } = r;
  const logs = report.logs;
  const hits = logs ? `, ${logs.hits.length} hits kept of ${Object.values(logs.counts).reduce((a, b) => a + b, 0)}, ${logs.placements.filter((p) => p.placed).length} placed` : '';
  return `${report.result?.type ?? report.status}, ${report.steps.length} steps${hits}`;
}

// Each timed replay starts from a collected heap (npm run bench passes --expose-gc): otherwise
// the young collections a replay triggers also move the other side's leftovers, and which side
// pays for them depends on the order they ran in (side by side, the same replay moved ±15%).
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Wall time, and this process's CPU time (user + system, GC threads included): on a machine other work shares, CPU time moves less. */
async function timed(fn: () => Promise<string>): Promise<{ ms: number; cpu: number; outcome: string }> {
  collect();
  const cpu = process.cpuUsage();
  const t = performance.now();
  const outcome = await fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - t, cpu: (used.user + used.system) / 1000, outcome };
}

const sides = {
  withLogs: () => replay({ steps: true, logpoints: LOGPOINTS }),
  steps: () => replay({ steps: true }),
  noSteps: () => replay({ steps: false })
};
const ms: Record<keyof typeof sides, number[]> = { withLogs: [], steps: [], noSteps: [] };
const cpu: Record<keyof typeof sides, number[]> = { withLogs: [], steps: [], noSteps: [] };
const outcomes: Partial<Record<keyof typeof sides, string>> = {};
// Warm each once, then interleave, alternating which goes first so neither always follows a GC of the other's garbage.
for (const fn of Object.values(sides)) await fn();
for (let i = 0; i < RUNS; i++) {
  const order = (i % 2 === 0 ? ['withLogs', 'steps', 'noSteps'] : ['steps', 'withLogs', 'noSteps']) as (keyof typeof sides)[];
  for (const k of order) {
    const r = await timed(sides[k]);
    ms[k].push(r.ms);
    cpu[k].push(r.cpu);
    outcomes[k] = r.outcome;
  }
}

const row = (k: keyof typeof sides) => `${median(ms[k]).toFixed(1).padStart(8)} ms  ${median(cpu[k]).toFixed(1).padStart(8)} ms CPU`;
const ratio = median(ms.withLogs) / median(ms.steps);
const cpuRatio = median(cpu.withLogs) / median(cpu.steps);
console.log(`\nlogpoints, ${STEPS.toLocaleString('en-US')}-step replay (replayFlowSource + replayTrace, in this process, warm, interleaved, median of ${RUNS}, ${typeof (globalThis as { gc?: unknown }).gc === 'function' ? 'each from a collected heap' : 'heap not collected between replays: run with --expose-gc'})`);
console.log(`  3 logpoints, steps on   ${row('withLogs')}   (${outcomes.withLogs})`);
console.log(`  no logpoints, steps on  ${row('steps')}   (${outcomes.steps})`);
console.log(`  no logpoints, steps off ${row('noSteps')}   (${outcomes.noSteps}; what replay runs without --log)`);
const verdict = (r: number) => `${r.toFixed(2)}× (${r <= TARGET ? 'within' : 'over'})`;
console.log(`  with ÷ without logpoints, steps on: ${verdict(ratio)} wall, ${verdict(cpuRatio)} CPU; target ≤ ${TARGET}×`);
console.log(`  with logpoints ÷ steps off: ${(median(ms.withLogs) / median(ms.noSteps)).toFixed(2)}× wall (--log replays with the per-step record)`);
