// narrateRecording against every shared fixture: its text must be what the
// real timeTravel printed for the unchanged flow (expected/narration.txt),
// up to the final state when the recording alone cannot tell the outcome.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RecordedOutcome, StepKind, RecordedStep } from '../trace/model';
import { parseTraceText } from '../trace/parse';
import { parsePath, type ParsedPath } from '../trace/paths';
import { narrateRecording, narrationText, recordingNarration, type NarratableModel } from './recorded';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(repoRoot, '../shared');
const fixturesDir = path.join(shared, 'fixtures');


type RawEntry = Record<string, unknown>;
type RawTrace = { flowName?: unknown; initialInput?: unknown; trace: RawEntry[] };

// ---- a tiny stand-in for the trace parser: just the fields the narration reads ----

function modelFromTrace(raw: RawTrace): NarratableModel {
  const entries = raw.trace;
  const matching = entries.length > 0 && entries.every((e) => typeof e.path === 'string') ? 'path' : 'position';
  const steps: RecordedStep[] = entries.map((e, index) => {
    const pathText = typeof e.path === 'string' ? e.path : undefined;
    const decision = e.command === 'Parallel' && pathText !== undefined && pathText.endsWith('p');
    // spec §5: an `error` key means it threw, even without `threw`
    const threw = !decision && (e.threw === true || 'error' in e);
    const kind: StepKind = decision ? 'decision' : e.unrecorded ? 'unrecorded' : threw ? 'threw' : 'returned';
    return {
      index,
      command: String(e.command),
      path: pathText,
      placed: pathText !== undefined && parsePath(pathText) !== undefined,
      kind,
      threw,
      ...(threw ? { error: e.error } : { result: e.result }),
      hasValue: threw ? 'error' in e : 'result' in e,
      durationMs: typeof e.durationMs === 'number' ? e.durationMs : undefined,
      lanes: [],
      depth: 0
    };
  });
  return {
    recorded: true,
    matching,
    flowName: typeof raw.flowName === 'string' ? raw.flowName : undefined,
    initialInput: raw.initialInput,
    steps,
    recordedSteps: steps.filter((s) => s.kind !== 'decision').length,
    outcome: outcomeOf(matching, steps)
  };
}

type Placed = { readonly parsed: ParsedPath; readonly depth: number; readonly step: RecordedStep };

// Known Failure iff the root sequence's last recorded node is a Command that
// threw, or (recursively) a Retry's fallback or a cancelled Parallel's
// trigger branch ends that way; by position, iff the last entry threw.
function outcomeOf(matching: 'path' | 'position', steps: RecordedStep[]): RecordedOutcome {
  const unknown: RecordedOutcome = { known: false, reason: 'the recording does not show how the run ended' };
  const failed = (step: RecordedStep | undefined): RecordedOutcome =>
    step?.kind === 'threw' ? { known: true, type: 'Failure', error: step.error, stepIndex: step.index } : unknown;
  if (matching === 'position') return failed(steps[steps.length - 1]);
  const placed = steps.flatMap((step) => {
    const parsed = step.path === undefined ? undefined : parsePath(step.path);
    return parsed ? [{ parsed, depth: 0, step }] : [];
  });
  return failed(lastFailure(placed));
}

function lastFailure(items: Placed[]): RecordedStep | undefined {
  const numberOf = (p: Placed) => p.parsed.segments[p.depth]?.step ?? p.parsed.leaf.step;
  if (items.length === 0) return undefined;
  const last = Math.max(...items.map(numberOf));
  const here = items.filter((p) => numberOf(p) === last);
  const leaf = (p: Placed) => p.depth === p.parsed.segments.length;
  const inner = (p: Placed): Placed => ({ ...p, depth: p.depth + 1 });
  const command = here.find((p) => leaf(p) && p.parsed.leaf.kind === 'command');
  if (command) return command.step;
  const decision = here.find((p) => leaf(p) && p.parsed.leaf.kind === 'decision')?.step.result as
    | { cancelled?: unknown; branch?: unknown }
    | undefined;
  const segmentOf = (p: Placed) => (leaf(p) ? undefined : p.parsed.segments[p.depth]);
  if (here.some((p) => segmentOf(p)?.kind === 'fallback')) {
    return lastFailure(here.filter((p) => segmentOf(p)?.kind === 'fallback').map(inner));
  }
  if (decision?.cancelled === true && typeof decision.branch === 'number') {
    const trigger = decision.branch;
    return lastFailure(
      here.filter((p) => {
        const s = segmentOf(p);
        return s?.kind === 'branch' && s.branch === trigger;
      }).map(inner)
    );
  }
  return undefined;
}

