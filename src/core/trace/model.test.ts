// Every entry generation, head field and warning, on small hand-written traces.
import { describe, expect, test } from 'vitest';
import type { TraceModel } from './model';
import { buildModel, parseTraceText } from './parse';

const ok = (command: string, path: string | undefined, result: unknown = 1, durationMs = 1) => ({
  command,
  ...(path === undefined ? {} : { path }),
  result,
  durationMs
});
const warning = (m: TraceModel, kind: string) => m.warnings.filter((w) => w.kind === kind).map((w) => w.message);

describe('entry generations', () => {
  test('legacy: an error key means it threw, even without threw and even when undefined', () => {
    const m = buildModel([{ command: 'a', result: 1 }, { command: 'b', error: undefined }]);
    expect(m.steps[1]).toMatchObject({ kind: 'threw', threw: true, hasValue: true });
    expect('error' in m.steps[1]!).toBe(true);
    expect(m.matching).toBe('position');
    expect(m.outcome).toEqual({ known: true, type: 'Failure', error: undefined, stepIndex: 1 });
  });

  test('throw undefined: threw with no error key', () => {
    const m = buildModel({ initialInput: 1, trace: [ok('a', '0'), { command: 'c', path: '1', threw: true, durationMs: 0.2 }] });
    expect(m.steps[1]).toMatchObject({ kind: 'threw', threw: true, hasValue: false });
    expect('error' in m.steps[1]!).toBe(false);
    expect(m.outcome).toEqual({ known: true, type: 'Failure', error: undefined, stepIndex: 1 });
  });

  test('a returned undefined has no result key', () => {
    const m = buildModel({ trace: [{ command: 'a', path: '0', durationMs: 1 }] });
    expect(m.steps[0]).toMatchObject({ kind: 'returned', threw: false, hasValue: false });
  });

  test('unrecorded entries, with and without threw', () => {
    const m = buildModel({
      initialInput: null,
      trace: [{ command: 'a', path: '0', unrecorded: 'copy', durationMs: 1 }, { command: 'b', path: '1', threw: true, unrecorded: 'redact', durationMs: 1 }]
    });
    expect(m.steps.map((s) => [s.kind, s.threw, s.unrecorded, s.hasValue])).toEqual([
      ['unrecorded', false, 'copy', false],
      ['unrecorded', true, 'redact', false]
    ]);
    expect(m.errorSteps).toEqual([1]);
    expect(m.commands.b).toEqual({ count: 1, threw: 1 });
    expect(warning(m, 'unrecorded')).toEqual([
      '2 entries hold no value (1 could not be copied, redact threw on 1), so the recorder left them out, and a replay stops with an error at the first of them it reaches.'
    ]);
    expect(m.outcome).toEqual({
      known: false,
      reason: "the flow's last recorded step (b) threw, but the recorder left its error out; replay the flow to see it"
    });
  });

  test('one unrecorded entry, and several for the same reason', () => {
    const one = buildModel({ initialInput: 1, trace: [{ command: 'a', path: '0', unrecorded: 'redact', durationMs: 1 }] });
    expect(warning(one, 'unrecorded')).toEqual([
      '1 entry holds no value: redact threw on it, so the recorder left it out, and a replay stops with an error when it reaches that step.'
    ]);
    const two = buildModel({ initialInput: 1, trace: ['0', '1'].map((path) => ({ command: 'a', path, unrecorded: 'copy' })) });
    expect(warning(two, 'unrecorded')).toEqual([
      '2 entries hold no value: they could not be copied, as when a value holds a BigInt or a getter that throws, so the recorder left them out, and a replay stops with an error at the first of them it reaches.'
    ]);
  });

  test('Parallel decisions: by path only; a path-less Parallel entry is an ordinary step', () => {
    const m = buildModel([{ command: 'Parallel', result: { cancelled: false, branches: 1 } }, ok('x', undefined)]);
    expect(m.steps[0]!.kind).toBe('returned');
    expect(m.recordedSteps).toBe(2);
    const d = buildModel({ trace: [ok('a', '0p0/0'), { command: 'Parallel', path: '0p', result: { cancelled: true, branch: null, branches: 1 }, durationMs: 3 }] });
    expect(d.steps[1]).toMatchObject({ kind: 'decision', threw: false, decision: { cancelled: true, branch: null, branches: 1 } });
    expect(d.recordedSteps).toBe(1);
  });

  test('a decision with a mistyped branch or branches keeps only the usable parts, as the library does', () => {
    const m = buildModel({ trace: [ok('a', '0p0/0'), { command: 'Parallel', path: '0p', result: { cancelled: true, branch: '0', branches: 1.5 } }] });
    expect(m.steps[1]!.decision).toEqual({ cancelled: true });
  });

  test('unknown extra keys are fine', () => {
    const m = buildModel({ note: 'hand-edited', trace: [{ ...ok('a', '0'), comment: 'x', stack: 'Error…' }] });
    expect(m.steps).toHaveLength(1);
  });
});

