// `timescope minimize` end to end, on the real binary, for every shared fixture whose recording
// fails of its own (new cases are picked up by themselves): the minimized trace still fails the same
// way when replayed by the CLI, is 1-minimal (each remaining field taken away once more, replayed by
// the CLI, no longer fails the same way), and the regression test exported from it passes under
// node --test. Plus the refusals and the budget, each saying what.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRuntime, nodeTestArgs, runProcess } from '../../src/core/export/test-support/generatedTests';
import { applyParts, removableParts } from '../../src/core/minimize/parts';
import { fixtureRuns } from '../../src/core/source/test-support/fixtures';
import { runTimescope } from './support/timescope';
import { Command, Failure, Success, recordEffect } from '../../src/core/effect/index';

const PROJECT = mkdtempSync(path.join(tmpdir(), 'timescope-minimize-'));
afterAll(() => rmSync(PROJECT, { recursive: true, force: true }));
const timescope = (args: readonly string[]) => runTimescope(args, PROJECT);

const REPLAY_FAULT = /^(TimeParadox|ReplayError)$/;
const failing = fixtureRuns().filter((r) => {
  if (r.id.includes('/') || r.rejected) return false;
  const result = (JSON.parse(readFileSync(r.replayFile, 'utf8')) as { result?: { type?: string; error?: { name?: string } } }).result;
  return result?.type === 'Failure' && !REPLAY_FAULT.test(result.error?.name ?? '');
});

/** The fixture's flow and pure files copied into the project under `name/`, as the CLI is given them. */
function copyCase(run: (typeof failing)[number]): string[] {
  const dir = path.join(PROJECT, run.id);
  mkdirSync(dir, { recursive: true });
  const files = readdirSync(run.dir).filter((f) => /^(flow|services)\.(ts|js)$/.test(f)).sort((a) => (a.startsWith('flow') ? -1 : 1));
  for (const f of files) copyFileSync(path.join(run.dir, f), path.join(dir, f));
  copyFileSync(run.traceFile, path.join(dir, 'trace.json'));
  return files.map((f) => `${run.id}/${f}`);
}

/** The CLI's --json verdict line for a trace: what the outcome was and whether it reproduced. */
async function replayJson(trace: string, files: readonly string[]) {
  const r = await timescope(['replay', trace, ...files, '--json']);
  return { code: r.code, json: JSON.parse(r.stdout) as { result?: unknown; unreached?: unknown[]; fault?: unknown } };
}

beforeAll(async () => {
  await installRuntime(PROJECT);
}, 60_000);

describe('timescope minimize, on every fixture that fails', () => {
  it('finds the failing fixtures', () => {
    expect(failing.map((r) => r.id)).toEqual(expect.arrayContaining(['checkout-zero-total', 'register-email-taken']));
  });

  for (const run of failing) {
    it(`${run.id}: fails the same way, 1-minimal, and its regression test passes`, async () => {
      const files = copyCase(run);
      const out = await timescope(['minimize', `${run.id}/trace.json`, ...files, '--out', `${run.id}/min`, '--json']);
      expect(out.code, out.stderr).toBe(0);
      const summary = JSON.parse(out.stdout) as { minimal: boolean; replays: number; kept: string };
      expect(summary.minimal).toBe(true);
      expect(summary.kept).toMatch(/^kept \d+ of \d+ fields/);
      const minTrace = `${run.id}/min/trace.min.json`;

      // Replayed by the CLI: the same outcome and error as the whole incident's replay.
      const whole = await replayJson(`${run.id}/trace.json`, files);
      const min = await replayJson(minTrace, files);
      expect(min.code).toBe(whole.code);
      expect(min.json.result).toEqual(whole.json.result);
      expect(min.json.fault).toBeUndefined();

      // The capsule beside it carries the minimized incident and its sources: replayed alone, the same outcome.
      const capsule = await timescope(['replay', `${run.id}/min/incident.min.zip`, '--json']);
      expect(capsule.code, capsule.stderr).toBe(whole.code);
      expect((JSON.parse(capsule.stdout) as { result?: unknown }).result).toEqual(whole.json.result);
      const { unzipSync, strFromU8 } = await import('fflate');
      const zipped = unzipSync(readFileSync(path.join(PROJECT, run.id, 'min/incident.min.zip')));
      expect(JSON.parse(strFromU8(zipped['manifest.json']!)).minimized).toEqual({ kept: summary.kept, minimal: true, replays: summary.replays });
      expect(strFromU8(zipped['README.md']!)).toContain(`Minimized by delta debugging: ${summary.kept}`);

      // 1-minimal: without any one remaining field, the CLI's replay ends otherwise. The replays are
      // separate processes, so they run side by side (each waits mostly on its own start-up).
      const doc = JSON.parse(readFileSync(path.join(PROJECT, minTrace), 'utf8')) as Parameters<typeof applyParts>[0];
      const parts = removableParts(doc, []);
      const replays = await Promise.all(
        parts.map((part, i) => {
          const smaller = path.join(PROJECT, run.id, `smaller-${i}.json`);
          writeFileSync(smaller, JSON.stringify(applyParts(doc, [part])));
          return replayJson(smaller, files);
        })
      );
      replays.forEach((r, i) => {
        const same = r.code === whole.code && JSON.stringify(r.json.result) === JSON.stringify(min.json.result) && r.json.fault === undefined && JSON.stringify(r.json.unreached) === JSON.stringify(min.json.unreached);
        expect(same, `still fails the same way without ${JSON.stringify(parts[i])}`).toBe(false);
      });

      // The regression test exported from the minimized incident passes.
      const test = await timescope(['export-test', minTrace, ...files, '--out', `${run.id}/min.test.ts`]);
      expect(test.code, test.stderr).toBe(0);
      const ran = await runProcess(nodeTestArgs([`${run.id}/min.test.ts`]), PROJECT);
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    }, 120_000);
  }
});

