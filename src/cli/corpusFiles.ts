// The corpus `replay-all` reads: JSONL files, JSON traces, capsules, and folders of them, cut into
// items named by source and line, with the shard applied as each file is cut. Each file's bytes
// are read into a SharedArrayBuffer that the replay workers read too: a JSONL file's lines are
// found in its bytes (core/batch/lines.ts) and kept as byte ranges, never decoded here but for
// the first few, so 40,000 traces cost this thread a scan and four numbers each. Unreadable input
// is an InputError naming the file (exit 2).
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseItem } from '../core/batch/corpus';
import { forEachJsonlLine } from '../core/batch/lines';
import { shardPicker, type Shard } from '../core/batch/shard';
import { looksEncrypted } from '../core/share/encrypted';
import { isZip } from '../core/share/zipDirectory';
import type { BatchCorpus } from '../sandbox/batch/protocol';
import { InputError, readBytes } from './files';

/** The items of the chosen shard, in input order: item `seq` is in files[chunk[seq]], whose bytes are chunks[chunk[seq]]. */
export interface Corpus extends BatchCorpus {
  /** per item: its 1-based line in its source (1 for a JSON file or a capsule) */
  readonly line: Int32Array;
  /** every item of every input, before sharding */
  readonly total: number;
  /** the files read, in order, one chunk each */
  readonly files: readonly string[];
}

/** An item's text, decoded as the worker decodes it (for the few this thread reads). */
export function itemText(corpus: BatchCorpus, seq: number): string {
  return bufferOf(corpus.chunks[corpus.chunk[seq]!]!).toString('utf8', corpus.start[seq], corpus.end[seq]);
}

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

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

/** Files up to this size are read straight into shared memory; readFileSync refuses bigger ones, with its message. */
const MAX_DIRECT = 2 ** 31 - 1;

/** A regular file's bytes, read into a SharedArrayBuffer as readFileSync reads (a file that shrank meanwhile ends where it ended). */
function readDirect(file: string): Uint8Array | undefined {
  let fd: number | undefined;
  try {
    // Looked at before it is opened: a named pipe opened here and again by readBytes would be
    // without a reader in between, and its writer stopped by SIGPIPE.
    if (!statSync(file).isFile()) return undefined;
    fd = openSync(file, 'r');
    const stat = fstatSync(fd);
    const { size } = stat;
    if (!stat.isFile() || size === 0 || size > MAX_DIRECT) return undefined;
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let at = 0;
    for (let read = -1; read !== 0 && at < size; at += read) read = readSync(fd, bytes, at, size - at, null);
    return at < size ? bytes.subarray(0, at) : bytes;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The file's bytes in shared memory. A pipe, an empty or huge file, or any trouble goes through readBytes: its reading, and its message. */
function readShared(cwd: string, file: string): Uint8Array {
  return readDirect(path.resolve(cwd, file)) ?? sharedCopy(readBytes(cwd, file, 'traces'));
}

function sharedCopy(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

/** The corpus being read: each file's chunk, and the items so far in growing typed arrays. */
class CorpusBuilder {
  readonly chunks: Uint8Array[] = [];
  readonly files: string[] = [];
  count = 0;
  total = 0;
  chunk = new Int32Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);
  line = new Int32Array(1024);

  add(file: string, bytes: Uint8Array): number {
    this.files.push(file);
    return this.chunks.push(bytes) - 1;
  }

  item(chunk: number, start: number, end: number, line: number): void {
    if (this.count === this.chunk.length) {
      const grow = (a: Int32Array) => {
        const bigger = new Int32Array(a.length * 2);
        bigger.set(a);
        return bigger;
      };
      [this.chunk, this.start, this.end, this.line] = [grow(this.chunk), grow(this.start), grow(this.end), grow(this.line)];
    }
    const i = this.count++;
    this.chunk[i] = chunk;
    this.start[i] = start;
    this.end[i] = end;
    this.line[i] = line;
  }

  /** A JSON trace or a capsule's: its text, in a chunk of its own. */
  textItem(file: string, text: string, keep: boolean): void {
    const bytes = sharedCopy(Buffer.from(text, 'utf8'));
    const chunk = this.add(file, bytes);
    this.total += 1;
    if (keep) this.item(chunk, 0, bytes.length, 1);
  }

  corpus(): Corpus {
    const n = this.count;
    return { chunks: this.chunks, files: this.files, count: n, total: this.total, chunk: this.chunk.subarray(0, n), start: this.start.subarray(0, n), end: this.end.subarray(0, n), line: this.line.subarray(0, n) };
  }
}

async function readFile(cwd: string, file: string, keep: (line: number) => boolean, into: CorpusBuilder): Promise<void> {
  const view = readShared(cwd, file);
  if (looksEncrypted(view)) throw new InputError(`'${file}' is an encrypted capsule; replay-all reads plain capsules (open it with timescope replay --key, or share it unencrypted)`);
  if (isZip(view)) {
    const { readCapsule } = await import('../core/share/capsule');
    const read = readCapsule(view);
    if (!read.ok) throw new InputError(`cannot read capsule '${file}': ${read.message}`);
    return into.textItem(file, read.traceText, keep(1));
  }
  // A .json file is one trace, pretty-printed or not; anything else is one trace per line.
  if (/\.json$/i.test(file)) {
    const trimmed = bufferOf(view).toString('utf8').replace(/^\ufeff/, '').trim();
    if (trimmed === '') return void into.add(file, new Uint8Array(0));
    return into.textItem(file, trimmed, keep(1));
  }
  const chunk = into.add(file, view);
  const probe: { line: number; start: number; end: number }[] = [];
  forEachJsonlLine(bufferOf(view), (line, start, end) => {
    into.total += 1;
    if (probe.length < PROBE_LINES) probe.push({ line, start, end });
    if (keep(line)) into.item(chunk, start, end, line);
  });
  refuseIfNoCorpus(file, view, probe);
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
function refuseIfNoCorpus(file: string, bytes: Uint8Array, lines: readonly { line: number; start: number; end: number }[]): void {
  if (lines.length < PROBE_LINES) return;
  let first: string | undefined;
  for (const { line, start, end } of lines) {
    // Decoded, a line has at least a third as many UTF-16 units as bytes: one over three times the limit is too long undecoded.
    if (end - start > 3 * PROBE_MAX_CHARS) return;
    const text = bufferOf(bytes).toString('utf8', start, end);
    if (text.length > PROBE_MAX_CHARS) return;
    const parsed = parseItem(text);
    if (!('problem' in parsed)) return;
    first ??= `line ${line}: ${parsed.problem}`;
  }
  throw new InputError(`'${file}' holds no trace in its first ${PROBE_LINES} lines, so it is not a corpus of traces (${first})`);
}

export async function readCorpus(cwd: string, inputs: readonly string[], shard: Shard | undefined): Promise<Corpus> {
  const files = inputs.flatMap((input) => expand(cwd, input));
  const pick = shardPicker(shard);
  const into = new CorpusBuilder();
  for (const file of files) await readFile(cwd, file, pick(file), into);
  return into.corpus();
}
