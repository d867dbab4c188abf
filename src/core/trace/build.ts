// From an already-parsed JSON value to the TraceModel: recognise the input's
// shape, validate each entry, then compute every index in a single pass over
// the steps (plus one walk to place them in the structure tree), so the cost
// grows linearly with the trace.

import { traceProblem, TraceParseError } from './errors';
import { isPlainObject, kindOf } from './describe';
import { EMPTY_HEAD, readHead, readStep, type Head } from './entries';
import { recognizeForeignArray, recognizeForeignObject } from './foreign';
import type { RecordedModel, RecordedStep, SequenceNode } from './model';
import { inferOutcome } from './outcome';
import { buildStructure } from './structure';
import { collectWarnings } from './warnings';
import { wallMs } from './wall';
import { depthOver, MAX_VALUE_DEPTH } from './depth';
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

const DEPTH_HINT = `Nothing a flow passes around nests that deep: it is usually a linked list or a parent chain serialized whole. The browser cannot copy a value past a few thousand levels between threads, so Timescope stops at ${MAX_VALUE_DEPTH.toLocaleString('en-US')}. Record a flatter value (or redact that field) and open the trace again.`;

function tooDeep(what: string, depth: number, where?: { entry: number }) {
  const message = `${what} nests ${depth.toLocaleString('en-US')} levels deep; Timescope shows and replays values up to ${MAX_VALUE_DEPTH.toLocaleString('en-US')} levels`;
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
  for (let i = 0; i < entries.length; i++) steps[i] = readStep(entries[i], i);

  // Like the library (§5, checklist 20): paths only when there is at least one
  // entry and every entry has a string path.
  let withPath = 0;
  let firstPathless = -1;
  for (const s of steps) {
    if (s.path !== undefined) withPath++;
    else if (firstPathless === -1) firstPathless = s.index;
  }
  const matching = steps.length > 0 && withPath === steps.length ? 'path' : 'position';

  const byPath: Record<string, number> = Object.create(null);
  let unplaced = 0;
  let root = EMPTY_ROOT;
  if (matching === 'path') {
    for (const s of steps) {
      const path = s.path!;
      const earlier = byPath[path];
      if (earlier !== undefined) {
        throw traceProblem(
          `entry ${earlier} and entry ${s.index} have the same path '${path}'`,
          "A recorder never writes two entries at one path, and the library refuses such a trace ('Trace has duplicate step paths.'). It was edited by hand, or two traces were merged: remove one of them.",
          { entry: s.index }
        );
      }
      byPath[path] = s.index;
      if (!s.placed) unplaced++;
    }
    const structure = buildStructure(steps);
    root = structure.root;
    unplaced += structure.misplaced;
  }

  const errorSteps: number[] = [];
  // A typed array clones as one block of memory, not 100,000 numbers.
  const cumulativeMs = new Float64Array(steps.length);
  const commands: Record<string, { count: number; threw: number }> = Object.create(null);
  const unrecorded = new Map<string, number>();
  let total = 0;
  let maxDurationMs = 0;
  let recordedSteps = 0;
  let anonymous = 0;
  for (const s of steps) {
    const d = s.durationMs ?? 0;
    total += d;
    cumulativeMs[s.index] = total;
    if (d > maxDurationMs) maxDurationMs = d;
    if (s.threw) errorSteps.push(s.index);
    if (s.command === 'anonymous') anonymous++;
    if (s.kind === 'unrecorded') unrecorded.set(s.unrecorded!, (unrecorded.get(s.unrecorded!) ?? 0) + 1);
    if (s.kind === 'decision') continue;
    recordedSteps++;
    const c = (commands[s.command] ??= { count: 0, threw: 0 });
    c.count++;
    if (s.threw) c.threw++;
  }

  return {
    recorded: true,
    matching,
    flowName: head.flowName,
    version: head.version,
    hasInitialInput: head.hasInitialInput,
    ...(head.hasInitialInput ? { initialInput: head.initialInput } : {}),
    hasContext: head.hasContext,
    ...(head.hasContext ? { context: head.context } : {}),
    unrecorded: head.unrecorded,
    dropped: head.dropped,
    steps,
    byPath,
    root,
    errorSteps,
    cumulativeMs,
    totalMs: total,
    wallMs: wallMs(matching, root, steps, total),
    maxDurationMs,
    commands,
    recordedSteps,
    warnings: collectWarnings({ head, bare, steps, matching, anonymous, unrecorded, firstPathless, withPath }),
    outcome: inferOutcome({ matching, dropped: head.dropped, steps, root, unplaced }),
    ...(exactNumbers && Object.keys(exactNumbers).length > 0 ? { exactNumbers: asTracePointers(exactNumbers, bare) } : {})
  };
}