describe('timescope minimize says what it cannot do', () => {
  it('an incident whose replay ends in a replay fault is refused, exit 2, saying why', async () => {
    const capped = fixtureRuns().find((r) => r.id === 'capped-batch')!;
    const files = copyCase(capped as (typeof failing)[number]);
    const r = await timescope(['minimize', 'capped-batch/trace.json', ...files]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^timescope: this incident cannot be minimized: .*ReplayError/);
  });

  it('a budget too small for minimality writes the smaller incident, exit 1, and says so', async () => {
    const checkout = failing.find((r) => r.id === 'checkout-zero-total')!;
    const files = copyCase(checkout);
    const r = await timescope(['minimize', 'checkout-zero-total/trace.json', ...files, '--budget', '2', '--out', 'checkout-zero-total/budget']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('not proven minimal: stopped at the budget of 2 replays (--budget N for more)');
    expect(JSON.parse(readFileSync(path.join(PROJECT, 'checkout-zero-total/budget/trace.min.json'), 'utf8'))).toHaveProperty('trace');
  });

  it('usage errors name the option and exit 2', async () => {
    expect(await timescope(['minimize', 'x.json', 'flow.ts', '--budget', 'lots'])).toMatchObject({ code: 2, stderr: expect.stringContaining("--budget takes a number of replays from 1, got 'lots'") });
    expect(await timescope(['minimize'])).toMatchObject({ code: 2, stderr: expect.stringContaining('missing <trace.json>') });
    expect((await timescope(['minimize', '--help'])).stdout).toContain('Usage: timescope minimize');
  });

  it('a candidate that loops or hoards memory is stopped at the limits and counted "not the same failure"; the rest goes on', async () => {
    // Without `mode` the flow loops forever, without `size` it allocates without bound: both fields are
    // kept, and only because the sandbox stops those candidates. Recorded with our runtime.
    const flow = `import { Command, Success, Failure } from 'pure-effect';
export const hostile = (input) => {
  if (input.mode === undefined) for (;;) {}
  if (input.size === undefined) { const hoard = []; for (;;) hoard.push(new Array(1e6).fill(input)); }
  const cmdCheck = () => ({ ok: false });
  return Command(cmdCheck, (r) => (r.ok ? Success(1) : Failure(new Error('not ok: ' + input.mode))));
};
`;
    const input = { mode: 'strict', size: 3, extra: 'x', nested: { a: 1, b: [1, 2] } };
    const cmdCheck = () => ({ ok: false });
    const hostile = (i: typeof input) => Command(cmdCheck, (r: { ok: boolean }) => (r.ok ? Success(1) : Failure(new Error(`not ok: ${i.mode}`))));
    const { trace } = await recordEffect(hostile as never, input, { context: { flowName: 'hostile' } });
    mkdirSync(path.join(PROJECT, 'hostile'), { recursive: true });
    writeFileSync(path.join(PROJECT, 'hostile/flow.js'), flow);
    writeFileSync(path.join(PROJECT, 'hostile/trace.json'), JSON.stringify(trace));
    const r = await timescope(['minimize', 'hostile/trace.json', 'hostile/flow.js', '--json', '--out', 'hostile/min', '--timeout', '0.6', '--max-memory', '96']);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { minimal: boolean; kept: string };
    expect(summary.minimal).toBe(true);
    const min = JSON.parse(readFileSync(path.join(PROJECT, 'hostile/min/trace.min.json'), 'utf8')) as { initialInput: Record<string, unknown> };
    expect(Object.keys(min.initialInput).sort()).toEqual(['mode', 'size']);
    expect(min.initialInput.mode).toBe('strict');
  }, 60_000);
});
