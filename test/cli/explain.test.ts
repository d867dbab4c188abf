// `timescope explain` end to end, on the real binary, for every shared fixture case: the step that
// explains the Failure and what it received must be the library's own answer (expected/provenance.json,
// observed while pure-effect ran), and the recording alone must say no more than it knows.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureRuns } from '../../src/core/source/test-support/fixtures';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/timescope.mjs');

function timescope(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

interface Explained {
  flow: string;
  outcome: { type: string; error?: string };
  explains?: { step: number; command: string; path?: string; threw: boolean; hasReceived: boolean; received?: unknown; why?: string; location?: { file: string; line: number } };
  notable: { step: number; text: string }[];
  unreached: string[];
  source: 'replay' | 'recording';
}

interface Provenance {
  replay: { result: string };
  steps: { entryIndex: number; command: string; received?: { value: unknown } }[];
}

const cases = fixtureRuns().filter((r) => !r.id.includes('/') && !r.rejected);

// Each case spawns two CLI processes, some replaying thousands of steps: more than the default 20 s on a busy machine.
describe.concurrent('timescope explain, every fixture case', { timeout: 60_000 }, () => {
  it.each(cases.map((r) => [r.id, r] as const))('%s', async (_id, run) => {
    const flow = path.join(run.dir, run.flowFile);
    const provenance = JSON.parse(readFileSync(path.join(run.dir, 'expected/provenance.json'), 'utf8')) as Provenance;
    const out = await timescope(['explain', run.traceFile, flow, '--json', '--timeout', '60']);
    expect(out.code).toBe(0);
    const e = JSON.parse(out.stdout) as Explained;
    expect(e.source).toBe('replay');
    // A replay that stops with a fault (a capped recording) proves no outcome of production's.
    if (e.outcome.type !== 'unknown') expect(e.outcome.type).toBe(provenance.replay.result);
    else expect(JSON.parse(readFileSync(run.traceFile, 'utf8')).dropped).toBeGreaterThan(0);
    if (provenance.replay.result === 'Failure' && e.explains) {
      // What the failing step received is what the library's builder was called with.
      const asked = provenance.steps.find((s) => s.entryIndex === e.explains!.step - 1);
      expect(asked?.command).toBe(e.explains.command);
      if (asked?.received) expect(e.explains.received).toEqual(asked.received.value);
      // The line that built it is in the flow, and names the Command (or the builder that makes it).
      if (e.explains.location) expect(readFileSync(flow, 'utf8').split('\n')[e.explains.location.line - 1]).toBeTruthy();
    }
    if (provenance.replay.result === 'Success') expect(e.explains).toBeUndefined();
    // The recording alone says what it knows and no more: no received value without a replay.
    const alone = JSON.parse((await timescope(['explain', run.traceFile, '--json'])).stdout) as Explained;
    expect(alone.source).toBe('recording');
    expect(alone.explains?.hasReceived ?? false).toBe(false);
  });
});

describe.concurrent('timescope explain, as text', { timeout: 60_000 }, () => {
  const checkout = fixtureRuns().find((r) => r.id === 'checkout-zero-total')!;
  const flow = path.join(checkout.dir, checkout.flowFile);

  it('prints what failed, where in the code, and why', async () => {
    const out = await timescope(['explain', checkout.traceFile, flow, '--timeout', '60']);
    expect(out.code).toBe(0);
    const lines = out.stdout.split('\n');
    expect(lines[0]).toBe('checkout @ build 9f2c1ab · 3 recorded steps · 1 threw · ✗ Failure: Error: Amount must be non-zero.');
    expect(lines[2]).toBe('What failed: Step 3: cmdChargeCard (path 2) threw Error: Amount must be non-zero.');
    const built = /^ {2}built at (.+):(\d+)$/.exec(lines[3]!);
    expect(built?.[1]).toBe(flow);
    expect(readFileSync(flow, 'utf8').split('\n')[Number(built?.[2]) - 1]).toMatch(/cmdChargeCard/);
    expect(lines[4]).toBe('  changed on the way here, by cmdValidatePromo: percentOff: 100, total: 0');
    expect(lines[5]).toMatch(/^ {2}It received \{"orderId":"ord_7Hq2",/);
  });

  it('--step N gives one step, and a step that is not there is exit 2', async () => {
    const out = await timescope(['explain', checkout.traceFile, flow, '--step', '2', '--timeout', '60']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Step 2: cmdValidatePromo \(path 1\) returned in [\d.]+ ?m?s\n {2}Returned: \{/);
    expect(out.stdout).toContain('  changed on the way here, by cmdFetchCart: cart: {"orderId":"ord_7Hq2"');
    const missing = await timescope(['explain', checkout.traceFile, '--step', '9']);
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'timescope: there is no step 9: the recording holds 3 (numbered from 1)\n' });
    const bad = await timescope(['explain', checkout.traceFile, '--step', 'two']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--step takes a step number from 1, as the app numbers steps, got 'two'");
  });

  it('a Retry that fell back names its tries and its fallback', async () => {
    const fallback = fixtureRuns().find((r) => r.id === 'price-retry-fallback')!;
    const out = await timescope(['explain', fallback.traceFile, path.join(fallback.dir, fallback.flowFile), '--timeout', '60']);
    expect(out.stdout).toContain('Also worth a look:');
    expect(out.stdout).toMatch(/Step 2 \(path 1r0\/0\): try 1 of the Retry at 1: fetchLivePrice threw TimeoutError/);
    expect(out.stdout).toMatch(/Step 5 \(path 1rf\/0\): the Retry at 1 gave up and its fallback ran: readCachedPrice returned/);
  });
});
