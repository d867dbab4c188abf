// The rules behind the one word people and agents act on (issue: every verdict is judged against
// production's proven outcome): reproduced means the same outcome type, value or error, and the same
// recorded Commands asked; a refusal of the library is its own verdict; a path-less divergence names
// the Command recorded at that position. Checked on the real engine and the shared fixtures.
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import type { ReplayReport } from '../replay/report';
import { replayFlowSource } from '../source/runFlow';
import { fixtureRuns } from '../source/test-support/fixtures';
import { join, listDir, readJson, readText } from '../trace/test-support/files';
import { buildModel } from '../trace/build';
import { divergenceOf } from '../present/divergence';
import { productionOutcome, proofText, verdictOf } from './verdict';
import { replayVerdict } from './replayVerdict';
import { inSurface, refusalAdvice, refusalMessage } from './refusal';

const run = (id: string) => fixtureRuns().find((r) => r.id === id)!;

async function replay(id: string, opts: { flowText?: string; context?: unknown; trace?: unknown } = {}): Promise<ReplayReport> {
  const r = run(id);
  const flowFile = listDir(r.dir).find((f) => /^flow\.[a-z]+$/.test(f))!;
  const services = listDir(r.dir).filter((f) => /^services\.(ts|js)$/.test(f));
  const files = [{ name: flowFile, text: opts.flowText ?? readText(join(r.dir, r.flowFile)) }, ...services.map((name) => ({ name, text: readText(join(r.dir, name)) }))];
  const out = await replayFlowSource({ files, trace: opts.trace ?? readJson(r.traceFile), steps: true, ...(opts.context !== undefined ? { context: opts.context } : {}) }, effect, replayTrace);
  if (out.kind !== 'report') throw new Error(`expected a report, got ${out.kind}`);
  return out.report;
}

describe('reproduced means the same outcome, value and recorded Commands', () => {
  it('a change that leaves a recorded Command unreached and returns another value is outcome-changed, naming both', async () => {
    const trace = readJson(run('tenant-ask').traceFile);
    const baseline = await replay('tenant-ask');
    // The audit Command is dropped: the flow ends a step early, with another value.
    const flow = readText(join(run('tenant-ask').dir, 'flow.ts')).replace('effectPipe(scopeToTenant, listInvoices, audit)', 'effectPipe(scopeToTenant, listInvoices)');
    const report = await replay('tenant-ask', { flowText: flow });
    expect(report.unreached).toEqual([1]);
    const production = productionOutcome(buildModel(trace).outcome, baseline);
    expect(production).toMatchObject({ proof: 'replay', outcome: { type: 'Success' }, unreached: [] });
    expect(verdictOf(report, production, true)).toMatchObject({ kind: 'changed', differs: { outcome: true, unreached: [1], reached: [] } });
    const told = replayVerdict(trace, report, baseline);
    expect(told.verdict).toBe('outcome-changed');
    expect(told.sentence).toMatch(/never asks a recorded Command production asked \(cmdWriteAuditEntry\)/);
    // Without a baseline nothing proves production's value, but a recorded Command left unasked still rules out reproduced.
    expect(replayVerdict(trace, report).verdict).toBe('outcome-changed');
  });

  it('the same outcome with a recorded Command left unasked is outcome-changed, not reproduced', () => {
    const same = { type: 'Success' as const, value: { ok: true } };
    const production = { outcome: same, proof: 'replay' as const, unreached: [] };
    const report: ReplayReport = { status: 'resolved', result: same, unreached: [1], narration: [], steps: [] };
    expect(verdictOf(report, production, true)).toEqual({ kind: 'changed', outcome: same, production: same, differs: { outcome: false, unreached: [1], reached: [] } });
    expect(verdictOf({ ...report, unreached: [] }, production, true).kind).toBe('reproduced');
  });

  it('another context turning production\'s Success into a Failure is outcome-changed against the recorded context\'s replay', async () => {
    const trace = readJson(run('tenant-ask').traceFile);
    const recorded = await replay('tenant-ask');
    const noTenant = await replay('tenant-ask', { context: { flowName: 'list-invoices' } });
    const verdict = replayVerdict(trace, noTenant, recorded);
    expect(verdict.verdict).toBe('outcome-changed');
    expect(verdict.production).toMatchObject({ proof: 'replay', outcome: { type: 'Success' } });
    expect(verdict.sentence).toMatch(/where production ended in Success/);
  });

  it('says where production\'s outcome comes from', async () => {
    const trace = readJson(run('checkout-zero-total').traceFile);
    expect(productionOutcome(buildModel(trace).outcome, undefined)?.proof).toBe('trace');
    expect(proofText('trace')).toMatch(/recorded throw/);
    expect(proofText('replay')).toBe('proven by replaying the recorded code with the recorded context');
  });
});

