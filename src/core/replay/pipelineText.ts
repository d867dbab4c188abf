// A replay's answer in two parts for the page: the report without its
// pipeline values, and those values as one JSON text per step, joined. A
// 10,000-step replay of the order batch carries ~8 MB of pipeline values that
// the page reads for one step at a time (the Pipeline and Received views, the
// source note); parsed whole, they were the page's largest cost after Replay.
// The page parses the report at once and each step's values when first read
// (lazy properties), so nothing that reads `step.before` changes. Both parts
// are JSON text made in the replay's worker, so the page still gets plain
// data whatever the flow did.
import type { RunResult } from '../source/runFlow';
import type { ReplayStep } from './report';

export interface SplitAnswer {
  /**
   * the RunResult as JSON in UTF-8, its steps without before and after: bytes, transferred, as the
   * values are; a string of 3 MB was copied at each hop (worker, sandbox frame, page), and both
   * copies were made on the page's main thread
   */
  readonly json: Uint8Array;
  /**
   * Each step's [before, after] as JSON in UTF-8, one after another (none for a step with
   * neither). Bytes, not a string: they are transferred from the worker to the frame to the page,
   * where a string of 8 MB cost ~60 ms to copy at each hop.
   */
  readonly pipeline: Uint8Array;
  /** step k's bytes are pipeline[pipelineAt[k], pipelineAt[k + 1]) */
  readonly pipelineAt: Uint32Array;
  /**
   * The report's narration as a JSON array in UTF-8, out of `json`: a 10,000-step narration is
   * ~4 MB of text, more than half the report, which the page reads only when the narration is
   * opened or exported. Absent: the narration is in `json`.
   */
  readonly narration?: Uint8Array;
  /**
   * The report's steps (without their values), out of `json`: JSON arrays of STEPS_PER_CHUNK steps
   * each in UTF-8, chunk c at steps[stepsAt[c], stepsAt[c + 1]). The page parses them a chunk per
   * task (joinAnswerInTasks): 10,000 steps parsed at once were the longest task after a Replay.
   * Absent: the steps are in `json`.
   */
  readonly steps?: Uint8Array;
  readonly stepsAt?: Uint32Array;
}

/** Steps per chunk of SplitAnswer.steps: about 6 ms of JSON.parse on this machine's page. */
const STEPS_PER_CHUNK = 2_000;

/** The buffers to transfer with an answer. */
export const answerBuffers = (a: SplitAnswer): ArrayBuffer[] => [
  a.json.buffer as ArrayBuffer,
  a.pipeline.buffer as ArrayBuffer,
  a.pipelineAt.buffer as ArrayBuffer,
  ...[a.narration, a.steps, a.stepsAt].flatMap((b) => (b ? [b.buffer as ArrayBuffer] : []))
];


/**
 * The RunResult as JSON in UTF-8 without its steps and narration (their keys stay, holding null, so
 * the report comes back in its key order): all a verdict needs, and SplitAnswer's `json`.
 */
export function answerHead(result: RunResult): Uint8Array {
  if (result.kind !== 'report') return encoder.encode(JSON.stringify(result));
  // Key by key, not spread: a deferred narration (replayTrace's deferNarration) is made when read.
  const report: Record<string, unknown> = {};
  for (const key of Object.keys(result.report)) report[key] = key === 'narration' || key === 'steps' ? null : result.report[key as keyof typeof result.report];
  return encoder.encode(JSON.stringify({ ...result, report }));
}

/** answerHead's RunResult again (on the page), its report with no steps and no narration yet. */
export function readHead(json: Uint8Array): RunResult {
  const result = parseHead(json);
  if (result.kind !== 'report') return result;
  return { ...result, report: { ...result.report, steps: [], narration: [] } };
}

function parseHead(json: Uint8Array): RunResult {
  const value: unknown = JSON.parse(decoder.decode(json));
  if (typeof (value as { kind?: unknown } | null)?.kind !== 'string') throw new Error('The replay sandbox answered with something that is not a replay result.');
  return value as RunResult;
}