// ---- the fixtures ----

const fixtureNames = readdirSync(fixturesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(fixturesDir, d.name, 'expected', 'trace.json')))
  .map((d) => d.name)
  .sort();

function readFixture(name: string): { text: string; trace: RawTrace; expected: string; recorded: { type: string; error?: unknown } } {
  const dir = path.join(fixturesDir, name, 'expected');
  const text = readFileSync(path.join(dir, 'trace.json'), 'utf8');
  return {
    text,
    trace: JSON.parse(text) as RawTrace,
    expected: readFileSync(path.join(dir, 'narration.txt'), 'utf8'),
    recorded: JSON.parse(readFileSync(path.join(dir, 'record-result.json'), 'utf8')) as { type: string; error?: unknown }
  };
}

/** The expected text, cut before the final state when the outcome is not known. */
function expectedFor(expected: string, known: boolean): string {
  if (known) return expected;
  const cut = expected.indexOf('\nReplay finished with state:');
  expect(cut).toBeGreaterThan(0);
  return expected.slice(0, cut);
}

/** The Step lines without their numbers, sorted: what a narration with caveats must still hold. */
const stepBodies = (text: string): string[] =>
  text
    .split(/\n(?=Step \d+: |Replay finished)/)
    .filter((l) => l.startsWith('Step '))
    .map((l) => l.replace(/^Step \d+: /, ''))
    .sort();

/**
 * The narration of the recording is what timeTravel printed for the unchanged flow, exactly, unless it
 * says what the recording does not show (a limit read from timings, a step a cancellation may have cut):
 * then the same steps, told the same way, in an order and with numbers that may differ.
 */
function expectNarration(model: NarratableModel, expected: string): void {
  const { lines, caveats } = recordingNarration(model);
  const want = expectedFor(expected, model.outcome.known);
  if (caveats.length === 0) expect(narrationText(lines)).toBe(want);
  else expect(stepBodies(narrationText(lines))).toEqual(stepBodies(want));
}

describe('narrateRecording on the shared fixtures', () => {
  it('finds the fixtures', () => {
    expect(fixtureNames.length).toBeGreaterThanOrEqual(11);
  });

  it.each(fixtureNames)('%s', (name) => {
    const { trace, expected, recorded } = readFixture(name);
    // The files end without a newline, exactly as narrationText does.
    expect(expected.endsWith('\n')).toBe(false);
    const model = modelFromTrace(trace);
    // An outcome the recording shows must be the one the library returned.
    if (model.outcome.known) {
      expect(recorded.type).toBe('Failure');
      expect((model.outcome.error as { message?: unknown }).message).toBe((recorded.error as { message?: unknown }).message);
    }
    expectNarration(model, expected);
  });

  // The same, through the real parser: the model the app will hand us, which must tell the outcome as the stand-in above does.
  it.each(fixtureNames)('%s, parsed by parseTraceText', (name) => {
    const { text, trace, expected } = readFixture(name);
    const parsed = parseTraceText(text);
    if (parsed.kind !== 'trace') throw new Error(`expected a trace, got ${parsed.kind}`);
    expect(parsed.model.outcome.known).toBe(modelFromTrace(trace).outcome.known);
    expectNarration(parsed.model, expected);
  });
});

