// Validating and lifting one trace's head and entries. Every recorder
// generation is read by the same rules, because one trace can mix them (a
// hand-edited trace, or path-less entries appended to a recorded one):
//   - legacy:  {command, result|error, durationMs}; an `error` KEY means it threw (§5)
//   - paths:   {command, path, result | threw:true, error?, durationMs}; `throw undefined`
//              keeps `threw` and drops `error` (§4.3)
//   - decision {command:'Parallel', path:'<k>p', result:{cancelled, branch?, branches}}
//   - unrecorded {command, path, [threw], unrecorded:'redact'|'copy', durationMs}
// We refuse what the library refuses (§6.3: an entry that is not an object,
// or has no string command) plus field types no recorder writes. Unknown keys
// are fine, and a path string outside the grammar is kept but takes no part in
// the structure, exactly as the library treats it.

import { traceProblem } from './errors';
import { describeValue, isPlainObject, kindOf } from './describe';
import type { Lane, ParallelDecision, RecordedStep } from './model';
import { errorSummary } from '../present/step-text';
import { parsePath, type ParsedPath } from './paths';
import { lanesOfSegments } from './columns';

export interface Head {
  readonly flowName: string | undefined;
  readonly version: string | undefined;
  readonly hasInitialInput: boolean;
  readonly initialInput?: unknown;
  readonly hasContext: boolean;
  readonly context?: unknown;
  readonly unrecorded: { readonly initialInput?: string; readonly context?: string } | undefined;
  readonly dropped: number;
}

export const EMPTY_HEAD: Head = {
  flowName: undefined,
  version: undefined,
  hasInitialInput: false,
  hasContext: false,
  unrecorded: undefined,
  dropped: 0
};

const HEAD_HINT = 'A recorder writes {"flowName":"checkout","version":"build-41","initialInput":…,"dropped":0,"trace":[…]}; fix the field or record the flow again.';
const entryHint = (i: number) =>
  `An entry looks like {"command":"cmdFetchCart","path":"0","result":…,"durationMs":12.9}, as pure-effect's recorder writes it. Fix entry ${i} (counting from 0) or record the flow again.`;

/**
 * `flowName` and `version` are stored as given (recordEffect does not check
 * them), so a build number like 42 is a real trace: it is shown as "42".
 * null means absent; objects and booleans are a broken file.
 */
function label(raw: Record<string, unknown>, key: 'flowName' | 'version'): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw traceProblem(`\`${key}\` must be a string, got ${kindOf(v)}`, HEAD_HINT);
}

/** `dropped` is a count; the library reads it with Number(), so "2" counts as 2. */
function dropped(raw: Record<string, unknown>): number {
  const v = raw.dropped;
  if (v === undefined || v === null) return 0;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0) {
    throw traceProblem(`\`dropped\` must be a whole number of 0 or more, got ${describeValue(v)}`, HEAD_HINT);
  }
  return n;
}

function headUnrecorded(raw: Record<string, unknown>): Head['unrecorded'] {
  const v = raw.unrecorded;
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) {
    throw traceProblem(`\`unrecorded\` must be an object such as {"context":"redact"}, got ${kindOf(v)}`, HEAD_HINT);
  }
  const out: { initialInput?: string; context?: string } = {};
  for (const key of ['initialInput', 'context'] as const) {
    const reason = v[key];
    if (reason === undefined || reason === null) continue;
    if (typeof reason !== 'string') {
      throw traceProblem(`\`unrecorded.${key}\` must be a string such as 'redact' or 'copy', got ${kindOf(reason)}`, HEAD_HINT);
    }
    out[key] = reason;
  }
  return out.initialInput === undefined && out.context === undefined ? undefined : out;
}

/** The head of a trace object (everything but `trace`). */
export function readHead(raw: Record<string, unknown>): Head {
  // undefined (only possible for a JS value, never after JSON) means absent,
  // as JSON.stringify would have dropped it; a recorded null is a real value.
  const hasInitialInput = raw.initialInput !== undefined;
  const hasContext = raw.context !== undefined;
  return {
    flowName: label(raw, 'flowName'),
    version: label(raw, 'version'),
    hasInitialInput,
    ...(hasInitialInput ? { initialInput: raw.initialInput } : {}),
    hasContext,
    ...(hasContext ? { context: raw.context } : {}),
    unrecorded: headUnrecorded(raw),
    dropped: dropped(raw)
  };
}

/** The lanes a path's segments open, outermost first. */
// Steps in the same sequence share one lanes array: a 100,000-step trace then
// holds a few hundred arrays, not 100,000, which keeps the model cheap to clone.
const NO_LANES: readonly Lane[] = Object.freeze([]);
const lanesByPrefix = new Map<string, readonly Lane[]>();
const MAX_CACHED_PREFIXES = 50_000;

function lanesOf(parsed: ParsedPath | undefined, path: string): readonly Lane[] {
  if (!parsed || parsed.segments.length === 0) return NO_LANES;
  const prefix = path.slice(0, path.lastIndexOf('/') + 1);
  const cached = lanesByPrefix.get(prefix);
  if (cached) return cached;
  const lanes = lanesOfSegments(parsed);
  if (lanesByPrefix.size >= MAX_CACHED_PREFIXES) lanesByPrefix.clear();
  lanesByPrefix.set(prefix, lanes);
  return lanes;
}

