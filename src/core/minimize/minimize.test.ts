// The minimizer on every shared fixture whose recording fails (new cases are picked up by
// themselves), on the real engine: the minimized incident still fails the same way, it is
// 1-minimal (checked from outside: without any one remaining field it does not), and it is
// deterministic. And the case the issue names: register-email-taken keeps only what the check reads.
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import { replayFlowSource } from '../source/runFlow';
import { fixtureRuns, type FixtureRun } from '../source/test-support/fixtures';
import { join, listDir, readJson, readText } from '../trace/test-support/files';
import { minimizeIncident } from './minimize';
import { applyParts, removableParts } from './parts';
import { sameSignature, signatureOf, type FailureSignature } from './sameFailure';

type Doc = Parameters<typeof applyParts>[0];

function replayer(run: FixtureRun) {
  const services = listDir(run.dir).filter((f) => /^services\.(ts|js)$/.test(f));
  const files = [{ name: run.flowFile, text: readText(join(run.dir, run.flowFile)) }, ...services.map((name) => ({ name, text: readText(join(run.dir, name)) }))];
  return async (trace: unknown): Promise<FailureSignature | undefined> => {
    const out = await replayFlowSource({ files, trace, steps: true }, effect, replayTrace);
    return out.kind === 'report' ? signatureOf(out.report) : undefined;
  };
}

/** The recorded runs (not variants) whose replay ends in a Failure of the flow's own (not a replay fault). */
const REPLAY_FAULT = /^(TimeParadox|ReplayError)$/;
const failing = fixtureRuns().filter((r) => {
  if (r.id.includes('/') || r.rejected) return false;
  const result = (readJson(r.replayFile) as { result?: { type?: string; error?: { name?: string } } }).result;
  return result?.type === 'Failure' && !REPLAY_FAULT.test(result.error?.name ?? '');
});

describe('minimize, on every fixture that fails', () => {
  it('there are failing fixtures to minimize', () => {
    expect(failing.map((r) => r.id)).toEqual(expect.arrayContaining(['checkout-zero-total', 'register-email-taken']));
  });

  for (const run of failing) {
    it(`${run.id}: still fails the same way, is 1-minimal and no larger, and the same twice`, async () => {
      const replay = replayer(run);
      const doc = readJson(run.traceFile) as Doc;
      const original = (await replay(doc))!;
      const m = await minimizeIncident(doc, original, replay, { budget: 2_000 });
      expect(m.stopped).toBeUndefined();
      expect(m.minimal).toBe(true);
      // Replayed afresh, the minimized incident fails the same way.
      const again = (await replay(m.trace))!;
      expect(sameSignature(original, again)).toEqual({ same: true });
      // 1-minimal from outside: without any one remaining field it fails another way.
      for (const part of removableParts(m.trace, [])) {
        const smaller = await replay(applyParts(m.trace, [part]));
        expect(smaller !== undefined && sameSignature(original, smaller).same, `still fails without ${JSON.stringify(part)}`).toBe(false);
      }
      expect(m.manifest.fields.after).toBeLessThanOrEqual(m.manifest.fields.before);
      expect(m.manifest.answerFields.after).toBeLessThanOrEqual(m.manifest.answerFields.before);
      expect(m.trace.trace!.length).toBeLessThanOrEqual(doc.trace!.length);
      const twice = await minimizeIncident(doc, original, replay, { budget: 2_000 });
      expect(twice.trace).toEqual(m.trace);
      expect(twice.replays).toBe(m.replays);
    });
  }

  it('register-email-taken keeps only the email, as the flow reads it, and says what it removed', async () => {
    const run = failing.find((r) => r.id === 'register-email-taken')!;
    const replay = replayer(run);
    const doc = readJson(run.traceFile) as Doc;
    const m = await minimizeIncident(doc, (await replay(doc))!, replay, { budget: 2_000 });
    expect(Object.keys(m.trace.initialInput as object)).toContain('email');
    expect(m.manifest.fields.after).toBeLessThan(m.manifest.fields.before);
    expect(m.manifest.text).toMatch(/^kept \d+ of \d+ fields, \d+ of \d+ answers' fields, 1 of 1 entries/);
  });

  it('refuses an incident whose replay ends in a replay fault, saying why', async () => {
    const run = fixtureRuns().find((r) => r.id === 'capped-batch')!;
    const replay = replayer(run);
    const doc = readJson(run.traceFile) as Doc;
    await expect(minimizeIncident(doc, (await replay(doc))!, replay, { budget: 100 })).rejects.toThrow(/cannot be minimized: .*ReplayError/);
  });

  it('stops at its replay budget with a smaller incident that still fails, and says it is not proven minimal', async () => {
    const run = failing.find((r) => r.id === 'checkout-zero-total')!;
    const replay = replayer(run);
    const doc = readJson(run.traceFile) as Doc;
    const original = (await replay(doc))!;
    const m = await minimizeIncident(doc, original, replay, { budget: 4 });
    expect(m.stopped).toBe('budget');
    expect(m.minimal).toBe(false);
    expect(m.replays).toBeLessThanOrEqual(5);
    expect(sameSignature(original, (await replay(m.trace))!)).toEqual({ same: true });
  });
});