describe('matching mode, as the library decides it', () => {
  test('path only when every entry has a string path', () => {
    expect(buildModel({ trace: [ok('a', '0'), ok('b', '1')] }).matching).toBe('path');
    expect(buildModel({ trace: [] }).matching).toBe('position');
    const mixed = buildModel({ initialInput: 1, trace: [ok('a', '0'), ok('b', undefined)] });
    expect(mixed.matching).toBe('position');
    expect(mixed.byPath).toEqual({});
    expect(mixed.root).toEqual({ prefix: '', children: [] });
    expect(warning(mixed, 'positional')).toEqual([
      'Entry 1 has no string path, so replay matches every step by position, as for an older trace, and cannot match Commands inside a Parallel.'
    ]);
  });

  test('numeric paths are accepted and replay by position', () => {
    const m = buildModel({ initialInput: 1, trace: [{ command: 'a', path: 0, result: 1 }, { command: 'b', path: 1, result: 2 }] });
    expect(m.matching).toBe('position');
    expect(m.steps.map((s) => s.path)).toEqual([undefined, undefined]);
    expect(warning(m, 'positional')).toEqual([
      'This trace has no paths (an older format): replay matches steps by position, and cannot match Commands inside a Parallel.'
    ]);
  });

  test('duplicate paths are refused in path mode only', () => {
    const r = parseTraceText(JSON.stringify({ trace: [ok('a', '0'), ok('b', '1'), ok('a', '0')] }));
    expect(r).toMatchObject({ kind: 'error', problem: { message: "entry 0 and entry 2 have the same path '0'", where: { entry: 2 } } });
    expect(buildModel({ trace: [ok('a', '0'), ok('a', '0'), ok('c', undefined)] }).matching).toBe('position');
  });

  test('an empty trace: no positional warning, outcome unknown', () => {
    const m = buildModel({ initialInput: 1, trace: [] });
    expect(m.warnings).toEqual([]);
    expect(m.outcome).toEqual({ known: false, reason: 'the trace holds no steps, so it does not show how the run ended; replay the flow to see it' });
  });
});

