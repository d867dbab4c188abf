// `timescope export-test` end to end: the real binary writes a regression test into a project of
// its own (the flow's files copied in, 'pure-effect' a build of our runtime), and that test then
// runs and passes under node --test (and vitest); plus the usage errors, each exit 2 saying what.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRuntime, nodeTestArgs, runProcess, runVitest } from '../../src/core/export/test-support/generatedTests';
import { buildCapsule } from '../../src/core/share/capsule';
import { encryptCapsule } from '../../src/core/share/encrypted';
import type { IncidentPayload } from '../../src/core/share/payload';
import { fixtureRuns } from '../../src/core/source/test-support/fixtures';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/timescope.mjs');
const PROJECT = mkdtempSync(path.join(tmpdir(), 'timescope-export-test-'));
afterAll(() => rmSync(PROJECT, { recursive: true, force: true }));

const timescope = (args: readonly string[]) => runProcess([BIN, ...args], PROJECT);
const read = (file: string) => readFileSync(path.join(PROJECT, file), 'utf8');

const checkout = fixtureRuns().find((r) => r.id === 'checkout-zero-total')!;
const tenant = fixtureRuns().find((r) => r.id === 'tenant-ask/other-tenant')!;
const TITLE = 'A 100% promo checks out without a charge';

/** Copies `files` of a fixture folder into `to` inside the project. */
function copy(from: string, to: string, files: readonly string[]): void {
  mkdirSync(path.join(PROJECT, to), { recursive: true });
  for (const f of files) copyFileSync(path.join(from, f), path.join(PROJECT, to, f));
}

beforeAll(async () => {
  await installRuntime(PROJECT);
  copy(checkout.dir, 'src', ['flow.ts', 'fixed.ts', 'services.ts']);
  copy(path.join(checkout.dir, 'expected'), 'incident', ['trace.json']);
  copy(tenant.dir, 'tenant', ['flow.ts', 'services.ts']);
  copy(path.join(tenant.dir, 'expected'), 'tenant', ['trace.json']);
  writeFileSync(path.join(PROJECT, 'tenant/context.json'), JSON.stringify(tenant.context));
  const incident: IncidentPayload = {
    v: 1,
    trace: JSON.parse(read('incident/trace.json')) as IncidentPayload['trace'],
    sources: [{ name: 'flow.ts', text: read('src/flow.ts') }],
    edits: { 'flow.ts': read('src/fixed.ts') },
    notes: { title: 'Zero-total checkout, from the capsule' }
  };
  const zip = buildCapsule(incident);
  writeFileSync(path.join(PROJECT, 'incident/incident.zip'), zip);
  const sealed = await encryptCapsule(zip);
  writeFileSync(path.join(PROJECT, 'incident/incident.capsule.enc'), sealed.bytes);
  writeFileSync(path.join(PROJECT, 'incident/key.txt'), sealed.key);
}, 60_000);