describe('narrateRecording', () => {
  const model = (trace: RawEntry[], head: Partial<RawTrace> = {}) => modelFromTrace({ ...head, trace });

  it('gives structured lines that point at their steps', () => {
    const lines = narrateRecording(
      model(
        [
          { command: 'b', path: '0p1/0', threw: true, error: { __error: true, name: 'Error', message: 'x' }, durationMs: 1 },
          { command: 'a', path: '0p0/0', result: 1, durationMs: 2 },
          { command: 'Parallel', path: '0p', result: { cancelled: true, branch: 1, branches: 2 }, durationMs: 3 }
        ],
        { flowName: 'F', initialInput: 0 }
      )
    );
    expect(lines.map((l) => [l.kind, l.stepIndex])).toEqual([
      ['header', undefined],
      ['input', undefined],
      ['step', 1],
      ['step', 0],
      ['state', undefined],
      ['outcome', 0]
    ]);
    expect(lines[0]?.text).toBe("Replaying 'F' (2 recorded steps)");
  });

  it('warns about a missing input and anonymous steps, in that order, and falls back to flow', () => {
    const lines = narrateRecording(model([{ command: 'anonymous', path: '0', result: 1 }]));
    expect(narrationText(lines)).toBe(
      [
        'Warning: the trace holds no initial input, so the flow is rebuilt from undefined. A recorder installed as a hook finds the input only on a flow built with effectPipe.',
        "Warning: 1 of the recorded steps are named 'anonymous', usually inline arrow Commands, so this replay cannot tell them apart and would not notice two of them trading places. Name them with a const or meta.name.",
        "Replaying 'flow' (1 recorded step)",
        'Initial input: undefined',
        'Step 1: anonymous returned 1'
      ].join('\n')
    );
  });

  it('says 0 recorded steps for an empty trace and prints no steps', () => {
    expect(narrationText(narrateRecording(model([], { flowName: 'F', initialInput: null })))).toBe(
      "Replaying 'F' (0 recorded steps)\nInitial input: null"
    );
  });

  it('omits the timing without a numeric duration, and prints undefined for a missing value', () => {
    const text = narrationText(
      narrateRecording(
        model([
          { command: 'a', path: '0', durationMs: '5' },
          { command: 'b', path: '1', threw: true, durationMs: 0.01 }
        ], { initialInput: 1 })
      )
    );
    expect(text.split('\n').slice(2)).toEqual([
      'Step 1: a returned undefined',
      'Step 2: b threw in 0.01ms undefined',
      'Replay finished with state: Failure',
      'Error: undefined'
    ]);
  });

  it('stops at an unrecorded step, which the replay refuses', () => {
    const text = narrationText(
      narrateRecording(
        model([
          { command: 'a', path: '0', result: 1, durationMs: 2 },
          { command: 'b', path: '1', threw: true, unrecorded: 'redact', durationMs: 1 },
          { command: 'c', path: '2', result: 3, durationMs: 1 }
        ], { initialInput: 1 })
      )
    );
    expect(text.split('\n').slice(2)).toEqual(['Step 1: a returned in 2ms 1']);
  });

  it('pins round-robin start order for Parallel branches of two steps each', () => {
    // completion order: branch 1 raced ahead of branch 0
    const text = narrationText(
      narrateRecording(
        model(
          [
            { command: 'west1', path: '0p1/0', result: 'w1', durationMs: 1 },
            { command: 'west2', path: '0p1/1', result: 'w2', durationMs: 1 },
            { command: 'east1', path: '0p0/0', result: 'e1', durationMs: 5 },
            { command: 'east2', path: '0p0/1', result: 'e2', durationMs: 5 },
            { command: 'Parallel', path: '0p', result: { cancelled: false, branches: 2 }, durationMs: 10 },
            { command: 'done', path: '1', result: true, durationMs: 1 }
          ],
          { flowName: 'rr', initialInput: {} }
        )
      )
    );
    expect(text.split('\n').filter((l) => l.startsWith('Step '))).toEqual([
      'Step 1: east1 returned in 5ms "e1"',
      'Step 2: west1 returned in 1ms "w1"',
      'Step 3: east2 returned in 5ms "e2"',
      'Step 4: west2 returned in 1ms "w2"',
      'Step 5: done returned in 1ms true'
    ]);
  });
});
