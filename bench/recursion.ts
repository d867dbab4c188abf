// Recursion through effectPipe, the way pure-effect users write polling loops (sync-poll-recursive
// is one): each level is a Retry around one Command, then either Success or the next level. It
// must run and replay in time linear in its depth. Prints; asserts nothing.
//
// A deeper loop that costs far more than its share means a quadratic walk somewhere; a bench that
// waited for one at 20,000 levels could run for many minutes, so once a depth takes longer than
// SKIP_AFTER_MS, the deeper ones are skipped and say so.
import { Command, Retry, Success, effectPipe, recordEffect, replayEffect, runEffect } from '../src/core/effect/index';
import type { Trace } from '../src/core/effect/index';

const DEPTHS = [1_000, 5_000, 20_000];
const SKIP_AFTER_MS = 5_000;

const fetchPage = (x: number) => {
  const cmdFetchPage = () => x;
  return Command(cmdFetchPage);
};
const poll = (m: number): unknown =>
  effectPipe(
    (x: number) => Retry(fetchPage(x), { attempts: 1, delay: 0 }),
    (x: number) => (x === 0 ? Success('done') : poll(x - 1))
  )(m as never);

/** Median of up to 3 timed runs after a warm-up, fewer when one run is already long. */
async function time(fn: () => Promise<unknown>): Promise<number> {
  const first = performance.now();
  await fn();
  const once = performance.now() - first;
  if (once > 1_000) return once; // a warm-up would not change a run this long; do not pay for it twice
  const out: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b)[1]!;
}

function cell(ms: number, base: number | undefined): string {
  return `${ms.toFixed(0).padStart(9)} ${(base === undefined ? '' : `${(ms / base).toFixed(1)}×`).padStart(7)}`;
}

console.log(`\n${'effectPipe recursion depth'.padEnd(27)} ${'entries'.padStart(7)} ${'record ms'.padStart(10)} ${'runEffect ms'.padStart(13)} ${'vs 1k'.padStart(7)} ${'replayEffect ms'.padStart(16)} ${'vs 1k'.padStart(7)}`);
let base: { run: number; replay: number } | undefined;
let slowest: { depth: number; ms: number } | undefined;
for (const depth of DEPTHS) {
  const name = depth.toLocaleString('en-US').padEnd(27);
  if (slowest && slowest.ms > SKIP_AFTER_MS) {
    console.log(`${name} skipped: over ${SKIP_AFTER_MS / 1000} s at depth ${slowest.depth.toLocaleString('en-US')} (${(slowest.ms / 1000).toFixed(1)} s)`);
    continue;
  }
  try {
    const t = performance.now();
    const { result, trace } = await recordEffect(poll as (input: never) => unknown, depth, { maxEntries: depth + 10, context: { flowName: 'poll' } });
    const record = performance.now() - t;
    if (result.type !== 'Success') throw new Error(`recording ended in ${result.type}`);
    const run = await time(() => runEffect(poll(depth)));
    const replay = await time(async () => {
      const r = await replayEffect(poll(depth), trace as Trace);
      if (r.result.type !== 'Success') throw new Error(`replay ended in ${r.result.type}`);
    });
    base ??= { run, replay };
    slowest = { depth, ms: Math.max(record, run, replay) };
    console.log(`${name} ${String(trace.trace.length).padStart(7)} ${record.toFixed(0).padStart(10)} ${cell(run, base.run).padStart(21)} ${cell(replay, base.replay).padStart(24)}`);
  } catch (e) {
    // A stack overflow or a wrong result is a finding too: print it and go on to the next depth.
    console.log(`${name} failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`.slice(0, 200));
  }
}
console.log(
  '\nLinear means 5× the depth costs about 5× the time and 20× at most about 25× (allowing for GC);\n' +
    'a ratio that grows with the square of the depth (25×, 400×) is the quadratic walk. record = recordEffect, once.'
);