const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * A decision must say whether the Parallel was cancelled. `branch` and
 * `branches` of the wrong type are dropped rather than refused: the library
 * ignores them too (it then replays the Parallel by timing, §6.10).
 */
export function readDecision(entry: Record<string, unknown>, i: number, path: string): ParallelDecision {
  const where = `entry ${i}: the Parallel decision at path '${path}'`;
  if (!Object.hasOwn(entry, 'result')) throw traceProblem(`${where} has no \`result\``, entryHint(i), { entry: i });
  const result = entry.result;
  if (!isPlainObject(result)) {
    throw traceProblem(`${where} must have an object \`result\`, got ${kindOf(result)}`, entryHint(i), { entry: i });
  }
  if (result.cancelled === undefined) throw traceProblem(`${where} has no boolean \`result.cancelled\``, entryHint(i), { entry: i });
  if (typeof result.cancelled !== 'boolean') {
    throw traceProblem(`${where} must have a boolean \`result.cancelled\`, got ${describeValue(result.cancelled)}`, entryHint(i), { entry: i });
  }
  return {
    cancelled: result.cancelled,
    ...(result.branch === null || isIndex(result.branch) ? { branch: result.branch } : {}),
    ...(isIndex(result.branches) ? { branches: result.branches } : {})
  };
}

type Draft = { -readonly [K in keyof RecordedStep]: RecordedStep[K] };

function entryError(i: number, what: string) {
  return traceProblem(`entry ${i}: ${what}`, entryHint(i), { entry: i });
}

/**
 * One entry, validated and lifted to a TraceStep. Throws TraceParseError.
 * `resultKey` says whether the entry has a `result` when `raw` is a skeleton
 * that leaves the value itself in the file (scanModel.ts): the step then
 * carries no `result`, and its value is read from the file when asked for.
 */
export function readStep(raw: unknown, i: number, resultKey?: boolean): RecordedStep {
  // Runs once per entry of traces with 100,000s of them: no closures, no spreads.
  if (!isPlainObject(raw)) throw traceProblem(`entry ${i} is ${kindOf(raw)}, not an object`, entryHint(i), { entry: i });
  const { command, threw, durationMs, unrecorded } = raw;
  if (command === undefined) throw entryError(i, '`command` is missing');
  if (typeof command !== 'string') throw entryError(i, `\`command\` must be a string, got ${kindOf(command)}`);
  // A number or null is not a path, but the library accepts it and replays
  // the whole trace by position (§5), so we do too; only other types are broken.
  const rawPath = raw.path;
  if (rawPath !== undefined && rawPath !== null && typeof rawPath !== 'string' && typeof rawPath !== 'number') {
    throw entryError(i, `\`path\` must be a string, got ${kindOf(rawPath)}`);
  }
  if (threw !== undefined && typeof threw !== 'boolean') throw entryError(i, `\`threw\` must be true or false, got ${describeValue(threw)}`);
  // null is how JSON.stringify writes NaN: a duration that was not measured.
  if (durationMs !== undefined && durationMs !== null && typeof durationMs !== 'number') {
    throw entryError(i, `\`durationMs\` must be a number, got ${describeValue(durationMs)}`);
  }
  if (unrecorded !== undefined && unrecorded !== null && typeof unrecorded !== 'string') {
    throw entryError(i, `\`unrecorded\` must be a string such as 'redact' or 'copy', got ${kindOf(unrecorded)}`);
  }

  const path = typeof rawPath === 'string' ? rawPath : undefined;
  const parsedPath = path === undefined ? undefined : parsePath(path);
  const lanes = path === undefined ? NO_LANES : lanesOf(parsedPath, path);
  const hasError = Object.hasOwn(raw, 'error');
  const hasResult = resultKey ?? Object.hasOwn(raw, 'result');
  const step: Draft = {
    index: i,
    command,
    path,
    placed: parsedPath !== undefined,
    kind: 'returned',
    threw: threw === true || hasError,
    hasValue: hasResult,
    durationMs: typeof durationMs === 'number' && Number.isFinite(durationMs) ? durationMs : undefined,
    lanes,
    depth: lanes.length
  };
  // The library's own definition (§7.2): command 'Parallel' and a string path ending in 'p'.
  if (command === 'Parallel' && path !== undefined && path.endsWith('p')) {
    step.kind = 'decision';
    step.threw = false;
    step.decision = readDecision(raw, i, path);
    step.result = raw.result;
  } else if (typeof unrecorded === 'string' && unrecorded !== '') {
    step.kind = 'unrecorded';
    step.unrecorded = unrecorded;
    step.hasValue = hasError || hasResult;
  } else if (step.threw) {
    step.kind = 'threw';
    step.hasValue = hasError;
    if (hasError) step.error = raw.error;
    step.errorText = errorSummary(raw.error, hasError);
  } else if (hasResult && Object.hasOwn(raw, 'result')) {
    step.result = raw.result;
  }
  return step;
}
