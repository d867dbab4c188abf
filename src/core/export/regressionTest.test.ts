// buildRegressionTest: the text it writes, and, for every shared fixture case and variant, both
// flavours and both trace modes, the generated test run for real (one `node --test` process and
// one vitest run for all of them) with 'pure-effect' resolved to a build of our runtime. Each must
// pass; the same tests against another variant of the flow must fail, so they assert something.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import type { ReplayReport } from '../replay/report';
import { replayFlowSource } from '../source/runFlow';
import { fixtureRuns, type FixtureRun } from '../source/test-support/fixtures';
import { buildModel } from '../trace/build';
import { toRawTrace } from '../trace/raw';
import { listDir, readJson, readText } from '../trace/test-support/files';
import {
  buildRegressionTest,
  changedLeaves,
  parseLeafPath,
  prefillAssertPaths,
  regressionInputFromReport,
  valueLeaves,
  type Flavour,
  type RegressionInput,
  type TraceMode
} from './regressionTest';
import { installRuntime, runNodeSuites, runVitest, writeFiles } from './test-support/generatedTests';

const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-regression-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const RUNS = fixtureRuns().filter((r) => !r.rejected);
const FLAVOURS: Flavour[] = ['node', 'vitest'];
const MODES: TraceMode[] = ['embed', 'beside'];

interface Replayed {
  readonly run: FixtureRun;
  /** the trace as the app replays it: the model written back (toRawTrace) */
  readonly trace: Record<string, unknown>;
  readonly report: ReplayReport;
  readonly exportName: string;
  /** the context to pass, only when it is not the recorded one */
  readonly context?: unknown;
  readonly title: string;
}

const servicesOf = (dir: string) => listDir(dir).filter((f) => /^services\.(ts|js)$/.test(f));

async function replayed(run: FixtureRun, trace = toRawTrace(buildModel(readJson(run.traceFile)))): Promise<Replayed> {
  const files = [run.flowFile, ...servicesOf(run.dir)].map((name) => ({ name, text: readText(path.join(run.dir, name)) }));
  const override = run.context !== undefined && JSON.stringify(run.context) !== JSON.stringify(trace.context) ? { context: run.context } : {};
  const out = await replayFlowSource({ files, entry: run.flowFile, trace, ...override, ...(run.version ? { version: run.version } : {}) }, effect, replayTrace);
  if (out.kind !== 'report') throw new Error(`${run.id}: expected a report, got ${out.kind}`);
  const title = (readJson(path.join(run.dir, 'case.json')) as { title: string }).title;
  return { run, trace, report: out.report, exportName: out.exportName, title, ...override };
}

function inputOf(r: Replayed, flavour: Flavour, traceMode: TraceMode, extra: Partial<RegressionInput> = {}): RegressionInput {
  const input = regressionInputFromReport({
    report: r.report,
    trace: r.trace,
    flavour,
    traceMode,
    flowImportPath: `./${r.run.flowFile}`,
    exportName: r.exportName,
    title: r.title,
    ...(r.context !== undefined ? { context: r.context } : {})
  });
  return { ...input, ...extra };
}

const byId = new Map<string, Promise<Replayed>>();
const replayedOf = (id: string) => {
  if (!byId.has(id)) byId.set(id, replayed(RUNS.find((r) => r.id === id)!));
  return byId.get(id)!;
};

