// `timescope replay … --override` and `--override-file`, end to end: the built CLI spawned as a
// person runs it, on the shared checkout and split-shipment recordings.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../src/core/trace/test-support/files';
import { buildCapsule } from '../../src/core/share/capsule';
import type { IncidentPayload } from '../../src/core/share/payload';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/timescope.mjs');
const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-whatif-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const CHECKOUT = path.join(FIXTURES, 'checkout-zero-total');
const TRACE = path.join(CHECKOUT, 'expected', 'trace.json');
const FLOW = path.join(CHECKOUT, 'flow.ts');
const SHIPMENT = path.join(FIXTURES, 'stock-parallel-cancelled');
const RECEIPT = { chargeId: 'ch_whatif', amount: 0, status: 'succeeded' };

function timescope(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const tempFile = (name: string, text: string | Uint8Array) => {
  const file = path.join(TMP, name);
  writeFileSync(file, text);
  return file;
};

describe.concurrent('timescope replay --override', () => {
  it('a receipt for cmdChargeCard turns the checkout incident into a Success (exit 0), and says what changed', async () => {
    const out = await timescope(['replay', TRACE, FLOW, '--override', `2=${JSON.stringify(RECEIPT)}`, '--json']);
    expect(out.code).toBe(0);
    const json = JSON.parse(out.stdout) as { verdict: string; verdictText: string; result: { type: string; value: { receipt: unknown } }; whatIf: { changed: number } };
    // Against the recording as it was: production's Failure, had cmdChargeCard answered so, ends in Success.
    expect(json.verdict).toBe('fixed');
    expect(json.verdictText).toBe('what-if (1 step answered otherwise): fixed — the recorded Failure now ends in Success.');
    expect(json.result.value.receipt).toEqual(RECEIPT);
    expect(json.whatIf.changed).toBe(1);
    expect(out.stderr).toBe('timescope: what-if: 1 step changed: cmdChargeCard (path 2) returns {"chargeId":"ch_whatif","amount":0,"status":"succeeded"}\n');
    // The trace file is read, never written.
    expect(JSON.parse(readFileSync(TRACE, 'utf8')).trace[2].threw).toBe(true);
    // Without the override, the same command reproduces the Failure.
    expect((await timescope(['replay', TRACE, FLOW, '--json'])).code).toBe(1);
  });

  it('throw: makes a step throw, and the narration shows the error', async () => {
    const out = await timescope(['replay', TRACE, FLOW, '--override', '0=throw:{"name":"DbError","message":"Cart store down.","code":503}']);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('Step 1: cmdFetchCart threw');
    expect(out.stdout).toContain('Cart store down.');
    expect(out.stdout).toContain('Replay finished with state: Failure');
  });

  it('cancelled: sets which branch of a Parallel cancelled, and --override repeats', async () => {
    const trace = path.join(SHIPMENT, 'expected', 'trace.json');
    const flow = path.join(SHIPMENT, 'flow.ts');
    const out = await timescope(['replay', trace, flow, '--override', '0p=cancelled:0', '--json']);
    // branch 0 is the trigger now: it runs on to a step production never recorded
    expect(JSON.parse(out.stdout)).toMatchObject({ verdict: 'missing-step' });
    const both = await timescope(['replay', trace, flow, '--override', '0p=cancelled:none', '--override', '0p1/0={"holdId":"hold_W"}', '--json']);
    expect(both.stderr).toContain('what-if: 2 steps changed');
    expect(JSON.parse(both.stdout)).toMatchObject({ verdict: 'missing-step', whatIf: { changed: 2 } });
  });

  it('--override-file reads an array of overrides; a bad entry is named with its file', async () => {
    const good = tempFile('overrides.json', JSON.stringify([{ at: '2', kind: 'result', value: RECEIPT }]));
    expect((await timescope(['replay', TRACE, FLOW, '--override-file', good])).code).toBe(0);
    const bad = tempFile('bad.json', JSON.stringify([{ at: '2', kind: 'result', value: 1 }, { at: '1', kind: 'throw', error: { message: 'no name' } }]));
    const out = await timescope(['replay', TRACE, FLOW, '--override-file', bad]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^timescope: override file '.*bad\.json': entry 1 \(error\.name\): /);
    const notArray = tempFile('obj.json', '{"at":"2"}');
    expect((await timescope(['replay', TRACE, FLOW, '--override-file', notArray])).stderr).toContain('must hold a JSON array');
  });

  it('refuses overrides that do not parse or do not fit the trace (exit 2)', async () => {
    const notJson = await timescope(['replay', TRACE, FLOW, '--override', '2={oops}']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toBe("timescope: --override 2: the result is not JSON (line 1, column 2: expected a double-quoted property name, got 'o')\n");
    const noStep = await timescope(['replay', TRACE, FLOW, '--override', '9=1']);
    expect(noStep.code).toBe(2);
    expect(noStep.stderr).toBe("timescope: the what-if does not fit the trace: no step at path '9' in the trace\n");
    const notDecision = await timescope(['replay', TRACE, FLOW, '--override', '2=cancelled:0']);
    expect(notDecision.stderr).toContain('is not a Parallel decision');
  });

  it("a capsule's overrides.json applies by itself", async () => {
    const payload: IncidentPayload = {
      v: 1,
      trace: JSON.parse(readFileSync(TRACE, 'utf8')) as IncidentPayload['trace'],
      sources: [{ name: 'flow.ts', text: readFileSync(FLOW, 'utf8') }],
      overrides: [{ at: '2', kind: 'result', value: RECEIPT }]
    };
    const capsule = tempFile('whatif.zip', buildCapsule(payload));
    const out = await timescope(['replay', capsule, '--json']);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('what-if: 1 step changed');
  });
});