/** Take the steps' pipeline values out of a RunResult (in the worker); `head` is its answerHead, when made already. */
export function splitAnswer(result: RunResult, head: Uint8Array = answerHead(result)): SplitAnswer {
  if (result.kind !== 'report') return { json: head, pipeline: new Uint8Array(0), pipelineAt: new Uint32Array(1) };
  const steps = result.report.steps;
  const texts: string[] = new Array(steps.length);
  let chars = 0;
  // A step's before and after keep their keys, holding 0, so that the page turns each into a
  // getter in place (joinAnswer) and the step keeps its key order without being rebuilt.
  const slim = steps.map((step, k) => {
    const { hasBefore, hasAfter } = step;
    if (!hasBefore && !hasAfter) {
      const { before: _before, after: _after, hasBefore: _hb, hasAfter: _ha, ...rest } = step;
      return rest;
    }
    const text = JSON.stringify([hasBefore ? step.before : null, hasAfter ? step.after : null]);
    texts[k] = text;
    chars += text.length;
    return { ...step, ...(hasBefore ? { before: 0 } : {}), ...(hasAfter ? { after: 0 } : {}) };
  });
  // UTF-8 takes at most 3 bytes for each UTF-16 unit.
  const bytes = new Uint8Array(chars * 3);
  const at = new Uint32Array(steps.length + 1);
  let length = 0;
  for (let k = 0; k < steps.length; k++) {
    at[k] = length;
    const text = texts[k];
    if (text) length += encoder.encodeInto(text, bytes.subarray(length)).written;
  }
  at[steps.length] = length;
  const chunks: string[] = [];
  for (let from = 0; from < slim.length || from === 0; from += STEPS_PER_CHUNK) chunks.push(JSON.stringify(slim.slice(from, from + STEPS_PER_CHUNK)));
  const stepsAt = new Uint32Array(chunks.length + 1);
  const encoded = chunks.map((c) => encoder.encode(c));
  encoded.forEach((c, i) => (stepsAt[i + 1] = stepsAt[i]! + c.length));
  const stepBytes = new Uint8Array(stepsAt[chunks.length]!);
  encoded.forEach((c, i) => stepBytes.set(c, stepsAt[i]!));
  return { json: head, pipeline: bytes.slice(0, length), pipelineAt: at, narration: encoder.encode(JSON.stringify(result.report.narration)), steps: stepBytes, stepsAt };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The RunResult again (on the page): each step's before and after parsed the first time either is read. */
export function joinAnswer(answer: SplitAnswer): RunResult {
  const joining = joined(answer);
  let next = joining.next();
  while (!next.done) next = joining.next();
  return next.value;
}

/** joinAnswer, a chunk of steps per task: `turn` lets the page have its turn between them. */
export async function joinAnswerInTasks(answer: SplitAnswer, turn: () => Promise<void>): Promise<RunResult> {
  const joining = joined(answer);
  let next = joining.next();
  while (!next.done) {
    await turn();
    next = joining.next();
  }
  return next.value;
}

/** The join, pausing after each chunk of steps. */
function* joined(answer: SplitAnswer): Generator<void, RunResult> {
  const result = parseHead(answer.json);
  if (result.kind !== 'report') return result;
  const { pipeline, pipelineAt, narration } = answer;
  let slim: readonly ReplayStep[] = result.report.steps;
  if (answer.steps && answer.stepsAt) {
    const parsed: ReplayStep[] = [];
    for (let c = 0; c + 1 < answer.stepsAt.length; c++) {
      if (c > 0) yield;
      const chunk = JSON.parse(decoder.decode(answer.steps.subarray(answer.stepsAt[c], answer.stepsAt[c + 1]))) as ReplayStep[];
      for (const step of chunk) parsed.push(step);
    }
    slim = parsed;
  }
  const steps = slim.map((step, k) =>
    step.hasBefore || step.hasAfter ? lazyStep(step, () => JSON.parse(decoder.decode(pipeline.subarray(pipelineAt[k], pipelineAt[k + 1]))) as [unknown, unknown]) : step
  );
  const report = { ...result.report, steps };
  if (narration) {
    let lines: readonly string[] | undefined;
    Object.defineProperty(report, 'narration', { enumerable: true, configurable: true, get: () => (lines ??= JSON.parse(decoder.decode(narration)) as readonly string[]) });
  }
  return { ...result, report };
}

/** The step (parsed: its own object) with its before and after read when first asked for, in place. */
function lazyStep(step: ReplayStep, read: () => [unknown, unknown]): ReplayStep {
  let both: [unknown, unknown] | undefined;
  const values = () => (both ??= read());
  if (step.hasBefore) Object.defineProperty(step, 'before', { enumerable: true, configurable: true, get: () => values()[0] });
  if (step.hasAfter) Object.defineProperty(step, 'after', { enumerable: true, configurable: true, get: () => values()[1] });
  return step;
}
