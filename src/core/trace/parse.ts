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
import type { RecordedModel, TraceModel, TraceSummary } from './model';
import { summarize } from './summary';
import { roundedNumbers } from './exact-numbers';
import type { SkippedFile } from './corpus';

export { buildModel } from './build';
export { summarize } from './summary';

/** Built here, models carry their values (RecordedModel); the UI thread's carry only their outline (TraceModel). */
export type ParseResult<M extends TraceModel = RecordedModel> =
  | { kind: 'trace'; model: M }
  /** `skipped`: the files of a several-file corpus that held no trace (core/trace/corpus.ts) */
  | { kind: 'collection'; summaries: TraceSummary[]; models: M[]; skipped?: SkippedFile[] }
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

/** A JSONL line that is not JSON, located in the file. */
function lineSyntaxProblem(number: number, text: string): TraceProblem {
  const found = findJsonError(text);
  const column = found ? lineColumn(text, found.offset).column : undefined;
  // Within one line the text ends at the line break, not the file's end.
  const what = found ? found.message.replace('end of JSON', 'end of the line') : 'not valid JSON';
  return {
    message: column === undefined ? `line ${number}: ${what}` : `line ${number}, column ${column}: ${what}`,
    hint: 'In a JSONL file every line is one whole trace. This line is cut short or broken; fix it or remove it.',
    where: column === undefined ? { line: number, jsonlLine: number } : { line: number, column, jsonlLine: number }
  };
}

/**
 * One trace per line. A line that holds no trace (cut short by a log line limit, say) is set aside
 * with its problem and the others still open, as `timescope replay-all` does: one bad line must not
 * cost the day's other traces. The file fails as a whole only when no line holds a trace, or when
 * its first line shows it is another kind of JSONL altogether.
 */
const GIVE_UP_AFTER = 20;

function parseJsonl(lines: readonly Line[], fileName: string | undefined): ParseResult {
  const models: RecordedModel[] = [];
  const summaries: TraceSummary[] = [];
  const problems: TraceProblem[] = [];
  for (const { number, text } of lines) {
    // A file whose first lines are all unreadable is not a corpus with a few bad lines: say so
    // now, rather than reading a million lines of something else.
    if (models.length === 0 && problems.length >= GIVE_UP_AFTER) break;
    const parsed = tryParse(text);
    if (!parsed) {
      problems.push(lineSyntaxProblem(number, text));
      continue;
    }
    if (models.length === 0 && problems.length === 0) {
      // A Playwright trace is JSONL too: name the tool once, not line 1's event.
      if (isPlaywrightEvent(parsed.value)) return fail(PLAYWRIGHT_PROBLEM);
      if (isPlainObject(parsed.value) && typeof parsed.value.command === 'string') {
        return fail({
          message: 'this JSONL file holds one trace entry per line; Timescope reads one whole trace per line',
          hint: 'Put the entries into one trace, {"trace":[entry, entry, …]}, or into a JSON array, and open that file.'
        });
      }
    }
    try {
      const model = buildModel(parsed.value, roundedNumbers(text));
      models.push(model);
      summaries.push(summarize(model, number));
    } catch (error) {
      const p = problemOf(error);
      problems.push({ message: `line ${number}: ${p.message}`, hint: p.hint, where: { ...p.where, line: number, jsonlLine: number } });
    }
  }
  const first = problems[0];
  if (models.length === 0 && first) return fail(first);
  const only = models[0];
  if (models.length === 1 && only && !first) return { kind: 'trace', model: only };
  const name = fileName ?? 'the file';
  const skipped = problems.map((p) => ({ name, line: p.where?.jsonlLine, message: p.message }));
  return { kind: 'collection', summaries, models, ...(skipped.length ? { skipped } : {}) };
}

/**
 * JSONL: its first line is a JSON value on its own, or (that line cut or broken) most lines are.
 * A broken pretty-printed trace has few such lines, so it keeps its whole-file line and column.
 */
function looksLikeJsonl(lines: readonly Line[]): boolean {
  if (tryParse(lines[0]!.text)) return true;
  const sample = lines.slice(0, 50);
  return sample.filter((l) => isPlainObject(tryParse(l.text)?.value)).length * 2 > sample.length;
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
      return { kind: 'trace', model: buildModel(whole.value, roundedNumbers(text)) };
    } catch (error) {
      return fail(problemOf(error));
    }
  }
  const lines: Line[] = [];
  text.split('\n').forEach((raw, i) => {
    const t = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (t.trim() !== '') lines.push({ number: i + 1, text: t });
  });
  if (lines.length > 1 && looksLikeJsonl(lines)) return parseJsonl(lines, fileName);
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

