// Every recorded fixture case, and every variant of it, replayed through our
// timeTravel and replayEffect: the narration must match what the library
// printed byte for byte, and the result and unreached entries what it returned.
import { describe, expect, test } from 'vitest';
import { replayEffect } from './replayEffect';
import { timeTravel } from './timeTravel';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { caseNames, FIXTURES, loadFlow, loadTrace, plain, runsOf, type Run } from './test-support/fixtures';

const runs: Run[] = caseNames().flatMap(runsOf);

// No count by hand: every narration the library printed (expected/narration*.txt)
// belongs to a run here, and every run has the library's result to compare with.
test('the fixtures hold every case and variant', () => {
  expect(caseNames().length).toBeGreaterThan(0);
  const printed = caseNames().flatMap((c) =>
    readdirSync(join(FIXTURES, c, 'expected'))
      .filter((f) => /^narration(-.+)?\.txt$/.test(f))
      .map((f) => `${c}${f === 'narration.txt' ? '' : ` / ${f.slice('narration-'.length, -'.txt'.length)}`}`)
  );
  expect(runs.map((r) => `${r.caseName}${r.variant ? ` / ${r.variant}` : ''}`).sort()).toEqual(printed.sort());
  for (const r of runs) expect(r.replay ?? r.rejected).toBeDefined();
});

describe.each(runs.map((r) => [`${r.caseName}${r.variant ? ` / ${r.variant}` : ''}`, r] as const))('%s', (_label, run) => {
  test('timeTravel prints exactly the recorded narration and returns the recorded result', async () => {
    const flow = await loadFlow(run);
    const lines: string[] = [];
    const travel = timeTravel(flow, loadTrace(run), { log: (t) => void lines.push(t), ...run.options });
    if (run.rejected) {
      const e = await travel.then(
        () => undefined,
        (x: unknown) => x
      );
      expect(lines.join('\n')).toBe(run.narration);
      expect(plain(e)).toMatchObject(plain(run.rejected.error ?? run.rejected) as object);
      return;
    }
    const result = await travel;
    expect(lines.join('\n')).toBe(run.narration);
    expect(plain(result)).toEqual(run.replay?.result);
  });

  test.skipIf(run.rejected !== undefined)('replayEffect gives the recorded result and unreached entries', async () => {
    const flow = await loadFlow(run);
    const trace = loadTrace(run);
    const out = await replayEffect(flow(trace.initialInput), trace, { context: run.options.context });
    expect(plain(out.result)).toEqual(run.replay?.result);
    expect(out.unreached).toEqual(run.replay?.unreached);
  });
});
