// A corpus of traces for a batch replay: the items of a JSONL file (one trace per non-blank line), a
// single JSON trace, or a capsule's trace, each named by its source and line so a verdict, a shard
// and a CI report can point at it. Lines are only cut here, not parsed: the replay worker parses
// each one (off the main thread), and says when a line is not a trace.
import { isPlainObject } from '../trace/describe';

export interface CorpusItem {
  /** the file the trace came from, as the person named it */
  readonly source: string;
  /** 1-based line of the trace in its source (1 for a JSON file or a capsule) */
  readonly line: number;
  /** the trace as JSON text */
  readonly text: string;
}

/** Each non-blank line of a JSONL text as an item; `keep` decides by line (a shard), before any copy is made. */
export function jsonlItems(text: string, source: string, keep: (line: number) => boolean = () => true): CorpusItem[] {
  const items: CorpusItem[] = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    // Blank lines (a trailing newline, spacing) hold no trace and are not counted as items.
    let first = start;
    while (first < stop && isBlank(text.charCodeAt(first))) first++;
    while (stop > first && isBlank(text.charCodeAt(stop - 1))) stop--;
    if (stop > first && keep(line)) items.push({ source, line, text: text.slice(first, stop) });
    start = end + 1;
    line++;
  }
  return items;
}

const isBlank = (c: number) => c === 32 || c === 9 || c === 13;

/** What a line's parsed value must look like to be replayed; the reason otherwise. */
export function traceProblem(value: unknown): string | undefined {
  if (Array.isArray(value)) return 'a bare array of trace entries: replay needs the whole trace, whose initialInput rebuilds the flow';
  if (!isPlainObject(value)) return `not a pure-effect trace: expected an object with a \`trace\` array, got ${value === null ? 'null' : typeof value}`;
  if (!Array.isArray(value.trace)) {
    if (typeof value.command === 'string') return 'one trace entry, not a whole trace: a JSONL corpus holds one whole trace per line';
    return 'not a pure-effect trace: expected an object with a `trace` array, from recordEffect or a recorder’s toTrace';
  }
  return undefined;
}

/** Parse one item; the trace, or why it cannot be replayed (named by source:line by the caller). */
export function parseItem(text: string): { trace: unknown } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  const problem = traceProblem(value);
  return problem ? { problem } : { trace: value };
}
