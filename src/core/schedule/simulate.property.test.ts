// The schedule model (simulate.ts) and the runtime, which takes its turns
// with real awaits, must agree on every generated flow, recorded with our
// recorder and replayed unchanged and after a fix or a topology change: the
// same Command steps asked, in the same order, with the same indices and
// answers; the same result; the same unreached entries (spec §6.4, §6.10,
// §6.11, §12 cases 6 to 9).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Rule } from './simulate';
import { narrationText, recordingNarration } from '../narration/recorded';
import { travel } from '../replay/timeTravel';
import { parseTraceText } from '../trace/parse';
import { plainError, replayWithModel, replayWithRuntime } from './test-support/compare';
import { flowOf, mutate, mutations, programs, record, withoutBugs, recordable } from './test-support/programs';

const RUNS = Number(process.env.SCHEDULE_RUNS ?? 120);

describe('the runtime replays generated flows as the schedule model says', () => {
  test('unchanged, and after each of several mutations', async () => {
    const met = new Map<Rule, number>();
    await fc.assert(
      fc.asyncProperty(programs, fc.integer(), fc.array(mutations, { minLength: 1, maxLength: 4 }), async (program, seed, changes) => {
        const production = withoutBugs(program);
        const { trace } = await record(production, seed);
        for (const variant of [production, program, ...changes.map((m) => mutate(program, m))]) {
          const model = replayWithModel(variant, trace);
          const runtime = await replayWithRuntime(variant, trace, model.simulation.epochTurns);
          for (const [rule, n] of Object.entries(model.simulation.met) as [Rule, number][]) met.set(rule, (met.get(rule) ?? 0) + n);
          expect({ asks: runtime.asks, result: runtime.result, unreached: runtime.unreached }).toEqual({
            asks: model.asks,
            result: model.result,
            unreached: model.unreached
          });
        }
      }),
      { numRuns: RUNS }
    );
    console.log([...met].map(([rule, n]) => `${rule}: ${n}`).join(', '));
    // The generator keeps meeting the rules that order concurrent steps (turns.test.ts pins each one by hand).
    for (const rule of ['abort', 'cut', 'reproduced cancellation', 'wait ended by its timer'] as const) expect(met.get(rule), rule).toBeGreaterThan(0);
  }, 120_000);
});

describe('an unchanged flow replays to what it recorded', () => {
  // A pure step that returns a Failure, or a Retry body or fallback with no Command, leaves no entry, so the
  // recording alone cannot tell its effect: these flows have none, and all they do shows in their recordings.
  test('nothing unreached, the recorded result, and the narration the recording alone predicts', async () => {
    let exact = 0;
    await fc.assert(
      fc.asyncProperty(programs, fc.integer(), async (program, seed) => {
        const production = recordable(program);
        const { result, trace } = await record(production, seed);
        const lines: string[] = [];
        const travelled = await travel(flowOf(production), trace, { log: (t) => void lines.push(t) });
        expect(travelled.unreached).toEqual([]);
        expect(plainOutcome(travelled.result)).toEqual(plainOutcome(result));

        const parsed = parseTraceText(JSON.stringify(trace));
        if (parsed.kind !== 'trace') throw new Error(`not a trace: ${parsed.kind}`);
        const told = recordingNarration(parsed.model);
        const predicted = narrationText(told.lines);
        const replayed = lines.join('\n');
        const upToState = replayed.slice(0, replayed.indexOf('\nReplay finished'));
        const want = parsed.model.outcome.known ? replayed : upToState;
        if (told.caveats.length > 0) expect(stepBodies(predicted)).toEqual(stepBodies(want));
        else {
          exact += 1;
          expect(predicted, JSON.stringify({ production, trace })).toBe(want);
        }
      }),
      { numRuns: RUNS }
    );
    // Most recordings leave nothing to guess.
    console.log(`${exact} of ${RUNS} recordings told exactly, without a caveat`);
    expect(exact).toBeGreaterThan(RUNS / 2);
  }, 120_000);
});

function plainOutcome(o: unknown): unknown {
  const x = o as { type: string; error?: unknown };
  return x.type === 'Success' ? 'Success' : { Failure: plainError(x.error) };
}

const stepBodies = (text: string): string[] =>
  text
    .split(/\n(?=Step \d+: |Replay finished)/)
    .filter((l) => l.startsWith('Step '))
    .map((l) => l.replace(/^Step \d+: /, ''))
    .sort();
