// The model of a trace the byte scanner read (scan.ts), indexed by the very
// rules the exact reader uses (modelIndex.ts), with the values left in the
// file: a step's result is parsed when it is asked for. Only what the index
// needs is parsed now: the head, and the entries that are not a plain
// returned Command (a threw step's error, for its one-line text and the
// recorded outcome; a Parallel decision; an unrecorded entry), which go
// through readStep itself, so they are judged exactly as buildModel judges them.
import { EMPTY_HEAD, readDecision, readHead, readStep } from './entries';
import { ColumnsBuilder, type JoinedPaths } from './columns';
import { TraceParseError } from './errors';
import { indexTrace, type TraceIndex } from './modelIndex';
import { scanTrace, textOf, type ScannedTrace } from './scan';
import type { PathLookup } from './pathIndex';
import { valueOf, type StepValue } from './values';

/** An indexed trace whose values stay in the file until asked for. */
export interface ScannedModel {
  readonly index: TraceIndex;
  readonly byPath: PathLookup;
  readonly scanned: ScannedTrace;
  valueAt(index: number): StepValue;
}

const parseRange = (bytes: Uint8Array, start: number, end: number): unknown => JSON.parse(textOf(bytes, start, end));

/** Every path's text, decoded once for the whole trace (one TextDecoder call, not one per step). */
function joinedPaths(s: ScannedTrace): JoinedPaths {
  const { bytes, entries: e } = s;
  const n = e.count;
  const has = new Uint8Array(n);
  const byteStart = new Uint32Array(n + 1);
  let length = 0;
  for (let i = 0; i < n; i++) {
    byteStart[i] = length;
    if (e.pathStart[i]! >= 0) {
      has[i] = 1;
      length += e.pathEnd[i]! - e.pathStart[i]!;
    }
  }
  byteStart[n] = length;
  const joined = new Uint8Array(length);
  for (let i = 0; i < n; i++) {
    // Byte by byte: a subarray per path to set() from costs more than these few bytes.
    if (!has[i]) continue;
    for (let k = e.pathStart[i]!, to = byteStart[i]!; k < e.pathEnd[i]!; k++, to++) joined[to] = bytes[k]!;
  }
  let ascii = true;
  for (let k = 0; k < length && ascii; k++) if (joined[k]! >= 0x80) ascii = false;
  if (ascii) return { text: textOf(joined, 0, length), start: byteStart, has };
  // Characters past ASCII: offsets in UTF-16 units differ from bytes, so each path is decoded on its own.
  const parts: string[] = [];
  const start = new Uint32Array(n + 1);
  let at = 0;
  for (let i = 0; i < n; i++) {
    start[i] = at;
    if (!has[i]) continue;
    const text = textOf(bytes, e.pathStart[i]!, e.pathEnd[i]!);
    parts.push(text);
    at += text.length;
  }
  start[n] = at;
  return { text: parts.join(''), start, has };
}

const DECISION_KEYS = ['cancelled', 'branch', 'branches'].map((k) => Uint8Array.from(k, (c) => c.charCodeAt(0)));

/**
 * A Parallel decision's result as the recorder writes it ({"cancelled":false,"branches":3}, keys
 * of those three only, values true, false, null or a small whole number, no whitespace), read from
 * its bytes without making a string; undefined for anything else, which JSON.parse then reads. A
 * 100,000-entry trace of Parallels holds ~16,000 of them.
 */
function plainDecision(b: Uint8Array, start: number, end: number): Record<string, unknown> | undefined {
  if (b[start] !== 0x7b || b[end - 1] !== 0x7d) return undefined;
  const out: Record<string, unknown> = {};
  let p = start + 1;
  if (p === end - 1) return out;
  for (;;) {
    if (b[p] !== 0x22) return undefined;
    const k = DECISION_KEYS.findIndex((key) => key.every((c, j) => b[p + 1 + j] === c) && b[p + 1 + key.length] === 0x22);
    if (k < 0) return undefined;
    p += DECISION_KEYS[k]!.length + 2;
    if (b[p++] !== 0x3a) return undefined;
    let value: unknown;
    if (b[p] === 0x74 && b[p + 1] === 0x72 && b[p + 2] === 0x75 && b[p + 3] === 0x65) {
      value = true;
      p += 4;
    } else if (b[p] === 0x66 && b[p + 1] === 0x61 && b[p + 2] === 0x6c && b[p + 3] === 0x73 && b[p + 4] === 0x65) {
      value = false;
      p += 5;
    } else if (b[p] === 0x6e && b[p + 1] === 0x75 && b[p + 2] === 0x6c && b[p + 3] === 0x6c) {
      value = null;
      p += 4;
    } else {
      let n = 0;
      const from = p;
      while (b[p]! >= 0x30 && b[p]! <= 0x39 && p - from < 9) n = n * 10 + (b[p++]! - 0x30);
      // No digits, a leading zero before more, or more digits than kept: JSON.parse reads it.
      if (p === from || (b[from] === 0x30 && p - from > 1) || (b[p]! >= 0x30 && b[p]! <= 0x39)) return undefined;
      value = n;
    }
    // A key given twice: JSON.parse keeps the last, as this does.
    out[['cancelled', 'branch', 'branches'][k]!] = value;
    if (b[p] === 0x2c) p++;
    else return p === end - 1 ? out : undefined;
  }
}