describe('a refusal of the library is not the flow throwing', () => {
  const unrecordedContext = () => ({ ...(readJson(run('tenant-ask').traceFile) as object), context: undefined, unrecorded: { context: 'redact' } });

  it('an unrecorded context replayed without one: refused, tier 3, with each surface\'s own advice', async () => {
    const trace = unrecordedContext();
    const report = await replay('tenant-ask', { trace });
    expect(report.status).toBe('rejected');
    expect(report.rejection?.refusal).toEqual({ field: 'context' });
    expect(verdictOf(report, undefined, false)).toMatchObject({ kind: 'refused', field: 'context' });
    const cli = replayVerdict(trace, report, undefined, undefined, 0, 'cli');
    expect(cli).toMatchObject({ verdict: 'refused', tier: 3, refusal: { field: 'context' } });
    expect(cli.sentence).toContain('--context FILE');
    expect(cli.sentence).not.toContain('options.context');
    const mcp = replayVerdict(trace, report, undefined, undefined, 0, 'mcp');
    expect(mcp.sentence).toContain('`context` argument');
    expect(inSurface(cli.sentence, 'context', 'cli', 'mcp')).toBe(mcp.sentence);
    expect(refusalAdvice('context', 'app')).toMatch(/Context/);
  });

  it('given a context, the same trace replays', async () => {
    const report = await replay('tenant-ask', { trace: unrecordedContext(), context: { flowName: 'list-invoices', tenant: 'acme', requestId: 'req_5f8a21' } });
    expect(report.status).toBe('resolved');
  });

  it('flow code that throws an error named ReplayError is still the flow\'s own error', async () => {
    const flow = readText(join(run('tenant-ask').dir, 'flow.ts')).replace('const scopeToTenant = (query: Query) =>', "const scopeToTenant = (query: Query) => {\n  const e = new Error('mine'); e.name = 'ReplayError'; (e as unknown as { field: string }).field = 'context'; throw e;\n};\nconst unused = (query: Query) =>");
    const report = await replay('tenant-ask', { flowText: flow });
    expect(report.status).toBe('rejected');
    expect(report.rejection?.refusal).toBeUndefined();
    expect(verdictOf(report, undefined, false).kind).toBe('flow-error');
  });

  it('refusalMessage puts the surface\'s words in place of options.context', () => {
    const msg = 'The trace holds no context: x, so the recorder left it out. A replay with an empty one could take another branch at an Ask: pass options.context, or keep it to plain data, and record the flow again.';
    expect(refusalMessage(msg, 'context', 'cli')).toContain('give the context production ran with: --context FILE (a JSON file), or keep it');
    expect(refusalMessage('other', undefined, 'cli')).toBe('other');
  });
});

describe('a trace without paths', () => {
  it('a divergence names the Command recorded at that position, as the library does', async () => {
    const trace = readJson(run('legacy-no-path').traceFile);
    const report = await replay('legacy-no-path/reorder');
    expect(report.fault?.kind).toBe('TimeParadox');
    const told = divergenceOf(report, buildModel(trace));
    expect(told?.asked?.recorded).toBe('cmdFetchCart');
    expect(told?.asked?.text).not.toMatch(/no step/);
    const verdict = replayVerdict(trace, report);
    expect(verdict.divergence?.recorded).toBe('cmdFetchCart');
    expect(verdict.sentence).toMatch(/where the recording has cmdFetchCart/);
  });
});
