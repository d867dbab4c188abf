// The page gets a replay's report and its pipeline values apart, and puts them
// back: the same RunResult, value for value and key for key, on every fixture's
// replay, with each step's values parsed only when they are read.
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayFlowSource } from '../source/runFlow';
import { exists, FIXTURES, join, listDir, readJson, readText } from '../trace/test-support/files';
import { replayTrace } from './replayTrace';
import { answerHead, joinAnswer, joinAnswerInTasks, readHead, splitAnswer } from './pipelineText';

const dirs = listDir(FIXTURES).filter((d) => exists(join(FIXTURES, d, 'flow.ts')) || exists(join(FIXTURES, d, 'flow.js')));

/** The fixture's sources, its flow first. */
function filesOf(dir: string) {
  const flowName = exists(join(FIXTURES, dir, 'flow.ts')) ? 'flow.ts' : 'flow.js';
  return listDir(join(FIXTURES, dir))
    .filter((f) => /\.[jt]s$/.test(f))
    .map((f) => ({ name: f, text: readText(join(FIXTURES, dir, f)) }))
    .sort((a, b) => (a.name === flowName ? -1 : b.name === flowName ? 1 : 0));
}

describe.each(dirs)('%s', (dir) => {
  it('the report comes back whole, and step values are parsed when read', async () => {
    const files = filesOf(dir);
    const result = await replayFlowSource({ files, trace: readJson(join(FIXTURES, dir, 'expected/trace.json')) }, effect, replayTrace);
    const split = splitAnswer(result);
    // What crosses is plain JSON: the report part has no pipeline value left in it.
    // (Each key stays where it is, holding 0, to become a getter in place.)
    expect(new TextDecoder().decode(split.json)).not.toMatch(/"(before|after)":(?!0[,}])/);
    // Nor its narration, which crosses as bytes of its own and is parsed when first read.
    if (result.kind === 'report') {
      expect(new TextDecoder().decode(split.json)).toContain('"narration":null');
      expect(JSON.parse(new TextDecoder().decode(split.narration))).toEqual(result.report.narration);
    }
    // The verdict's part, sent ahead: the same result, its steps and narration still to come.
    expect(split.json).toEqual(answerHead(result));
    expect(readHead(split.json)).toEqual(result.kind === 'report' ? { ...result, report: { ...result.report, steps: [], narration: [] } } : result);
    const back = joinAnswer(split);
    expect(JSON.stringify(back)).toBe(JSON.stringify(result));
    expect(back).toEqual(result);
    if (back.kind === 'report' && result.kind === 'report') back.report.steps.forEach((s, k) => expect(Object.keys(s)).toEqual(Object.keys(result.report.steps[k]!)));
  });

  it('with its narration made when first read: the verdict part leaves it unmade, and the whole is the same', async () => {
    const files = filesOf(dir);
    const trace = () => readJson(join(FIXTURES, dir, 'expected/trace.json'));
    const eager = await replayFlowSource({ files, trace: trace() }, effect, replayTrace);
    const deferred = await replayFlowSource({ files, trace: trace(), deferNarration: true }, effect, replayTrace);
    expect(deferred.kind).toBe(eager.kind);
    if (deferred.kind !== 'report') return;
    const made = Object.getOwnPropertyDescriptor(deferred.report, 'narration')?.get;
    expect(made, 'the narration is a getter until read').toBeTypeOf('function');
    let reads = 0;
    Object.defineProperty(deferred.report, 'narration', { get: () => (reads++, made!.call(deferred.report)), enumerable: true, configurable: true });
    const head = answerHead(deferred);
    expect(reads, 'answerHead does not make the narration').toBe(0);
    expect(head).toEqual(answerHead(eager));
    const split = splitAnswer(deferred, head);
    expect(reads).toBe(1);
    expect(JSON.stringify(joinAnswer(split))).toBe(JSON.stringify(eager));
  });
});

it('a result that is no report crosses as it is', () => {
  const result = { kind: 'no-flow', message: 'no flow here' } as const;
  expect(joinAnswer(splitAnswer(result))).toEqual(result);
});

it('refuses an answer that is not a replay result', () => {
  expect(() => readHead(new TextEncoder().encode('{"steps":[]}'))).toThrow('not a replay result');
  expect(() => joinAnswer({ json: new TextEncoder().encode('[1]'), pipeline: new Uint8Array(0), pipelineAt: new Uint32Array(1) })).toThrow('not a replay result');
});

it('a long report crosses its steps in chunks, joined whole at once or a chunk per task', async () => {
  const { GENERATED_FLOW, recordGenerated } = await import('../../../bench/generate');
  const trace = await recordGenerated(4_500);
  const result = await replayFlowSource({ files: [{ name: 'flow.ts', text: GENERATED_FLOW }], trace }, effect, replayTrace);
  expect(result.kind).toBe('report');
  const split = splitAnswer(result);
  expect(split.stepsAt!.length - 1, 'chunks of 2,000 steps').toBe(Math.ceil((result.kind === 'report' ? result.report.steps.length : 0) / 2_000));
  expect(new TextDecoder().decode(split.json)).toContain('"steps":null');
  expect(JSON.stringify(joinAnswer(split))).toBe(JSON.stringify(result));
  let turns = 0;
  const inTasks = await joinAnswerInTasks(splitAnswer(result), async () => {
    turns++;
  });
  expect(turns).toBe(split.stepsAt!.length - 2);
  expect(JSON.stringify(inTasks)).toBe(JSON.stringify(result));
});
