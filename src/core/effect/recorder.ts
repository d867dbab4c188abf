// recorder and recordEffect (spec §4.1–4.3): an onStep hook that appends one
// entry per finished step, in completion order, and packs traces.

import { describeArg, isBoolean, isFunction, isPositiveInteger, optionsProblem, type OptionRule } from './describe';
import type { OnStep, StepOp } from './hooks';
import { copyValue } from './copy';
import type { Outcome } from './nodes';
import { runEffect } from './run';
import { serializeError } from './serialize';

export type RedactKind = 'initialInput' | 'context' | 'result' | 'error';
export type Redact = (copy: unknown, name: string, kind: RedactKind) => unknown;
export type Unrecorded = 'copy' | 'redact';

export interface RecorderOptions {
  readonly redact?: Redact;
  readonly maxEntries?: number;
  readonly stack?: boolean;
}
export interface TraceMeta {
  readonly initialInput?: unknown;
  readonly context?: unknown;
  readonly flowName?: unknown;
  readonly version?: unknown;
}
export type TraceEntry = Record<string, unknown>;
export interface Trace {
  readonly flowName?: unknown;
  readonly version?: unknown;
  readonly initialInput?: unknown;
  readonly context?: unknown;
  readonly unrecorded?: Readonly<Record<string, Unrecorded>>;
  readonly dropped: number;
  readonly trace: TraceEntry[];
}
export interface Recorder {
  readonly onStep: OnStep;
  readonly entries: TraceEntry[];
  toTrace(meta?: TraceMeta): Trace;
}

const RECORDER_RULES: readonly OptionRule[] = [
  { name: 'redact', rule: 'a function', ok: isFunction },
  { name: 'maxEntries', rule: 'a positive integer or Infinity', ok: (v) => isPositiveInteger(v) || v === Infinity },
  { name: 'stack', rule: 'true or false', ok: isBoolean }
];
const RECORD_RULES: readonly OptionRule[] = [{ name: 'context' }, { name: 'version' }, ...RECORDER_RULES];

type Stored = { readonly value: unknown } | { readonly unrecorded: Unrecorded };

function makeRecorder(options: RecorderOptions | null | undefined): Recorder & { dropped(): number } {
  const o = options ?? {};
  const redact = o.redact;
  const max = o.maxEntries ?? Infinity;
  const entries: TraceEntry[] = [];
  let dropped = 0;

  // Copy, then let redact see (and change) a copy, then copy what it returned.
  const store = (value: unknown, name: string, kind: RedactKind, wasError = false): Stored => {
    const c = copyValue(value);
    if (!c.ok) return { unrecorded: 'copy' };
    if (!redact) return { value: c.value };
    // Everything built from redact's answer sits inside the same guard as the
    // call: an answer whose keys cannot even be listed (a Proxy whose ownKeys
    // throws) leaves the entry unrecorded, and the run goes on (§12 case 3).
    try {
      let r = redact(c.value, name, kind);
      // A redacted Error stays revivable as an Error.
      if (wasError && typeof r === 'object' && r !== null && !Array.isArray(r) && (r as { __error?: unknown }).__error !== true) {
        r = { __error: true, ...r };
      }
      const c2 = copyValue(r);
      return c2.ok ? { value: c2.value } : { unrecorded: 'redact' };
    } catch {
      return { unrecorded: 'redact' };
    }
  };

  const storeError = (thrown: unknown, name: string): Stored => {
    let ser: unknown;
    let wasError: boolean;
    try {
      // Both can throw for a hostile value (a getter, a Proxy's traps).
      wasError = thrown instanceof Error;
      ser = serializeError(thrown, { stack: o.stack === true });
    } catch {
      return { unrecorded: 'copy' };
    }
    return store(ser, name, 'error', wasError);
  };

  const entryFor = (name: string, type: string, path: string, threw: boolean, value: unknown, ms: number): TraceEntry => {
    const entry: TraceEntry = { command: name, path };
    if (threw) entry.threw = true;
    let stored: Stored;
    if (!threw && type === 'Parallel') {
      const c = copyValue(value); // decisions are never redacted
      stored = c.ok ? { value: c.value } : { unrecorded: 'copy' };
    } else if (threw) {
      stored = storeError(value, name);
    } else {
      stored = store(value, name, 'result');
    }
    if ('unrecorded' in stored) entry.unrecorded = stored.unrecorded;
    else entry[threw ? 'error' : 'result'] = stored.value;
    entry.durationMs = Math.round(ms * 1000) / 1000;
    return entry;
  };

  const push = (entry: TraceEntry): void => {
    if (entries.length < max) entries.push(entry);
    else dropped += 1;
  };

  const onStep: OnStep = async (name, type, op: StepOp, path) => {
    const t0 = globalThis.performance.now();
    let value: unknown;
    try {
      value = await op();
    } catch (e) {
      push(entryFor(name, type, path, true, e, globalThis.performance.now() - t0));
      throw e;
    }
    push(entryFor(name, type, path, false, value, globalThis.performance.now() - t0));
    return value;
  };

  const toTrace = (meta?: TraceMeta): Trace => {
    const out: Record<string, unknown> = { flowName: meta?.flowName, version: meta?.version };
    const unrecorded: Record<string, Unrecorded> = {};
    for (const key of ['initialInput', 'context'] as const) {
      const v = meta?.[key];
      if (v === undefined) {
        out[key] = undefined;
        continue;
      }
      const s = store(v, key, key);
      if ('unrecorded' in s) unrecorded[key] = s.unrecorded;
      else out[key] = s.value;
    }
    if (Object.keys(unrecorded).length > 0) out.unrecorded = unrecorded;
    out.dropped = dropped;
    out.trace = entries.slice();
    return out as unknown as Trace;
  };

  return { onStep, entries, toTrace, dropped: () => dropped };
}

export function recorder(options?: RecorderOptions | null): Recorder {
  const problem = optionsProblem('recorder', options, RECORDER_RULES);
  if (problem) throw new TypeError(problem);
  const r = makeRecorder(options);
  return { onStep: r.onStep, entries: r.entries, toTrace: r.toTrace };
}

export interface RecordOptions extends RecorderOptions {
  readonly context?: unknown;
  readonly version?: unknown;
}

export async function recordEffect(
  flowFn: (input: never) => unknown,
  initialInput?: unknown,
  options?: RecordOptions | null
): Promise<{ result: Outcome; trace: Trace }> {
  const problem = optionsProblem('recordEffect', options, RECORD_RULES);
  if (problem) throw new TypeError(problem);
  if (typeof flowFn !== 'function') {
    throw new TypeError(`recordEffect expects the function that builds the flow from its input, got ${describeArg(flowFn)}.`);
  }
  const o = options ?? {};
  const context = o.context === undefined ? {} : o.context;
  const rec = makeRecorder(o);
  // Packed before the run, so later mutations of the input or context do not leak in.
  const head = rec.toTrace({ initialInput, flowName: (context as { flowName?: unknown } | null)?.flowName, context, version: o.version });
  const flow = (flowFn as (input: unknown) => unknown)(initialInput);
  const result = await runEffect(flow, context, { onStep: rec.onStep });
  return { result, trace: { ...head, dropped: rec.dropped(), trace: rec.entries } };
}