describe('buildRegressionTest writes', () => {
  it('the shape from the issue for the fixed checkout: result type, the values the fix changed, unreached', async () => {
    const r = await replayedOf('checkout-zero-total/fixed');
    const t = buildRegressionTest(inputOf(r, 'node', 'embed'));
    expect(t.fileName).toBe('checkout-fails-when-a-100-promo-makes-the-total-zero.test.ts');
    expect(t.testName).toBe('incident Checkout fails when a 100% promo makes the total zero: succeeds, cmdChargeCard never reached');
    expect(t.traceFile).toBeUndefined();
    expect(t.text).toContain('import { it } from "node:test";\nimport assert from "node:assert/strict";\nimport { replayEffect } from "pure-effect";\nimport { checkoutFlow } from "./fixed.ts";\n');
    expect(t.text).toContain(
      [
        `it(${JSON.stringify(t.testName)}, async () => {`,
        '  const { result, unreached } = await replayEffect(checkoutFlow(trace.initialInput), trace);',
        '  assert.equal(result.type, "Success");',
        '  assert.equal(result.value.receipt.amount, 0);',
        '  assert.equal(result.value.receipt.status, "waived");',
        '  assert.deepEqual(unreached.map((e) => e.command), ["cmdChargeCard"]);',
        '});'
      ].join('\n')
    );
  });

  it('for a Failure, the error’s name, message and code (a revived Error, not its stored form)', async () => {
    const t = buildRegressionTest(inputOf(await replayedOf('checkout-zero-total'), 'vitest', 'embed'));
    expect(t.testName).toBe('incident Checkout fails when a 100% promo makes the total zero: fails with Error: Amount must be non-zero.');
    expect(t.text).toContain('  expect(result.error.name).toBe("Error");\n  expect(result.error.message).toBe("Amount must be non-zero.");\n  expect(result.error.code).toBe("invalid_amount");\n');
    expect(t.text).not.toContain('__error": true,\n  })'); // no deep comparison with the stored form
    const paradox = buildRegressionTest(inputOf(await replayedOf('checkout-zero-total/reorder'), 'node', 'embed'));
    expect(paradox.text).toContain('assert.equal(result.error.name, "TimeParadox");');
    expect(paradox.text).toContain(`assert.equal(result.error.message, "Time paradox at path '0': flow asked for 'cmdValidatePromo', trace recorded 'cmdFetchCart'");`);
    const missing = buildRegressionTest(inputOf(await replayedOf('register-email-taken/new-address'), 'node', 'embed'));
    expect(missing.testName).toMatch(/: fails with ReplayError: Trace has no step at path '1' for 'cmdCreateUser'; refusing to run the real Command\.$/);
    const domain = buildRegressionTest(inputOf(await replayedOf('register-email-taken'), 'node', 'embed'));
    expect(domain.testName).toMatch(/: fails with "Email already in use\."$/);
    expect(domain.text).toContain('assert.equal(result.error, "Email already in use.");');
  });

  it('a retry’s exhaustion by its plain fields and its last error’s name, message and code', async () => {
    const t = buildRegressionTest(inputOf(await replayedOf('price-retry-fallback/no-fallback'), 'node', 'embed'));
    expect(t.testName).toMatch(/: fails after its retries ran out \(last TimeoutError: pricing-svc did not answer within 15ms \(sku GRND-58\)\)$/);
    for (const line of ['result.error.retryExhausted, true', 'result.error.lastError.name, "TimeoutError"', 'result.error.lastError.code, "ETIMEDOUT"', 'result.error.attempts, 2']) {
      expect(t.text).toContain(`assert.equal(${line});`);
    }
  });

  it('the replay context only when it is not the recorded one', async () => {
    const other = buildRegressionTest(inputOf(await replayedOf('tenant-ask/other-tenant'), 'node', 'embed'));
    expect(other.text).toContain('const context = {\n  "flowName": "list-invoices",\n  "tenant": "globex",\n  "requestId": "req_replay"\n};');
    expect(other.text).toContain('await replayEffect(listInvoicesFlow(trace.initialInput), trace, { context });');
    const recorded = buildRegressionTest(inputOf(await replayedOf('tenant-ask'), 'node', 'embed'));
    expect(recorded.text).not.toContain('const context');
    expect(recorded.text).toContain('await replayEffect(listInvoicesFlow(trace.initialInput), trace);');
  });

  it('the trace beside the test, read relative to it', async () => {
    const r = await replayedOf('checkout-zero-total/fixed');
    const t = buildRegressionTest(inputOf(r, 'vitest', 'beside', { name: 'zero total', traceFileName: 'zero #1.trace.json' }));
    expect(t.fileName).toBe('zero-total.test.ts');
    expect(t.traceFile).toEqual({ name: 'zero #1.trace.json', text: `${JSON.stringify(r.trace, null, 2)}\n` });
    expect(t.text).toContain('const trace = JSON.parse(readFileSync(new URL("./zero%20%231.trace.json", import.meta.url), "utf8"));');
    expect(() => buildRegressionTest(inputOf(r, 'node', 'beside', { traceFileName: '../x.json' }))).toThrow(/plain file name/);
  });

  it('a JavaScript flow’s test as an ES module', async () => {
    expect(buildRegressionTest(inputOf(await replayedOf('weather-retry'), 'node', 'embed')).fileName).toMatch(/\.test\.mjs$/);
  });

  it('titles and data as string literals only: quotes, comment ends, backticks, ${…}, newlines, U+2028', async () => {
    const r = await replayedOf('checkout-zero-total/fixed');
    const title = "it's a \"*/ `${process.exit(1)}` \\ trick\n// line two */\u2028</script>";
    const t = buildRegressionTest(inputOf(r, 'node', 'embed', { title }));
    expect(t.testName).toBe("incident it's a \"*/ `${process.exit(1)}` \\ trick // line two */ </script>: succeeds, cmdChargeCard never reached");
    const itLine = t.text.split('\n').find((l) => l.startsWith('it('))!;
    expect(itLine).toBe(`it(${JSON.stringify(t.testName)}, async () => {`);
    expect(t.text).not.toContain('\u2028');
    // Comments hold no data: only the three fixed header lines and the two fixed notes are comments.
    expect(t.text.split('\n').filter((l) => l.trimStart().startsWith('//'))).toEqual([
      '// A regression test for a recorded incident, exported from Timescope. It replays the recorded',
      "// trace against the flow with pure-effect's replayEffect, which answers every Command from the",
      '// trace, so nothing runs for real, and asserts what the replay showed.',
      '// The recorded trace.'
    ]);
  });

  it('odd export names through an alias or the module namespace', async () => {
    const r = await replayedOf('checkout-zero-total/fixed');
    const text = (exportName: string) => buildRegressionTest(inputOf(r, 'node', 'embed', { exportName })).text;
    expect(text('default')).toContain('import flow from "./fixed.ts";');
    expect(text('trace')).toContain('import { trace as flow } from "./fixed.ts";');
    expect(text('class')).toContain('import { class as flow } from "./fixed.ts";');
    expect(text('checkout-flow')).toContain('import * as flowModule from "./fixed.ts";');
    expect(text('checkout-flow')).toContain('await replayEffect(flowModule["checkout-flow"](trace.initialInput), trace);');
  });

  it('refuses what it cannot test, saying why', async () => {
    const r = await replayedOf('checkout-zero-total/fixed');
    const rejected: ReplayReport = { status: 'rejected', unreached: [], narration: [], steps: [] };
    const from = { trace: r.trace, flavour: 'node', traceMode: 'embed', flowImportPath: './f.ts', exportName: 'f' } as const;
    expect(() => regressionInputFromReport({ ...from, report: rejected })).toThrow(/stopped without a result/);
    expect(() => buildRegressionTest(inputOf(r, 'node', 'embed', { assertPaths: [['receipt', 'waived']] }))).toThrow("The replay's result has no value at 'receipt.waived' to assert.");
    expect(() => buildRegressionTest(inputOf(r, 'node', 'embed', { flowImportPath: ' ' }))).toThrow(/import path is empty/);
    const legacy = { ...r.trace, trace: [{ command: 'cmdFetchCart', error: undefined }] };
    expect(() => buildRegressionTest(inputOf(r, 'node', 'beside', { trace: legacy }))).toThrow(/embed the trace instead/);
    expect(buildRegressionTest(inputOf(r, 'node', 'embed', { trace: legacy })).text).toContain('"error": undefined');
  });
});

