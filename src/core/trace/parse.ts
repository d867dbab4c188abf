// The one entry point from bytes or text to trace models. Never throws: every
// way a file can be unusable comes back as a located TraceProblem.
//
// Input forms: one JSON value (a trace object, or a bare array of entries), or
// JSONL with one trace per line. The text is JSONL only when it is not one
// JSON value but its first non-blank line is, so a broken pretty-printed trace
// still gets a whole-file line/column rather than a per-line complaint.

import { decodeUtf8, sniffBinary } from './bytes';
import { TraceParseError, type TraceProblem } from './errors';
import { buildModel } from './build';
import { isPlainObject } from './describe';
import { isPlaywrightEvent, PLAYWRIGHT_PROBLEM } from './foreign';
import { findJsonError, lineColumn } from './json-locate';
import type { TraceModel, TraceSummary } from './model';
import { summarize } from './summary';
import { roundedIntegers } from './exact-numbers';

export { buildModel } from './build';
export { summarize } from './summary';

export type ParseResult =
  | { kind: 'trace'; model: TraceModel }
  | { kind: 'collection'; summaries: TraceSummary[]; models: TraceModel[] }
  | { kind: 'error'; problem: TraceProblem };

const fail = (problem: TraceProblem): ParseResult => ({ kind: 'error', problem });

function problemOf(error: unknown): TraceProblem {
  if (error instanceof TraceParseError) return error.problem;
  // A bug of ours, not the file's; still a message rather than a crash.
  const detail = error instanceof Error ? error.message : String(error);
  return { message: `the trace could not be read: ${detail}`, hint: 'This is a bug in Timescope; please report it with the file.' };
}

function tryParse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

const SYNTAX_HINT = 'The file is not valid JSON there. If it was cut short (a copy, a log line limit), save the whole trace again.';

/** A whole-text JSON syntax error, located by our own scanner. */
function syntaxProblem(text: string): TraceProblem {
  const found = findJsonError(text);
  if (!found) return { message: 'the text is not valid JSON', hint: SYNTAX_HINT };
  const { line, column } = lineColumn(text, found.offset);
  return { message: `line ${line}, column ${column}: ${found.message}`, hint: SYNTAX_HINT, where: { line, column } };
}

interface Line {
  readonly number: number;
  readonly text: string;
}

function parseJsonl(lines: readonly Line[]): ParseResult {
  const models: TraceModel[] = [];
  const summaries: TraceSummary[] = [];
  for (const { number, text } of lines) {
    const parsed = tryParse(text);
    if (!parsed) {
      const found = findJsonError(text);
      const column = found ? lineColumn(text, found.offset).column : undefined;
      // Within one line the text ends at the line break, not the file's end.
      const what = found ? found.message.replace('end of JSON', 'end of the line') : 'not valid JSON';
      return fail({
        message: column === undefined ? `line ${number}: ${what}` : `line ${number}, column ${column}: ${what}`,
        hint: 'In a JSONL file every line is one whole trace. This line is cut short or broken; fix it or remove it.',
        where: column === undefined ? { line: number, jsonlLine: number } : { line: number, column, jsonlLine: number }
      });
    }
    // A Playwright trace is JSONL too: name the tool once, not line 1's event.
    if (models.length === 0 && isPlaywrightEvent(parsed.value)) return fail(PLAYWRIGHT_PROBLEM);
    if (models.length === 0 && isPlainObject(parsed.value) && typeof parsed.value.command === 'string') {
      return fail({
        message: 'this JSONL file holds one trace entry per line; Timescope reads one whole trace per line',
        hint: 'Put the entries into one trace, {"trace":[entry, entry, …]}, or into a JSON array, and open that file.'
      });
    }
    try {
      const model = buildModel(parsed.value, roundedIntegers(text));
      models.push(model);
      summaries.push(summarize(model, number));
    } catch (error) {
      const p = problemOf(error);
      return fail({ message: `line ${number}: ${p.message}`, hint: p.hint, where: { ...p.where, line: number, jsonlLine: number } });
    }
  }
  const only = models[0];
  return models.length === 1 && only ? { kind: 'trace', model: only } : { kind: 'collection', summaries, models };
}

/** Parse a trace from text. Never throws. */
export function parseTraceText(text: string, fileName?: string): ParseResult {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') {
    return fail({
      message: 'the file is empty',
      hint: `${fileName ? `${fileName} holds no text. ` : ''}Save the trace with JSON.stringify(result.trace) and open that file.`
    });
  }
  const whole = tryParse(text);
  if (whole) {
    try {
      return { kind: 'trace', model: buildModel(whole.value, roundedIntegers(text)) };
    } catch (error) {
      return fail(problemOf(error));
    }
  }
  const lines: Line[] = [];
  text.split('\n').forEach((raw, i) => {
    const t = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (t.trim() !== '') lines.push({ number: i + 1, text: t });
  });
  const first = lines[0];
  if (lines.length > 1 && first && tryParse(first.text)) return parseJsonl(lines);
  return fail(syntaxProblem(text));
}

/** Parse a trace from a file's bytes: sniff binary formats, strip a BOM, decode UTF-8. Never throws. */
export function parseTraceBytes(bytes: Uint8Array, fileName?: string): ParseResult {
  const binary = sniffBinary(bytes, fileName);
  if (binary) return fail(binary);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const decoded = decodeUtf8(bytes, bom ? 3 : 0);
  if ('problem' in decoded) return fail(decoded.problem);
  return parseTraceText(decoded.text, fileName);
}
