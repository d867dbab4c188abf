// The shared fixtures are real recordings made by the library: each must load,
// with the entry count its case.json promises, and the indexes must agree with
// the raw entries read independently here.
import { statSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { RecordedModel } from './model';
import { buildModel, parseTraceBytes, summarize } from './parse';
import { exists, FIXTURES, join, listDir, readBytes, readJson } from './test-support/files';
import { readRatio } from './test-support/readCount';

interface Case {
  readonly expect: { readonly type: 'Success' | 'Failure'; readonly entries: number; readonly errorMessage?: string; readonly errorName?: string };
}
type RawEntry = Record<string, unknown>;

const dirs = listDir(FIXTURES).filter((d) => exists(join(FIXTURES, d, 'case.json')));

function load(dir: string, file = 'expected/trace.json'): RecordedModel {
  const result = parseTraceBytes(readBytes(join(FIXTURES, dir, file)), file);
  if (result.kind !== 'trace') throw new Error(`${dir}/${file}: ${JSON.stringify(result)}`);
  return result.model;
}
const rawEntries = (dir: string, file = 'expected/trace.json') => (readJson(join(FIXTURES, dir, file)) as { trace: RawEntry[] }).trace;
const caseOf = (dir: string) => readJson(join(FIXTURES, dir, 'case.json')) as Case;

// The cases are whatever folders hold a case.json, so a new case is picked up
// by itself; a folder without one (a case that lost its case.json) is an error.
test('the fixture folder holds cases, each with its case.json and recorded trace', () => {
  const folders = listDir(FIXTURES).filter((d) => statSync(join(FIXTURES, d)).isDirectory());
  expect(folders.length).toBeGreaterThan(0);
  expect(dirs).toEqual(folders);
  for (const d of dirs) expect(exists(join(FIXTURES, d, 'expected/trace.json'))).toBe(true);
});

describe.each(dirs)('%s', (dir) => {
  const model = load(dir);
  const raw = rawEntries(dir);
  const spec = caseOf(dir);

  test('has the entry count case.json promises', () => {
    expect(model.steps.length).toBe(spec.expect.entries);
    expect(model.steps.length).toBe(raw.length);
  });

  test('error steps are exactly the entries that threw', () => {
    const threw = raw.flatMap((e, i) => (e.threw === true || Object.hasOwn(e, 'error') ? [i] : []));
    expect(model.errorSteps).toEqual(threw);
    for (const i of threw) expect(model.steps[i]!.error).toEqual(raw[i]!.error);
  });

  test('path mode exactly when every entry has a string path', () => {
    const allPaths = raw.every((e) => typeof e.path === 'string');
    expect(model.matching).toBe(allPaths ? 'path' : 'position');
    if (allPaths) raw.forEach((e, i) => expect(model.byPath[e.path as string]).toBe(i));
  });

  test('cumulative durations add up', () => {
    const total = raw.reduce((sum, e) => sum + (e.durationMs as number), 0);
    expect(model.totalMs).toBeCloseTo(total, 9);
    expect(model.cumulativeMs[model.cumulativeMs.length - 1]).toBeCloseTo(total, 9);
    expect(model.maxDurationMs).toBe(Math.max(...raw.map((e) => e.durationMs as number)));
  });

  test('never claims a Failure the recording did not end with', () => {
    if (model.outcome.known) {
      expect(spec.expect.type).toBe('Failure');
      expect((model.outcome.error as { message: string }).message).toContain(spec.expect.errorMessage);
    }
  });
});

describe('structure and outcome of particular fixtures', () => {
  test('checkout-zero-total: three commands, a known Failure at the charge', () => {
    const m = load('checkout-zero-total');
    expect(m.root).toEqual({
      prefix: '',
      children: [0, 1, 2].map((i) => ({ kind: 'command', path: String(i), step: i, stepIndex: i }))
    });
    expect(m.outcome).toEqual({
      known: true,
      type: 'Failure',
      error: { __error: true, name: 'Error', message: 'Amount must be non-zero.', code: 'invalid_amount' },
      stepIndex: 2
    });
    expect(m.commands).toEqual({ cmdFetchCart: { count: 1, threw: 0 }, cmdValidatePromo: { count: 1, threw: 0 }, cmdChargeCard: { count: 1, threw: 1 } });
    expect(m.warnings).toEqual([{ kind: 'version', message: 'Recorded at build 9f2c1ab.' }]);
    expect(summarize(m, 1)).toEqual({ line: 1, flowName: 'checkout', version: '9f2c1ab', entries: 3, outcome: 'Failure', errorMessage: 'Amount must be non-zero.' });
  });

  test('legacy-no-path: position mode, no structure, the error key means it threw', () => {
    for (const file of ['legacy-trace.json', 'expected/trace.json']) {
      const m = load('legacy-no-path', file);
      expect(m.matching).toBe('position');
      expect(m.root).toEqual({ prefix: '', children: [] });
      expect(m.byPath).toEqual({});
      expect(m.steps.map((s) => [s.kind, s.path, s.depth])).toEqual([['returned', undefined, 0], ['returned', undefined, 0], ['threw', undefined, 0]]);
      expect(m.version).toBeUndefined();
      expect(m.dropped).toBe(0);
      expect(m.outcome).toMatchObject({ known: true, type: 'Failure', stepIndex: 2, error: { message: 'Amount must be non-zero.' } });
      expect(m.warnings).toEqual([
        { kind: 'positional', message: 'This trace has no paths (an older format): replay matches steps by position, and cannot match Commands inside a Parallel.' }
      ]);
    }
  });

  test('price-retry-fallback: a command, then a Retry of 3 attempts with a fallback', () => {
    const m = load('price-retry-fallback');
    const cmd = (path: string, stepIndex: number) => ({ kind: 'command', path, step: Number(path.split('/').pop()), stepIndex });
    expect(m.root).toEqual({
      prefix: '',
      children: [
        cmd('0', 0),
        {
          kind: 'retry',
          path: '1',
          step: 1,
          attempts: [0, 1, 2].map((i) => ({ prefix: `1r${i}/`, children: [cmd(`1r${i}/0`, i + 1)] })),
          fallback: { prefix: '1rf/', children: [cmd('1rf/0', 4)] }
        }
      ]
    });
    expect(m.steps[4]!.lanes).toEqual([{ kind: 'fallback', retryPath: '1' }]);
    expect(m.steps[2]!.lanes).toEqual([{ kind: 'attempt', retryPath: '1', attempt: 1 }]);
    expect(m.outcome).toEqual({
      known: false,
      reason: "the flow's last recorded step returned, so the result is computed by code the trace does not hold; replay the flow to see it"
    });
  });

  test('weather-retry: a Retry without fallback whose third attempt succeeded', () => {
    const m = load('weather-retry');
    const retry = m.root.children[1];
    expect(retry).toMatchObject({ kind: 'retry', path: '1', step: 1, fallback: undefined });
    if (retry?.kind !== 'retry') throw new Error('not a retry');
    expect(retry.attempts.map((a) => a.children.map((c) => (c.kind === 'command' ? c.stepIndex : -1)))).toEqual([[1], [2], [3]]);
    expect(m.errorSteps).toEqual([1, 2]);
    expect(m.outcome.known).toBe(false);
  });

  test('profile-parallel: a Parallel at 0p with two branches, not cancelled, outcome unknown', () => {
    const m = load('profile-parallel');
    expect(m.root).toEqual({
      prefix: '',
      children: [
        {
          kind: 'parallel',
          path: '0p',
          step: 0,
          decisionIndex: 2,
          branches: [
            { prefix: '0p0/', children: [{ kind: 'command', path: '0p0/0', step: 0, stepIndex: 1 }] },
            { prefix: '0p1/', children: [{ kind: 'command', path: '0p1/0', step: 0, stepIndex: 0 }] }
          ]
        }
      ]
    });
    expect(m.recordedSteps).toBe(2);
    expect(m.steps[2]).toMatchObject({ kind: 'decision', decision: { cancelled: false, branches: 2 }, depth: 0 });
    expect(m.commands).toEqual({ cmdGetPermissions: { count: 1, threw: 0 }, cmdGetUser: { count: 1, threw: 0 } });
    expect(m.outcome).toEqual({
      known: false,
      reason: "the flow's last recorded step is a Parallel that was not cancelled, so the result is computed by code the trace does not hold; replay the flow to see it"
    });
  });

  test('stock-parallel-cancelled: branch 1 threw and cancelled the Parallel, a known Failure', () => {
    const m = load('stock-parallel-cancelled');
    const parallel = m.root.children[0];
    expect(m.root.children).toHaveLength(1);
    expect(parallel).toMatchObject({ kind: 'parallel', path: '0p', step: 0, decisionIndex: 2 });
    if (parallel?.kind !== 'parallel') throw new Error('not a parallel');
    expect(parallel.branches.map((b) => b.prefix)).toEqual(['0p0/', '0p1/']);
    expect(m.steps[2]!.decision).toEqual({ cancelled: true, branch: 1, branches: 2 });
    expect(m.steps[0]!.lanes).toEqual([{ kind: 'branch', parallelPath: '0p', branch: 1 }]);
    expect(m.outcome).toMatchObject({
      known: true,
      type: 'Failure',
      stepIndex: 0,
      error: { __error: true, name: 'Error', message: 'Insufficient stock for SKU KB-87-RED: requested 3, available 1.', code: 'OUT_OF_STOCK' }
    });
  });

  test('capped-batch: 25 entries, 17 dropped, outcome unknown', () => {
    const m = load('capped-batch');
    expect(m.dropped).toBe(17);
    expect(m.steps).toHaveLength(25);
    expect(m.warnings).toContainEqual({
      kind: 'dropped',
      message: '17 entries were dropped by a maxEntries cap: the recording ends early, and a replay stops at the first step it lacks.'
    });
    expect(m.outcome).toEqual({
      known: false,
      reason: '17 entries were dropped by a maxEntries cap, so the recording ends before the run did; replay the flow to see it'
    });
  });

  test('anonymous-steps: warns about the three anonymous steps', () => {
    expect(load('anonymous-steps').warnings).toEqual([
      { kind: 'version', message: 'Recorded at build 44c2b9e.' },
      {
        kind: 'anonymous',
        message:
          "3 steps named 'anonymous' (inline arrow Commands): replay cannot tell them apart, and would not notice two of them trading places. Name them with a const or meta.name."
      }
    ]);
  });

  test('big-batch: 5002 entries indexed by path, one flat sequence', () => {
    const m = load('big-batch');
    expect(m.matching).toBe('path');
    expect(m.root.children).toHaveLength(5002);
    expect(m.root.children[5001]).toEqual({ kind: 'command', path: '5001', step: 5001, stepIndex: 5001 });
    expect(m.byPath['4999']).toBe(4999);
    expect(m.commands.cmdIndexProduct!.count).toBe(5000);
  });
});

describe('model building is linear in the number of entries', () => {
  const raw = readJson(join(FIXTURES, 'big-batch/expected/trace.json')) as { trace: RawEntry[] };
  // Ten copies of big-batch, renumbered so the paths stay unique.
  const tenfold = { ...raw, trace: Array.from({ length: 10 }, (_, k) => raw.trace.map((e, i) => ({ ...e, path: String(k * raw.trace.length + i) }))).flat() };
  test('ten times the entries costs ten times the reads of the trace, not a hundred', () => {
    // Counted, not timed (see readCount.ts); the clock figures are in npm run bench.
    const ratio = readRatio((t: object) => buildModel(t), raw, tenfold);
    // Linear is about 10x; quadratic would be about 100x.
    expect(ratio).toBeGreaterThan(9);
    expect(ratio).toBeLessThan(12);
  });
});
