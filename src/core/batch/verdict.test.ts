// batchRowOf on every shared fixture, replayed with the real engine as the app and the CLI replay
// them: the variant's file in place of flow.*, the case's original as the baseline. What each row
// should say is read from the fixture's expected/replay-<variant>.json, not written down here.
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import type { ReplayReport } from '../replay/report';
import { replayFlowSource } from '../source/runFlow';
import { fixtureRuns, type FixtureRun } from '../source/test-support/fixtures';
import { join, listDir, readJson, readText } from '../trace/test-support/files';
import { sameValue } from '../verdict/verdict';
import { batchRowOf, flowErrorRow, isPassing, oneLine } from './verdict';

interface Expected {
  result?: { type: 'Success'; value: unknown } | { type: 'Failure'; error: { name?: string; path?: string } };
  unreached?: { command: string }[];
}

const flowFileOf = (dir: string) => listDir(dir).find((f) => /^flow\.[a-z]+$/.test(f))!;

async function replay(run: FixtureRun, flowText?: string): Promise<ReplayReport> {
  const flowFile = flowFileOf(run.dir);
  const services = listDir(run.dir).filter((f) => /^services\.(ts|js)$/.test(f));
  const files = [{ name: flowFile, text: flowText ?? readText(join(run.dir, run.flowFile)) }, ...services.map((name) => ({ name, text: readText(join(run.dir, name)) }))];
  const out = await replayFlowSource(
    { files, trace: readJson(run.traceFile), steps: false, ...(run.context !== undefined ? { context: run.context } : {}), ...(run.version !== undefined ? { version: run.version } : {}) },
    effect,
    replayTrace
  );
  if (out.kind !== 'report') throw new Error(`expected a report, got ${out.kind}`);
  return out.report;
}

const caseOf = (run: FixtureRun) => readJson(join(run.dir, 'case.json')) as { expect: { type: string } };
const isVariant = (run: FixtureRun) => run.id.includes('/');

/** The verdict the fixture's expected files call for: the variant's expected replay against the case's. */
function expectedVerdict(run: FixtureRun, withBaseline: boolean): { verdict: string; path?: string } {
  const mine = readJson(run.replayFile) as Expected;
  const error = mine.result?.type === 'Failure' ? mine.result.error : undefined;
  if (error?.name === 'TimeParadox') return { verdict: 'diverged', path: error.path! };
  if (error?.name === 'ReplayError') return { verdict: 'missing-step', path: error.path! };
  if (!isVariant(run)) return { verdict: 'reproduced' };
  const original = readJson(join(run.dir, 'expected', 'replay.json')) as Expected;
  const provenFailure = caseOf(run).expect.type === 'Failure';
  // reproduced: the same outcome and the same recorded Commands asked as production's replay.
  const sameCommands = sameValue(mine.unreached ?? [], original.unreached ?? []);
  // Without a baseline only a proven outcome can be compared; a clean replay is otherwise taken as
  // production's, unless it leaves recorded Commands unasked (production asked every one it recorded).
  if (!withBaseline && !(provenFailure && original.result?.type === 'Failure')) return { verdict: (mine.unreached ?? []).length === 0 ? 'reproduced' : 'outcome-changed' };
  if (original.result?.type === 'Failure' && mine.result?.type === 'Success') return { verdict: 'fixed' };
  if (sameValue(mine.result, original.result) && sameCommands) return { verdict: 'reproduced' };
  return { verdict: 'outcome-changed' };
}

const runs = fixtureRuns().filter((r) => !r.rejected);

describe('batchRowOf on every fixture', () => {
  it.each(runs.map((r) => [r.id, r] as const))('%s, against the original as baseline', async (_id, run) => {
    const original = fixtureRuns().find((r) => r.id === run.id.split('/')[0])!;
    const baseline = await replay(original);
    const report = isVariant(run) ? await replay(run) : baseline;
    const row = batchRowOf(readJson(run.traceFile), report, baseline);
    const want = expectedVerdict(run, true);
    expect(row.verdict).toBe(want.verdict);
    if (want.path !== undefined) expect(row.path).toBe(want.path);
    expect(row.unreached).toEqual(((readJson(run.replayFile) as Expected).unreached ?? []).map((u) => u.command));
    expect(row.detail).toBe(oneLine(row.detail));
    // With a baseline that replays cleanly, every outcome is proven.
    if (!baseline.fault) expect(row.outcomeUnproven).toBe(false);
  });

  it.each(runs.map((r) => [r.id, r] as const))('%s, without a baseline', async (_id, run) => {
    const row = batchRowOf(readJson(run.traceFile), await replay(run));
    expect(row.verdict).toBe(expectedVerdict(run, false).verdict);
  });
});

