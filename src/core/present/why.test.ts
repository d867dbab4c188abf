// The why in words, on the shared fixtures' own replays (loaded as the app loads them): each
// sentence is checked against what the recording shows, not against a string the code produces.
import { describe, expect, test } from 'vitest';
import { replayTrace } from '../replay/replayTrace';
import { caseNames, loadFlowAsApp, loadTrace, runsOf } from '../replay/test-support/fixtures';
import { buildModel } from '../trace/build';
import { errorsOf, whyOf } from './why';

async function incident(name: string) {
  const run = runsOf(name)[0]!;
  const trace = loadTrace(run);
  const report = await replayTrace({ flowFn: loadFlowAsApp(run), trace, ...(run.options.context !== undefined ? { context: run.options.context } : {}) });
  const model = buildModel(trace);
  return { trace, report, errorOf: errorsOf(model.steps) };
}

describe('every step of every fixture gets a sentence that names its producer', () => {
  test.each(caseNames())('%s', async (name) => {
    const { report, errorOf } = await incident(name);
    for (const s of report.steps) {
      if (s.entryIndex === undefined || s.type !== 'Command') continue;
      const why = whyOf(report, s.entryIndex, errorOf);
      expect(why.sentence.length, s.path).toBeGreaterThan(10);
      // "changed on the way here, by X" only when X's answer produced the value.
      if (why.sentence.startsWith('changed on the way here, by ')) expect(s.producer).toMatchObject({ kind: 'step', command: why.by });
      // A branch's builder is named with the place it is written.
      if (s.via?.kind === 'branch-builder') expect(why.sentence).toContain(`${s.via.fn.split('@')[0]} (${s.via.fn.split('@')[1]})`);
    }
  });
});

test("a fallback tells the Retry's tries and carries the last error the exhaustion holds", async () => {
  const { report, errorOf } = await incident('price-retry-fallback');
  const fallback = report.steps.find((s) => s.producer?.kind === 'exhaustion' && s.entryIndex !== undefined)!;
  const why = whyOf(report, fallback.entryIndex!, errorOf);
  const before = fallback.before as { lastError: unknown; attempts: number };
  expect(why.sentence).toMatch(/^fallback: the Retry at \d+ gave up after \d+ tr(y|ies)$/);
  expect(why.hasLastError).toBe(true);
  expect(why.lastError).toEqual(before.lastError);
});

test('a try that started over names the Command whose throw ended the try before', async () => {
  const { report, errorOf } = await incident('price-retry-fallback');
  const restart = report.steps.find((s) => s.producer?.kind === 'retry-restart' && s.entryIndex !== undefined)!;
  const p = restart.producer as { retry: string; attempt: number };
  const why = whyOf(report, restart.entryIndex!, errorOf);
  const threw = report.steps.filter((s) => s.path.startsWith(`${p.retry}r${p.attempt - 1}/`) && s.entryIndex !== undefined && errorOf(s.entryIndex) !== undefined);
  expect(threw.length).toBeGreaterThan(0);
  expect(why.sentence).toContain(`try ${p.attempt + 1} of the Retry at ${p.retry}: started over after ${threw[threw.length - 1]!.name} threw`);
});

test('the branch the west warehouse built gets its own words, not a diff against the flow input', async () => {
  const { report, errorOf } = await incident('stock-parallel-cancelled');
  const west = report.steps.find((s) => s.name === 'cmdReserveWest')!;
  const why = whyOf(report, west.entryIndex!, errorOf);
  expect(why.sentence).toBe('what holdWest (flow.ts:29) was called with to build branch 1 of its Parallel, from the flow input');
  expect(why.changes).toEqual([]);
});