/** The entry as readStep takes it: every field but a plain result, which stays in the file (a decision's is read). */
function skeletonOf(s: ScannedTrace, i: number, command: string, path: string | undefined): Record<string, unknown> {
  const { bytes, entries: e } = s;
  const threw = e.threw[i];
  const d = e.durationMs[i]!;
  const raw: Record<string, unknown> = {
    command,
    path,
    threw: threw === 0 ? undefined : threw === 2,
    durationMs: Number.isNaN(d) ? undefined : d,
    unrecorded: e.unrecordedStart[i]! >= 0 ? textOf(bytes, e.unrecordedStart[i]!, e.unrecordedEnd[i]!) : undefined
  };
  if (e.errorStart[i]! >= 0) raw.error = parseRange(bytes, e.errorStart[i]!, e.errorEnd[i]!);
  if (command === 'Parallel' && path !== undefined && path.endsWith('p') && e.resultStart[i]! >= 0) {
    raw.result = parseRange(bytes, e.resultStart[i]!, e.resultEnd[i]!);
  }
  return raw;
}

/**
 * The indexed trace in `bytes` (UTF-8 without a BOM), or undefined when the
 * scanner cannot read it exactly, or it is a trace the exact reader refuses
 * (which then words the problem).
 */
export function scanModel(bytes: Uint8Array): ScannedModel | undefined {
  const scanned = scanTrace(bytes);
  if (!scanned) return undefined;
  try {
    const rawHead: Record<string, unknown> = {};
    for (const [key, range] of Object.entries(scanned.head)) rawHead[key] = parseRange(bytes, range[0], range[1]);
    const head = scanned.bare ? EMPTY_HEAD : readHead(rawHead);
    const e = scanned.entries;
    const paths = joinedPaths(scanned);
    const columns = new ColumnsBuilder(e.count, paths);
    /** the values of the entries read by readStep; a plain returned step's result stays in the file */
    const read = new Map<number, StepValue>();
    for (let i = 0; i < e.count; i++) {
      const command = e.names[e.command[i]!]!;
      const hasResult = e.resultStart[i]! >= 0;
      const decisionLike = command === 'Parallel' && paths.start[i + 1]! > paths.start[i]! && paths.text.charCodeAt(paths.start[i + 1]! - 1) === 0x70; // a path ending in 'p'
      const plain = e.errorStart[i]! < 0 && e.threw[i] !== 2 && e.unrecordedEnd[i]! <= e.unrecordedStart[i]! && !decisionLike;
      if (plain) {
        // readStep's own outcome for such an entry: a returned step, valued when it has a result.
        const d = e.durationMs[i]!;
        columns.addScanned('returned', command, hasResult, Number.isNaN(d) ? undefined : d);
        continue;
      }
      const path = paths.has[i] === 1 ? paths.text.slice(paths.start[i], paths.start[i + 1]) : undefined;
      if (decisionLike && hasResult) {
        // readStep's decision: whatever else the entry says, a Parallel decision with the result it recorded.
        const result = plainDecision(bytes, e.resultStart[i]!, e.resultEnd[i]!) ?? parseRange(bytes, e.resultStart[i]!, e.resultEnd[i]!);
        const decision = readDecision({ result }, i, path!);
        const d = e.durationMs[i]!;
        columns.addScanned('decision', command, true, Number.isNaN(d) ? undefined : d, decision);
        continue;
      }
      const step = readStep(skeletonOf(scanned, i, command, path), i, hasResult);
      columns.add(step);
      read.set(i, valueOf(step));
    }
    const { index, byPath } = indexTrace(head, scanned.bare, columns.finish(), (i) => read.get(i)?.error);
    const valueAt = (i: number): StepValue => {
      if (i < 0 || i >= e.count) return {};
      const known = read.get(i);
      if (known) return known;
      // A plain returned step, or a decision: both keep their result in the file.
      const start = e.resultStart[i]!;
      return start >= 0 ? { result: parseRange(bytes, start, e.resultEnd[i]!) } : {};
    };
    return { index, byPath, scanned, valueAt };
  } catch (error) {
    if (error instanceof TraceParseError) return undefined;
    throw error;
  }
}