describe('the values to assert', () => {
  const stored = {
    total: 0,
    items: [{ sku: 'A' }, { sku: 'B' }],
    tags: [],
    'odd key': { x: null },
    err: { __error: true, name: 'TimeoutError', message: 'slow', __enumerable: ['name'], stack: 'at …', __errors: [{ __error: true, name: 'Error', message: 'inner' }] }
  };

  it('valueLeaves: every leaf with its label, errors read as the Error the test gets', () => {
    expect(valueLeaves(stored).map((l) => [l.label, l.value])).toEqual([
      ['total', 0],
      ['items[0].sku', 'A'],
      ['items[1].sku', 'B'],
      ['tags', []],
      ['["odd key"].x', null],
      ['err.name', 'TimeoutError'],
      ['err.message', 'slow'],
      ['err.errors[0].name', 'Error'],
      ['err.errors[0].message', 'inner']
    ]);
    expect(valueLeaves('done')).toEqual([{ keys: [], label: '', value: 'done', preview: '"done"' }]);
    expect(valueLeaves({ list: Array.from({ length: 50 }, (_, i) => i) }, { perArray: 2 }).map((l) => l.label)).toEqual(['list[0]', 'list[1]']);
  });

  it('changedLeaves: what is new or different, at any array index', () => {
    const before = { total: 60, items: Array.from({ length: 40 }, () => 'x'), same: true };
    const after = { total: 0, items: [...before.items.slice(0, 39), 'y'], same: true, receipt: { status: 'waived' } };
    expect(changedLeaves(before, after).map((l) => l.label)).toEqual(['total', 'items[39]', 'receipt.status']);
    expect(changedLeaves(after, after)).toEqual([]);
  });

  it('parseLeafPath reads what labels write, and says what is wrong', () => {
    for (const leaf of valueLeaves(stored)) expect(parseLeafPath(leaf.label)).toEqual({ ok: true, keys: leaf.keys });
    expect(parseLeafPath('items.0.sku')).toEqual({ ok: true, keys: ['items', '0', 'sku'] });
    expect(parseLeafPath('meta["a.b]"].c')).toEqual({ ok: true, keys: ['meta', 'a.b]', 'c'] });
    expect(parseLeafPath('a-b')).toEqual({ ok: false, message: `'a-b' is not a path to a value: write the key "a-b" as ["a-b"]` });
    expect(parseLeafPath('a[x]')).toMatchObject({ ok: false, message: expect.stringContaining('write an index as [2] and a key as ["x"]') });
    expect(parseLeafPath('a[0')).toMatchObject({ ok: false });
  });

  it('prefillAssertPaths: against a baseline, its failing step’s input; without one, the last step’s value', async () => {
    const fixed = await replayedOf('checkout-zero-total/fixed');
    const baseline = await replayedOf('checkout-zero-total');
    expect(prefillAssertPaths(fixed.report, fixed.trace)).toEqual([['receipt', 'amount'], ['receipt', 'status']]);
    expect(prefillAssertPaths(fixed.report, fixed.trace, baseline.report)).toEqual([['receipt', 'amount'], ['receipt', 'status']]);
    expect(prefillAssertPaths(baseline.report, baseline.trace)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The generated tests, run.

interface Job {
  /** the node suite name or the vitest file path that reports it */
  readonly key: string;
  readonly flavour: Flavour;
  readonly file: string;
  /** false for the negative checks: the test must fail */
  readonly pass: boolean;
}

const jobs: Job[] = [];
const safe = (id: string) => id.replace(/[^a-z0-9-]+/gi, '_');

/** The generated test in a folder of its own with the flow (or another variant's text under its name) and its services. */
function place(folder: string, r: Replayed, input: RegressionInput, flowText?: string, pass = true): void {
  const t = buildRegressionTest(input);
  const dir = path.join(TMP, input.flavour, folder);
  writeFiles(dir, { [t.fileName]: t.text, ...(t.traceFile ? { [t.traceFile.name]: t.traceFile.text } : {}) });
  writeFiles(dir, { [r.run.flowFile]: flowText ?? readText(path.join(r.run.dir, r.run.flowFile)) });
  for (const s of servicesOf(r.run.dir)) copyFileSync(path.join(r.run.dir, s), path.join(dir, s));
  const file = path.join(dir, t.fileName);
  jobs.push({ key: input.flavour === 'node' ? folder : path.relative(TMP, file).split(path.sep).join('/'), flavour: input.flavour, file, pass });
}

let node: { passed: Map<string, boolean>; output: string };
let vitest: { passed: Map<string, boolean>; output: string };

beforeAll(async () => {
  await installRuntime(TMP);
  for (const run of RUNS) {
    const r = await replayedOf(run.id);
    for (const flavour of FLAVOURS) for (const mode of MODES) place(`${safe(run.id)}-${mode}`, r, inputOf(r, flavour, mode));
  }
  const fixed = await replayedOf('checkout-zero-total/fixed');
  const original = readText(path.join(fixed.run.dir, 'flow.ts'));
  // Hostile title and a key named __proto__ (JSON.parse makes it an own property; a literal must too).
  const title = "it's a \"*/ `${process.exit(1)}` \\ trick\n// line two */\u2028";
  const protoRun = RUNS.find((r) => r.id === 'checkout-zero-total/fixed')!;
  const protoTrace = JSON.parse(readText(protoRun.traceFile).replace('"subtotal": 60,', '"subtotal": 60, "__proto__": {"polluted": true},')) as Record<string, unknown>;
  const proto = await replayed(protoRun, protoTrace);
  // An entry the recorder left out (a ReplayError at its step), and a context it left out (replayed
  // with one given, which the test must pass too).
  const recorded = readJson(protoRun.traceFile) as { context: unknown; trace: Record<string, unknown>[] };
  const noOutcome = { ...recorded, trace: recorded.trace.map((e, i) => (i === 1 ? { command: e.command, path: e.path, unrecorded: 'redact', durationMs: e.durationMs } : e)) };
  const { context: _dropped, ...noContext } = { ...recorded, unrecorded: { context: 'copy' } };
  const unrecordedEntry = await replayed(protoRun, noOutcome);
  const unrecordedContext = await replayed(protoRun, noContext);
  expect(unrecordedEntry.report.result).toMatchObject({ type: 'Failure', error: { name: 'ReplayError', message: expect.stringMatching(/^The trace holds no outcome for 'cmdValidatePromo'/) } });
  expect(unrecordedContext.context).toEqual(recorded.context);
  for (const flavour of FLAVOURS) {
    for (const mode of MODES) {
      place(`hostile-title-${mode}`, fixed, inputOf(fixed, flavour, mode, { title }));
      place(`proto-key-${mode}`, proto, inputOf(proto, flavour, mode, { assertPaths: [['cart', '__proto__', 'polluted'], ['receipt', 'status']] }));
      place(`unrecorded-entry-${mode}`, unrecordedEntry, inputOf(unrecordedEntry, flavour, mode));
      place(`unrecorded-context-${mode}`, unrecordedContext, inputOf(unrecordedContext, flavour, mode));
    }
    // Negative: the fixed flow's test against the unfixed flow, and the other way round.
    place('negative-fixed-on-original', fixed, inputOf(fixed, flavour, 'embed'), original, false);
    const baseline = await replayedOf('checkout-zero-total');
    place('negative-original-on-fixed', baseline, inputOf(baseline, flavour, 'embed'), readText(path.join(fixed.run.dir, 'fixed.ts')), false);
  }
  const nodeJobs = jobs.filter((j) => j.flavour === 'node').map((j) => ({ name: j.key, file: j.file }));
  [node, vitest] = await Promise.all([runNodeSuites(path.join(TMP, 'node'), nodeJobs), runVitest(TMP, 'vitest')]);
}, 300_000);

describe('every generated test runs against its flow and passes', () => {
  it('under node --test and under vitest, for every fixture case and variant × trace mode', () => {
    const wrong = jobs.filter((j) => (j.flavour === 'node' ? node : vitest).passed.get(j.key) !== j.pass).map((j) => `${j.flavour} ${j.key}`);
    expect(wrong, `${wrong.join('\n')}\n\n${node.output.slice(0, 20000)}\n${vitest.output.slice(0, 20000)}`).toEqual([]);
    // every run, plus the hostile title, the __proto__ key and the two unrecorded traces, each in both flavours and modes
    expect(jobs.filter((j) => j.pass)).toHaveLength((RUNS.length + 4) * FLAVOURS.length * MODES.length);
  });

  it('fails on an assertion, not on loading, when the flow is another variant', () => {
    expect(node.output).toMatch(/# Subtest: negative-fixed-on-original[\s\S]*?ERR_ASSERTION[\s\S]*?not ok \d+ - negative-fixed-on-original/);
    expect(node.output).toMatch(/# Subtest: negative-original-on-fixed[\s\S]*?ERR_ASSERTION[\s\S]*?not ok \d+ - negative-original-on-fixed/);
    const results = JSON.parse(readFileSync(path.join(TMP, 'vitest-results.json'), 'utf8')) as {
      testResults: { name: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
    };
    const negatives = results.testResults.filter((r) => r.name.includes('negative-'));
    expect(negatives).toHaveLength(2);
    for (const n of negatives) expect(n.assertionResults).toMatchObject([{ status: 'failed', failureMessages: [expect.stringMatching(/AssertionError: expected/)] }]);
  });
});