describe('head fields', () => {
  test('a bare array of entries has no head', () => {
    const m = buildModel([ok('a', '0')]);
    expect(m).toMatchObject({ flowName: undefined, version: undefined, hasInitialInput: false, hasContext: false, dropped: 0, unrecorded: undefined });
    expect(warning(m, 'no-input')).toEqual(['This is a bare array of entries: it holds no initial input, so a replay rebuilds the flow from undefined.']);
  });

  test('a recorded null input and context are values', () => {
    const m = buildModel({ initialInput: null, context: null, trace: [] });
    expect(m).toMatchObject({ hasInitialInput: true, initialInput: null, hasContext: true, context: null });
  });

  test('dropped as a numeric string counts, with the right plural', () => {
    expect(buildModel({ initialInput: 1, dropped: '2', trace: [ok('a', '0')] }).dropped).toBe(2);
    const one = buildModel({ initialInput: 1, dropped: 1, trace: [ok('a', '0')] });
    expect(warning(one, 'dropped')).toEqual([
      '1 entry was dropped by a maxEntries cap: the recording ends early, and a replay stops at the first step it lacks.'
    ]);
    expect(one.outcome).toEqual({
      known: false,
      reason: '1 entry was dropped by a maxEntries cap, so the recording ends before the run did; replay the flow to see it'
    });
  });

  test('a numeric version is shown as text; null means absent', () => {
    expect(buildModel({ version: 42, trace: [] }).version).toBe('42');
    expect(buildModel({ version: null, flowName: null, trace: [] })).toMatchObject({ version: undefined, flowName: undefined });
  });

  test('input or context the recorder left out', () => {
    const m = buildModel({ unrecorded: { initialInput: 'redact', context: 'copy' }, trace: [] });
    expect(m.unrecorded).toEqual({ initialInput: 'redact', context: 'copy' });
    expect(m.warnings).toEqual([
      { kind: 'no-input', message: 'The trace holds no initial input: redact threw on it, so the recorder left it out, and a replay cannot rebuild the flow from it.' },
      {
        kind: 'unrecorded',
        message:
          'The trace holds no context: it could not be copied, as when it holds a BigInt or a getter that throws, so the recorder left it out. A replay needs a context given to it, or it could take another branch at an Ask.'
      }
    ]);
  });

  test('warnings come in a fixed order', () => {
    const m = buildModel({ version: 'v9', dropped: 3, trace: [{ command: 'anonymous', result: 1 }, { command: 'x', unrecorded: 'redact' }] });
    expect(m.warnings.map((w) => w.kind)).toEqual(['version', 'no-input', 'anonymous', 'dropped', 'unrecorded', 'positional']);
    expect(warning(m, 'anonymous')).toEqual([
      "1 step named 'anonymous' (an inline arrow Command): replay cannot tell it from another anonymous Command, and would not notice one taking its place. Name it with a const or meta.name."
    ]);
    expect(warning(m, 'no-input')).toEqual(['The trace holds no initial input, so a replay rebuilds the flow from undefined.']);
  });
});

describe('durations', () => {
  test('cumulative sums count a missing or null duration as 0', () => {
    const m = buildModel({ trace: [ok('a', '0', 1, 1.5), { command: 'b', path: '1', result: 1 }, { ...ok('c', '2'), durationMs: null }, ok('d', '3', 1, 2.25)] });
    expect(m.steps.map((s) => s.durationMs)).toEqual([1.5, undefined, undefined, 2.25]);
    expect([...m.cumulativeMs]).toEqual([1.5, 1.5, 1.5, 3.75]);
    expect(m.totalMs).toBe(3.75);
    expect(m.maxDurationMs).toBe(2.25);
  });
});

describe('wallMs', () => {
  test('counts a Parallel once, by its decision, not by adding its overlapping branches', () => {
    const trace = {
      trace: [
        { command: 'a', path: '0', result: 1, durationMs: 2 },
        { command: 'b', path: '1p1/0', result: 1, durationMs: 5 },
        { command: 'c', path: '1p0/0', result: 1, durationMs: 9 },
        { command: 'Parallel', path: '1p', result: { cancelled: false, branches: 2 }, durationMs: 9.5 },
        { command: 'd', path: '2r0/0', threw: true, error: 'x', durationMs: 1 },
        { command: 'd', path: '2r1/0', result: 1, durationMs: 1.25 }
      ]
    };
    const result = parseTraceText(JSON.stringify(trace));
    if (result.kind !== 'trace') throw new Error('expected a trace');
    expect(result.model.totalMs).toBe(27.75);
    expect(result.model.wallMs).toBe(13.75);
  });
});
