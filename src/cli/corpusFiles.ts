// The corpus `replay-all` reads: JSONL files, JSON traces, capsules, and folders of them, cut into
// items named by source and line, with the shard applied as each file is cut. Unreadable input is
// an InputError naming the file (exit 2).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { jsonlItems, parseItem, type CorpusItem } from '../core/batch/corpus';
import { shardPicker, type Shard } from '../core/batch/shard';
import { looksEncrypted } from '../core/share/encrypted';
import { isZip } from '../core/share/zipDirectory';
import { InputError, readBytes } from './files';

export interface Corpus {
  /** the items of the chosen shard, in input order */
  readonly items: CorpusItem[];
  /** every item of every input, before sharding */
  readonly total: number;
  /** the files read, in order */
  readonly files: readonly string[];
}

const TRACE_FILE = /\.(jsonl|ndjson|json|zip)$/i;

/** The files an input names: itself, or a folder's trace files by name. */
function expand(cwd: string, input: string): string[] {
  let isDir: boolean;
  try {
    isDir = statSync(path.resolve(cwd, input)).isDirectory();
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    throw new InputError(`cannot read traces '${input}': ${code === 'ENOENT' ? 'no such file or folder' : e instanceof Error ? e.message : String(e)}`);
  }
  if (!isDir) return [input];
  const names = readdirSync(path.resolve(cwd, input))
    .filter((n) => TRACE_FILE.test(n) && statSync(path.resolve(cwd, input, n)).isFile())
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 0) throw new InputError(`folder '${input}' holds no trace files (*.json, *.jsonl or capsule *.zip)`);
  return names.map((n) => path.join(input, n).split(path.sep).join('/'));
}

async function itemsOf(cwd: string, file: string, keep: (line: number) => boolean): Promise<{ items: CorpusItem[]; total: number }> {
  const bytes = readBytes(cwd, file, 'traces');
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (looksEncrypted(view)) throw new InputError(`'${file}' is an encrypted capsule; replay-all reads plain capsules (open it with timescope replay --key, or share it unencrypted)`);
  if (isZip(view)) {
    const { readCapsule } = await import('../core/share/capsule');
    const read = readCapsule(view);
    if (!read.ok) throw new InputError(`cannot read capsule '${file}': ${read.message}`);
    return { items: keep(1) ? [{ source: file, line: 1, text: read.traceText }] : [], total: 1 };
  }
  const text = bytes.toString('utf8');
  // A .json file is one trace, pretty-printed or not; anything else is one trace per line.
  if (/\.json$/i.test(file)) {
    const trimmed = text.replace(/^\ufeff/, '').trim();
    if (trimmed === '') return { items: [], total: 0 };
    return { items: keep(1) ? [{ source: file, line: 1, text: trimmed }] : [], total: 1 };
  }
  const all = jsonlItems(text, file, () => true);
  refuseIfNoCorpus(file, all);
  return { items: all.filter((i) => keep(i.line)), total: all.length };
}

/** Lines read on this thread to tell a log from a corpus; a longer first line is taken for a trace (its worker judges it). */
const PROBE_LINES = 20;
const PROBE_MAX_CHARS = 1 << 20;

/**
 * A JSONL file whose first 20 lines are all unreadable is another kind of file (an app log, one
 * entry per line), not a corpus with a few bad lines: it is refused there, naming line 1, as the app
 * does, instead of a message per line for a million-line log. Once a line holds a trace, no number
 * of bad lines refuses the file: they are reported one by one.
 */
function refuseIfNoCorpus(file: string, items: readonly CorpusItem[]): void {
  if (items.length < PROBE_LINES) return;
  let first: string | undefined;
  for (const item of items.slice(0, PROBE_LINES)) {
    if (item.text.length > PROBE_MAX_CHARS) return;
    const parsed = parseItem(item.text);
    if (!('problem' in parsed)) return;
    first ??= `line ${item.line}: ${parsed.problem}`;
  }
  throw new InputError(`'${file}' holds no trace in its first ${PROBE_LINES} lines, so it is not a corpus of traces (${first})`);
}

export async function readCorpus(cwd: string, inputs: readonly string[], shard: Shard | undefined): Promise<Corpus> {
  const files = inputs.flatMap((input) => expand(cwd, input));
  const pick = shardPicker(shard);
  const items: CorpusItem[] = [];
  let total = 0;
  for (const file of files) {
    const got = await itemsOf(cwd, file, pick(file));
    for (const item of got.items) items.push(item);
    total += got.total;
  }
  return { items, total, files };
}