describe('checkout-zero-total', () => {
  const run = (id: string) => fixtureRuns().find((r) => r.id === id)!;
  const trace = () => readJson(run('checkout-zero-total').traceFile);

  it('as recorded: reproduced at the failing charge, proven by the trace alone', async () => {
    const row = batchRowOf(trace(), await replay(run('checkout-zero-total')));
    expect(row).toEqual({ verdict: 'reproduced', path: '2', stepIndex: 2, unreached: [], detail: 'Failure: Amount must be non-zero.', outcomeUnproven: false });
    expect(isPassing(row.verdict)).toBe(true);
  });

  it('the fix: fixed, the charge unreached', async () => {
    const row = batchRowOf(trace(), await replay(run('checkout-zero-total/fixed')));
    expect(row).toMatchObject({ verdict: 'fixed', path: undefined, unreached: ['cmdChargeCard'], outcomeUnproven: false });
    expect(row.detail).toBe('Success, where production ended in Failure: Amount must be non-zero.');
  });

  it('the reorder: diverged at the first entry, opened there', async () => {
    const row = batchRowOf(trace(), await replay(run('checkout-zero-total/reorder')));
    expect(row).toMatchObject({ verdict: 'diverged', path: '0', stepIndex: 0, unreached: ['cmdFetchCart', 'cmdValidatePromo', 'cmdChargeCard'] });
    expect(row.detail).toMatch(/^TimeParadox: Time paradox at path '0': flow asked for 'cmdValidatePromo'/);
    expect(isPassing(row.verdict)).toBe(false);
  });

  it('a bug in pure flow code: flow-error, located in the file', async () => {
    const flow = readText(join(run('checkout-zero-total').dir, 'flow.ts')).replace('const percentOff = promo.valid', 'const percentOff = (promo as any).missing.valid');
    const report = await replay(run('checkout-zero-total'), flow);
    const row = batchRowOf(trace(), report);
    expect(row.verdict).toBe('flow-error');
    expect(row.detail).toMatch(/^TypeError: .*\(flow\.ts:\d+:\d+\)$/);
  });

  it('a trace whose Failure is not proven (no promo code, Success) reproduces unproven without a baseline, proven with one', async () => {
    const success = await replay(run('tenant-ask'));
    const tenant = readJson(run('tenant-ask').traceFile);
    expect(batchRowOf(tenant, success)).toMatchObject({ verdict: 'reproduced', outcomeUnproven: true });
    expect(batchRowOf(tenant, success, success)).toMatchObject({ verdict: 'reproduced', outcomeUnproven: false });
  });
});

describe('rows without a report', () => {
  it('flowErrorRow keeps a hostile reason on one line', () => {
    const row = flowErrorRow(`Timed out\u001b[31m\nafter 5 s${'x'.repeat(1000)}`);
    expect(row.verdict).toBe('flow-error');
    expect([...row.detail].some((c) => c.charCodeAt(0) < 0x20)).toBe(false);
    expect(row.detail.length).toBeLessThanOrEqual(300);
  });

  it('a trace the model refuses still gets a row, with its unreached names: a recorded Command left unasked is not production\'s run', () => {
    const report: ReplayReport = { status: 'resolved', result: { type: 'Success', value: 1 }, unreached: [0], narration: [], steps: [] };
    const row = batchRowOf({ trace: [{ command: 'a', path: 7 }] }, report);
    expect(row).toMatchObject({ verdict: 'outcome-changed', outcomeUnproven: true, unreached: ['a'] });
    expect(row.detail).toContain('never asks a recorded Command production asked (a)');
  });
});
