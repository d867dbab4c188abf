// From an already-parsed JSON value to the TraceModel: recognise the input's
// shape, validate each entry, then compute every index in a single pass over
// the steps (plus one walk to place them in the structure tree), so the cost
// grows linearly with the trace.

import { traceProblem, TraceParseError } from './errors';
import { isPlainObject, kindOf } from './describe';
import { EMPTY_HEAD, readHead, readStep, type Head } from './entries';
import { recognizeForeignArray, recognizeForeignObject } from './foreign';
import type { RecordedModel, RecordedStep, SequenceNode } from './model';
import { ColumnsBuilder } from './columns';
import { indexTrace, rememberIndex, type TraceIndex } from './modelIndex';
import { decodeStructure } from './structure';
import type { PathLookup } from './pathIndex';
import { depthOver, MAX_VALUE_DEPTH } from './depth';
import { groupDigits } from '../values/grouped';
import { asTracePointers } from './exact-numbers';

const EMPTY_ROOT: SequenceNode = { prefix: '', children: [] };

const TRACE_HINT =
  "A pure-effect trace is what recordEffect returns as `trace` (or a recorder's toTrace()): {\"flowName\":…, \"trace\":[{\"command\":…}]}.";

/** Split the input into head and entries, or explain what it is instead. */
function unwrap(raw: unknown): { head: Head; entries: readonly unknown[]; bare: boolean } {
  if (Array.isArray(raw)) {
    const foreign = recognizeForeignArray(raw);
    if (foreign) throw new TraceParseError(foreign);
    return { head: EMPTY_HEAD, entries: raw, bare: true };
  }
  if (!isPlainObject(raw)) throw traceProblem(`this is ${kindOf(raw)} in JSON, not a trace object`, TRACE_HINT);
  const trace = raw.trace;
  if (Array.isArray(trace)) return { head: readHead(raw), entries: trace, bare: false };
  if (trace === undefined) throw new TraceParseError(recognizeForeignObject(raw));
  if (isPlainObject(trace) && Array.isArray(trace.trace)) {
    throw traceProblem(
      "`trace` is an object, not an array: this looks like everything recordEffect returned ({result, trace})",
      'Save only its `trace` field: JSON.stringify((await recordEffect(flow, input)).trace).'
    );
  }
  throw traceProblem(`\`trace\` must be an array of entries, got ${kindOf(trace)}`, TRACE_HINT);
}

const DEPTH_HINT = `Nothing a flow passes around nests that deep: it is usually a linked list or a parent chain serialized whole. The browser cannot copy a value past a few thousand levels between threads, so Timescope stops at ${groupDigits(MAX_VALUE_DEPTH)}. Record a flatter value (or redact that field) and open the trace again.`;

function tooDeep(what: string, depth: number, where?: { entry: number }) {
  const message = `${what} nests ${groupDigits(depth)} levels deep; Timescope shows and replays values up to ${groupDigits(MAX_VALUE_DEPTH)} levels`;
  return traceProblem(message, DEPTH_HINT, where);
}

/** Refuse the first field that nests too deep; only called once the whole value is known to be near the limit. */
function refuseDeep(raw: unknown, entries: readonly unknown[]): void {
  if (isPlainObject(raw)) {
    for (const key of Object.keys(raw)) {
      if (key === 'trace') continue;
      const depth = depthOver(raw[key]);
      if (depth !== undefined) throw tooDeep(`\`${key}\``, depth);
    }
  }
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!isPlainObject(entry)) continue;
    for (const key of Object.keys(entry)) {
      const depth = depthOver(entry[key]);
      const command = typeof entry.command === 'string' ? ` (${entry.command})` : '';
      if (depth !== undefined) throw tooDeep(`entry ${i}${command}: \`${key}\``, depth, { entry: i });
    }
  }
}

/** Build the model of one trace from a parsed JSON value. Throws TraceParseError. */
export function buildModel(raw: unknown, exactNumbers?: Readonly<Record<string, string>>): RecordedModel {
  const { head, entries, bare } = unwrap(raw);
  // One walk of the whole value; a field can be too deep only when the whole
  // is past the limit plus its one wrapping level (a head field), so only then
  // is each field measured, to name it.
  if (depthOver(raw, MAX_VALUE_DEPTH + 1) !== undefined) refuseDeep(raw, entries);
  const steps: RecordedStep[] = new Array(entries.length);
  const columns = new ColumnsBuilder(entries.length);
  for (let i = 0; i < entries.length; i++) columns.add((steps[i] = readStep(entries[i], i)));
  const { index, byPath } = indexTrace(head, bare, columns.finish(), (i) => steps[i]!.error);
  const exact = exactNumbers && Object.keys(exactNumbers).length > 0 ? asTracePointers(exactNumbers, bare) : undefined;
  return recordedModelOf(index, byPath, steps, exact);
}

/** The model object of an index and its steps (with their values). */
export function recordedModelOf(index: TraceIndex, byPath: PathLookup, steps: readonly RecordedStep[], exactNumbers?: Readonly<Record<string, string>>): RecordedModel {
  const h = index.head;
  const model: RecordedModel = {
    recorded: true,
    matching: h.matching,
    flowName: h.flowName,
    version: h.version,
    hasInitialInput: h.hasInitialInput,
    ...(h.hasInitialInput ? { initialInput: h.initialInput } : {}),
    hasContext: h.hasContext,
    ...(h.hasContext ? { context: h.context } : {}),
    unrecorded: h.unrecorded,
    dropped: h.dropped,
    steps,
    byPath: byPath.record(),
    root: h.matching === 'path' ? decodeStructure(index.structure, index.columns) : EMPTY_ROOT,
    errorSteps: Array.from(index.errorSteps),
    cumulativeMs: index.cumulativeMs,
    totalMs: h.totalMs,
    wallMs: h.wallMs,
    maxDurationMs: h.maxDurationMs,
    commands: h.commands,
    recordedSteps: h.recordedSteps,
    warnings: h.warnings,
    outcome: h.outcome,
    ...(exactNumbers ? { exactNumbers } : {})
  };
  rememberIndex(model, exactNumbers ? { ...index, head: { ...index.head, exactNumbers } } : index);
  return model;
}