describe('timescope export-test writes a test that passes', () => {
  it('for the fixed checkout: --out writes it, and node --test runs it green', async () => {
    const out = await timescope(['export-test', 'incident/trace.json', 'src/fixed.ts', '--out', 'test/checkout.test.ts', '--title', TITLE]);
    expect(out).toEqual({ code: 0, stdout: '', stderr: 'timescope: wrote test/checkout.test.ts: the replay succeeds, cmdChargeCard never reached\n' });
    const text = read('test/checkout.test.ts');
    expect(text).toContain('import { checkoutFlow } from "../src/fixed.ts";');
    expect(text).toContain('it("incident A 100% promo checks out without a charge: succeeds, cmdChargeCard never reached", async () => {');
    expect(text).toContain('  assert.equal(result.value.receipt.status, "waived");\n  assert.deepEqual(unreached.map((e) => e.command), ["cmdChargeCard"]);\n');
    const run = await runProcess(nodeTestArgs(['test/checkout.test.ts']), PROJECT);
    expect(run.stdout, run.stdout + run.stderr).toMatch(/^# pass 1$/m);
    expect(run.code).toBe(0);
  });

  it('with --trace-beside and --vitest: the trace next to it, and vitest runs it green', async () => {
    const out = await timescope(['export-test', 'incident/trace.json', 'src/fixed.ts', '--vitest', '--trace-beside', '--out', 'vt/zero.test.ts']);
    expect(out).toMatchObject({ code: 0, stderr: 'timescope: wrote vt/zero.test.ts and vt/zero.trace.json: the replay succeeds, cmdChargeCard never reached\n' });
    expect(JSON.parse(read('vt/zero.trace.json'))).toEqual(JSON.parse(read('incident/trace.json')));
    expect(read('vt/zero.test.ts')).toContain('const trace = JSON.parse(readFileSync(new URL("./zero.trace.json", import.meta.url), "utf8"));');
    // No title given: the trace's flowName names the incident.
    expect(read('vt/zero.test.ts')).toContain('it("incident checkout: succeeds, cmdChargeCard never reached", async () => {');
    const run = await runVitest(PROJECT, 'vt');
    expect(run.passed.get('vt/zero.test.ts'), run.output).toBe(true);
  });

  it('prints it without --out (importing from the current folder), with the --assert values instead of the default ones', async () => {
    const out = await timescope(['export-test', 'incident/trace.json', 'src/fixed.ts', '--assert', 'receipt.status', '--assert', 'cart.items[1].sku']);
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain('import { checkoutFlow } from "./src/fixed.ts";');
    expect(out.stdout).toContain('  assert.equal(result.value.receipt.status, "waived");\n  assert.equal(result.value.cart.items[1].sku, "TEE-L");\n');
    expect(out.stdout).not.toContain('receipt.amount');
  });

  it('for the failing flow, for --context, and for a capsule’s edited sources (named by its title): all pass', async () => {
    const failing = await timescope(['export-test', 'incident/trace.json', 'src/flow.ts', '--out', 'test/failing.test.ts']);
    expect(failing).toMatchObject({ code: 0, stderr: 'timescope: wrote test/failing.test.ts: the replay fails with Error: Amount must be non-zero.\n' });
    expect(read('test/failing.test.ts')).toContain('  assert.equal(result.error.name, "Error");\n  assert.equal(result.error.message, "Amount must be non-zero.");\n  assert.equal(result.error.code, "invalid_amount");\n');
    const context = await timescope(['export-test', 'tenant/trace.json', 'tenant/flow.ts', '--context', 'tenant/context.json', '--out', 'tenant/tenant.test.ts']);
    expect(context.code, context.stderr).toBe(0);
    expect(read('tenant/tenant.test.ts')).toContain('await replayEffect(listInvoicesFlow(trace.initialInput), trace, { context });');
    const capsule = await timescope(['export-test', 'incident/incident.zip', '--edited', '--import-path', '../src/fixed.ts', '--out', 'test/capsule.test.ts']);
    expect(capsule).toMatchObject({ code: 0, stderr: 'timescope: wrote test/capsule.test.ts: the replay succeeds, cmdChargeCard never reached\n' });
    expect(read('test/capsule.test.ts')).toContain('it("incident Zero-total checkout, from the capsule: succeeds, cmdChargeCard never reached", async () => {');
    const run = await runProcess(nodeTestArgs(['test/failing.test.ts', 'tenant/tenant.test.ts', 'test/capsule.test.ts']), PROJECT);
    expect(run.stdout, run.stdout + run.stderr).toMatch(/^# pass 3$/m);
    expect(run.code).toBe(0);
  });

  it('opens an encrypted capsule with --key, as replay does', async () => {
    const out = await timescope(['export-test', 'incident/incident.capsule.enc', 'src/fixed.ts', '--key', read('incident/key.txt')]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('it("incident Zero-total checkout, from the capsule: succeeds, cmdChargeCard never reached", async () => {');
  });
});

describe.concurrent('timescope export-test usage errors (exit 2)', () => {
  const cases: [string, string[], RegExp][] = [
    ['no flow file for a JSON trace', ['incident/trace.json'], /^timescope: missing <flow\.ts\|js>: give the file that exports the flow\n\nUsage: timescope export-test /],
    ['no trace', [], /^timescope: missing <trace\.json>\n\nUsage: timescope export-test /],
    ['--trace-beside without --out', ['incident/trace.json', 'src/fixed.ts', '--trace-beside'], /^timescope: --trace-beside writes <name>\.trace\.json next to the test, so it needs --out FILE\n/],
    ['an unknown option', ['incident/trace.json', 'src/fixed.ts', '--jest'], /^timescope: unknown option '--jest'\n\nUsage: timescope export-test /],
    ['an --assert that is not a path', ['incident/trace.json', 'src/fixed.ts', '--assert', 'receipt-status'], /^timescope: --assert 'receipt-status' is not a path to a value: write the key "receipt-status" as \["receipt-status"\]\n/],
    [
      'an --assert the result has no value for',
      ['incident/trace.json', 'src/fixed.ts', '--assert', 'receipt.waived'],
      /^timescope: --assert receipt\.waived: the replay ended in Success, and its value has nothing there; its values are orderId, customerId, promoCode, cart\.orderId, /
    ],
    ['a capsule without a flow file or --import-path', ['incident/incident.zip'], /^timescope: the test imports the flow from your checkout, which 'incident\/incident\.zip' does not say where to find: give the flow's file after it, or --import-path PATH\n$/],
    ['--edited with source files', ['incident/incident.zip', '--edited', 'src/fixed.ts'], /^timescope: --edited replays the edited sources inside a capsule/],
    ['an --out it cannot write', ['incident/trace.json', 'src/fixed.ts', '--out', 'incident/trace.json/x.test.ts'], /^timescope: cannot write 'incident\/trace\.json\/x\.test\.ts': /]
  ];
  it.each(cases)('%s', async (_, args, stderr) => {
    const out = await timescope(['export-test', ...args]);
    expect(out.stderr).toMatch(stderr);
    expect(out).toMatchObject({ code: 2, stdout: '' });
  });

  it('a replay that stops without a result: nothing to assert', async () => {
    writeFileSync(path.join(PROJECT, 'malformed.json'), '{"flowName": "checkout", "initialInput": {}, "trace": [5]}');
    const out = await timescope(['export-test', 'malformed.json', 'src/fixed.ts']);
    expect(out).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "timescope: no test written, as there is no result to assert: the replay stopped with ReplayError: timeTravel's trace entry 0 is the number 5; an entry is an object with a string command.\n"
    });
  });

  it('prints its usage for --help, and the top usage lists it', async () => {
    expect(await timescope(['export-test', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: timescope export-test <trace\.json> <flow\.ts\|js>/) });
    expect((await timescope(['--help'])).stdout).toContain('export-test <trace.json|capsule> <flow.ts|js> [--out FILE]');
  });
});
