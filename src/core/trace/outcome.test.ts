// What the recording alone proves about how a run ended (outcome.ts).
import { describe, expect, test } from 'vitest';
import { buildModel } from './parse';

const ok = (command: string, path: string | undefined, result: unknown = 1, durationMs = 1) => ({
  command,
  ...(path === undefined ? {} : { path }),
  result,
  durationMs
});
const fail = (command: string, path: string, error: unknown = { __error: true, name: 'Error', message: `${command} failed` }) => ({
  command,
  path,
  threw: true,
  error,
  durationMs: 1
});

describe('recorded outcome', () => {
  const decision = (path: string, result: unknown) => ({ command: 'Parallel', path, result, durationMs: 1 });

  test('a Retry fallback that threw ends the run with its error', () => {
    const err = { __error: true, name: 'Error', message: 'cache down' };
    const m = buildModel({ trace: [fail('live', '0r0/0'), fail('cache', '0rf/0', err)] });
    expect(m.outcome).toEqual({ known: true, type: 'Failure', error: err, stepIndex: 1 });
  });

  test('a Retry without fallback whose last attempt threw: the wrapper is not recorded, and its last try explains it', () => {
    const m = buildModel({ trace: [fail('live', '0r0/0'), fail('live', '0r1/0')] });
    expect(m.outcome).toEqual({
      known: false,
      reason:
        "the flow's last recorded step is a Retry without a fallback whose last attempt failed: an exhausted Retry fails with a wrapper ({retryExhausted, lastError, attempts}) that the trace does not record; replay the flow to see it",
      stepIndex: 1
    });
  });

  test('a cancelled Parallel inside a fallback: follow the trigger branch', () => {
    const m = buildModel({
      trace: [
        fail('live', '0r0/0'),
        ok('slow', '0rf/0p0/0'),
        fail('boom', '0rf/0p1/0', 'stopped'),
        decision('0rf/0p', { cancelled: true, branch: 1, branches: 2 })
      ]
    });
    expect(m.outcome).toEqual({ known: true, type: 'Failure', error: 'stopped', stepIndex: 2 });
  });

  test('a Parallel cancelled by a branch with no entries (a veto) is unknown', () => {
    const m = buildModel({ trace: [ok('a', '0p0/0'), decision('0p', { cancelled: true, branch: 1, branches: 2 })] });
    expect(m.outcome).toEqual({
      known: false,
      reason: "branch 1 of the Parallel at '0p', which cancelled it, recorded no steps, so the trace does not show how it ended; replay the flow to see it"
    });
  });

  test('a Parallel whose decision is missing is unknown', () => {
    const m = buildModel({ trace: [fail('a', '0p0/0')] });
    expect(m.outcome).toEqual({
      known: false,
      reason: "the Parallel at '0p' has no decision entry, so the trace does not show how it ended; replay the flow to see it"
    });
  });

  test('a root step that threw before later steps does not count: only the last one does', () => {
    expect(buildModel({ trace: [fail('a', '0'), ok('b', '1')] }).outcome.known).toBe(false);
  });

  test('position mode: a last entry that threw inside a Retry is unknown', () => {
    const m = buildModel({ trace: [ok('a', undefined), fail('b', '1r0/0')] });
    expect(m.outcome).toEqual({
      known: false,
      reason: 'the last entry threw inside a Retry or Parallel, and this trace has too few paths to show how that ended; replay the flow to see it'
    });
  });
});
