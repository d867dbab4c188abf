// Every recorded fixture case, and every variant of it, replayed through our
// timeTravel and replayEffect: the narration must match what the library
// printed byte for byte, and the result and unreached entries what it returned.
import { describe, expect, test } from 'vitest';
import { replayEffect } from './replayEffect';
import { timeTravel } from './timeTravel';
import { caseNames, loadFlow, loadTrace, plain, runsOf, type Run } from './test-support/fixtures';

const runs: Run[] = caseNames().flatMap(runsOf);

test('the fixtures hold every case and variant', () => {
  expect(runs.length).toBeGreaterThanOrEqual(20);
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
