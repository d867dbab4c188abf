// A snippet's outcome on one side, in the terms both sides are compared in, and how the
// sandbox's answers (batch rows, or the RunResult of a flow that did not load) become one.
import type { RunResult } from '../../../src/core/source/runFlow';
import type { BatchRow } from '../../../src/core/batch/row';
import { PENDING, SNIPPET_FILE } from './flow';

export type Phase = 'compile' | 'load' | 'run';

export type Outcome =
  /** run() returned (or its promise fulfilled with) the serialized value */
  | { readonly kind: 'value'; readonly value: string }
  /**
   * it threw: `name` is the thrown Error's constructor name, or 'value' (then `message` is the
   * serialized value); a compile refusal is a SyntaxError whose message is not compared
   */
  | { readonly kind: 'threw'; readonly phase: Phase; readonly name: string; readonly message: string; readonly line?: number }
  /** run()'s promise had not settled when the sandbox's Command continued */
  | { readonly kind: 'pending' }
  /** the side gave no answer of its own (timed out, crashed, answered something unexpected) */
  | { readonly kind: 'broken'; readonly message: string };

/** The outcome text serialize.ts makes (what the sandbox compares with), from an outcome. */
export function outcomeTextOf(o: Outcome): string {
  if (o.kind === 'value') return `{"ok":${o.value}}`;
  if (o.kind === 'threw') return o.name === 'value' ? `{"threw":"value","v":${o.message}}` : `{"threw":${JSON.stringify(o.name)},"message":${JSON.stringify(o.message)}}`;
  if (o.kind === 'pending') return PENDING;
  return `{"broken":${JSON.stringify(o.message)}}`;
}

/** The outcome an outcome text says (phase 'run'). */
export function outcomeFromText(text: string): Outcome {
  let parsed: { ok?: unknown; threw?: unknown; message?: unknown; v?: unknown; pending?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return { kind: 'broken', message: `unreadable outcome text: ${text}` };
  }
  if (parsed.pending === true) return { kind: 'pending' };
  if ('ok' in parsed) return { kind: 'value', value: JSON.stringify(parsed.ok) };
  if (parsed.threw === 'value') return { kind: 'threw', phase: 'run', name: 'value', message: JSON.stringify(parsed.v) };
  if (typeof parsed.threw === 'string') return { kind: 'threw', phase: 'run', name: parsed.threw, message: String(parsed.message) };
  return { kind: 'broken', message: `unreadable outcome text: ${text}` };
}

/** runFlow's load-error message is `Name: text` (no name for Error), with where it was loading when it has no location. */
export function splitLoadMessage(message: string): { name: string; message: string } {
  const text = message.replace(/ \(while loading '[^']*'\)$/, '');
  const m = /^([A-Za-z_$][\w$]*): ([\s\S]*)$/.exec(text);
  return m ? { name: m[1]!, message: m[2]! } : { name: 'Error', message: text };
}

/** The location the sandbox gave, as a line of snippet.js (undefined when elsewhere, or none). */
const snippetLine = (file: string | undefined, line: number | undefined) => (file === SNIPPET_FILE ? line : undefined);

/** A flow that did not load, compile or export its flow: what the snippet did, as the sandbox said it. */
export function outcomeOfRunResult(r: Exclude<RunResult, { kind: 'report' }>): Outcome {
  if (r.kind === 'compile-error') {
    const line = snippetLine(r.file, r.line);
    return { kind: 'threw', phase: 'compile', name: 'SyntaxError', message: `${r.file}:${r.line}:${r.column}: ${r.message}`, ...(line !== undefined ? { line } : {}) };
  }
  if (r.kind === 'load-error') {
    // a thrown string is described as \`a string: <text>\` (values/describeThrown.ts)
    const thrownString = /^a string: ([\s\S]*?)(?: \(while loading '[^']*'\))?$/.exec(r.message);
    if (thrownString) return { kind: 'threw', phase: 'load', name: 'value', message: JSON.stringify(thrownString[1]) };
    const { name, message } = splitLoadMessage(r.message);
    const line = snippetLine(r.location?.file, r.location?.line);
    return { kind: 'threw', phase: 'load', name, message, ...(line !== undefined ? { line } : {}) };
  }
  return { kind: 'broken', message: `${r.kind}: ${JSON.stringify(r)}` };
}

/** The detail line of a Failure row: `Failure: "<the flow's Failure text, as JSON>"`, maybe cut at 300 characters. */
function failureText(detail: string): string | undefined {
  const m = /^Failure: ([\s\S]*?)(?: \(the trace does not prove production’s outcome\))?$/.exec(detail);
  if (!m) return undefined;
  try {
    const v = JSON.parse(m[1]!) as unknown;
    return typeof v === 'string' ? v : undefined;
  } catch {
    // cut short: the row's detail keeps 300 characters; show what there is
    return m[1]!.replace(/^"/, '').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  }
}

/**
 * A row of the replay of a snippet's flow, against the outcome text the flow compared with:
 * Success is that very outcome; a Failure carries the sandbox's own outcome text; a flow error is
 * the expected throw, thrown again, with the line the sandbox located it at.
 */
export function outcomeOfRow(row: BatchRow, expected: Outcome): Outcome {
  if (row.verdict === 'reproduced' && row.detail.startsWith('Success')) return expected;
  if (row.verdict === 'reproduced') {
    const text = failureText(row.detail);
    if (text === undefined) return { kind: 'broken', message: row.detail };
    const o = outcomeFromText(text);
    // the row's detail keeps 300 characters: a longer outcome text arrives cut short
    return o.kind === 'broken' ? { kind: 'broken', message: `(cut at 300 characters) ${text}` } : o;
  }
  if (row.verdict === 'flow-error' && expected.kind === 'threw') {
    const at = /\(([^()]*):(\d+):(\d+)\)$/.exec(row.detail);
    const line = at ? snippetLine(at[1], Number(at[2])) : undefined;
    return { kind: 'threw', phase: 'run', name: expected.name, message: expected.message, ...(line !== undefined ? { line } : {}) };
  }
  return { kind: 'broken', message: `${row.verdict}: ${row.detail}` };
}
