// A trace's steps as columns: one typed array per field, strings joined into
// one text per field with offsets. This is the model's one representation of
// its steps: the byte scanner (scanModel.ts) and the exact reader (build.ts)
// both fill it, every index is derived from it (modelIndex.ts), and it moves
// to the UI thread by transfer, where a step becomes an object only when a
// panel asks for it (outline.ts). At 100,000 steps it is ~4 MB, against the
// ~60 MB that objects of the same steps cost.
import type { Lane, ParallelDecision, StepKind } from './model';
import { isGrammarPath, parsePath, type ParsedPath } from './paths';

export const KINDS: readonly StepKind[] = ['returned', 'threw', 'decision', 'unrecorded'];
export const KIND_CODE: Record<StepKind, number> = { returned: 0, threw: 1, decision: 2, unrecorded: 3 };

export const THREW = 1;
export const HAS_VALUE = 2;
/** the path follows the recorder's grammar */
export const PLACED = 4;
export const HAS_PATH = 8;
export const HAS_DURATION = 16;

/** decisionCancelled: no decision at this step */
export const NO_DECISION = -1;
/** decisionBranch: the decision has no usable `branch` */
export const NO_BRANCH = -2;
/** decisionBranch: `branch: null` (an enclosing Parallel aborted this one) */
export const NULL_BRANCH = -1;

export interface StepColumns {
  readonly count: number;
  readonly kind: Uint8Array;
  readonly flags: Uint8Array;
  /** lanes.length, capped at 0xffff */
  readonly depth: Uint16Array;
  /** 0 where HAS_DURATION is not set */
  readonly durationMs: Float64Array;
  /** index into commandNames */
  readonly command: Uint32Array;
  readonly commandNames: readonly string[];
  /** every path, one after another: step i's is pathText[pathStart[i], pathStart[i + 1]) */
  readonly pathText: string;
  readonly pathStart: Uint32Array;
  /** index into the lane table: the sequence a step sits in (0: the root, no lanes) */
  readonly lane: Uint32Array;
  /** lane l's sequence prefix ('' for 0, else e.g. '3p1/0r0/') is laneText[laneStart[l], laneStart[l + 1]) */
  readonly laneText: string;
  readonly laneStart: Uint32Array;
  /** the step index of the Parallel decision the step's innermost branch belongs to; -1 when none or not recorded */
  readonly parent: Int32Array;
  /** a decision's `cancelled` as 0 or 1; NO_DECISION for other steps */
  readonly decisionCancelled: Int8Array;
  /** a decision's branch, NULL_BRANCH for null, NO_BRANCH when absent */
  readonly decisionBranch: Int32Array;
  /** a decision's declared branch count, -1 when absent */
  readonly decisionBranches: Int32Array;
  /** a threw step's error in one line; '' for the others */
  readonly errorText: string;
  readonly errorTextStart: Uint32Array;
  /** an unrecorded step's reason; '' for the others */
  readonly unrecordedText: string;
  readonly unrecordedStart: Uint32Array;
}

/** The typed arrays of columns, for postMessage's transfer list. */
export function columnBuffers(c: StepColumns): ArrayBuffer[] {
  return [
    c.kind, c.flags, c.depth, c.durationMs, c.command, c.pathStart, c.lane, c.laneStart, c.parent,
    c.decisionCancelled, c.decisionBranch, c.decisionBranches, c.errorTextStart, c.unrecordedStart
  ].map((a) => a.buffer as ArrayBuffer);
}

export const textAt = (text: string, start: Uint32Array, i: number): string => text.slice(start[i], start[i + 1]);
export const pathAt = (c: StepColumns, i: number): string | undefined => ((c.flags[i]! & HAS_PATH) !== 0 ? textAt(c.pathText, c.pathStart, i) : undefined);

/** The decision of step i, as a TraceStep carries it. */
export function decisionAt(c: StepColumns, i: number): ParallelDecision | undefined {
  const cancelled = c.decisionCancelled[i]!;
  if (cancelled === NO_DECISION) return undefined;
  const branch = c.decisionBranch[i]!;
  const branches = c.decisionBranches[i]!;
  return {
    cancelled: cancelled === 1,
    ...(branch === NULL_BRANCH ? { branch: null } : branch >= 0 ? { branch } : {}),
    ...(branches >= 0 ? { branches } : {})
  };
}

/** Each Command's first step that is not a Parallel decision, by name, in first-seen order. */
export function firstStepOfEach(c: StepColumns): Map<string, number> {
  const first = new Int32Array(c.commandNames.length).fill(-1);
  const decision = KIND_CODE.decision;
  for (let i = 0; i < c.count; i++) {
    const id = c.command[i]!;
    if (first[id] === -1 && c.kind[i] !== decision) first[id] = i;
  }
  const out = new Map<string, number>();
  c.commandNames.forEach((name, id) => {
    if (first[id]! >= 0) out.set(name, first[id]!);
  });
  return out;
}

/** The steps of one Command (decisions included when it is 'Parallel'), ascending. */
export function stepsOfCommand(c: StepColumns, name: string): number[] {
  const id = c.commandNames.indexOf(name);
  const out: number[] = [];
  if (id < 0) return out;
  for (let i = 0; i < c.count; i++) if (c.command[i] === id) out.push(i);
  return out;
}

// ---------------------------------------------------------------- lanes

const NO_LANES: readonly Lane[] = Object.freeze([]);

/** The lanes a sequence prefix opens ('3p1/0r0/': branch 1 of the Parallel at 3p, attempt 0 of the Retry at 3p1/0), outermost first. */
export function lanesOfPrefix(prefix: string): readonly Lane[] {
  if (prefix === '') return NO_LANES;
  const parsed = parsePath(`${prefix}0`);
  return parsed ? lanesOfSegments(parsed) : NO_LANES;
}

export function lanesOfSegments(parsed: ParsedPath): readonly Lane[] {
  if (parsed.segments.length === 0) return NO_LANES;
  const lanes: Lane[] = [];
  let prefix = '';
  for (const s of parsed.segments) {
    const at = prefix + s.step;
    if (s.kind === 'branch') {
      lanes.push({ kind: 'branch', parallelPath: `${at}p`, branch: s.branch });
      prefix = `${at}p${s.branch}/`;
    } else if (s.kind === 'attempt') {
      lanes.push({ kind: 'attempt', retryPath: at, attempt: s.attempt });
      prefix = `${at}r${s.attempt}/`;
    } else {
      lanes.push({ kind: 'fallback', retryPath: at });
      prefix = `${at}rf/`;
    }
  }
  return Object.freeze(lanes);
}

/** The Parallel decision path of a prefix's innermost branch ('3p1/0r0/' → '3p'), or undefined when it is in none. */
export function innermostParallel(lanes: readonly Lane[]): string | undefined {
  for (let k = lanes.length - 1; k >= 0; k--) {
    const lane = lanes[k]!;
    if (lane.kind === 'branch') return lane.parallelPath;
  }
  return undefined;
}

// ---------------------------------------------------------------- the builder

/** FNV-1a over text[start, end): paths and prefixes are found by it without making their strings. */
export function hashText(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let k = start; k < end; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

/**
 * The last `code` in text[start, end), or -1. Not lastIndexOf: on a joined text it would search on
 * past `start` into the paths before, which for a trace of paths without one is quadratic.
 */
export function lastIn(text: string, code: number, start: number, end: number): number {
  for (let k = end - 1; k >= start; k--) if (text.charCodeAt(k) === code) return k;
  return -1;
}

export function sameText(a: string, aStart: number, aEnd: number, b: string, bStart: number): boolean {
  for (let k = 0; k < aEnd - aStart; k++) if (a.charCodeAt(aStart + k) !== b.charCodeAt(bStart + k)) return false;
  return true;
}

/** Interned strings, in first-seen order. */
class Interned {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();

  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(s);
      this.ids.set(s, id);
    }
    return id;
  }
}

/**
 * The lane table: sequence prefixes in first-seen order (0 is the root's ''),
 * found by the hash of a path's characters up to its last '/', so a step's
 * lane costs no string. Each prefix is parsed once, for its depth.
 */
class Lanes {
  readonly prefixes: string[] = [''];
  readonly depths: number[] = [0];
  private readonly byHash = new Map<number, number>();
  /** the next lane with the same hash, -1 at the end */
  private readonly next: number[] = [-1];

  /** The lane of the placed path text[start, end). */
  of(text: string, start: number, end: number): number {
    const cut = lastIn(text, 47 /* / */, start, end);
    if (cut < 0) return 0;
    // 30 bits: a Map key V8 keeps as a small integer, not a heap number.
    const h = hashText(text, start, cut + 1) & 0x3fffffff;
    const length = cut + 1 - start;
    const first = this.byHash.get(h);
    for (let l = first ?? -1; l >= 0; l = this.next[l]!) {
      const p = this.prefixes[l]!;
      if (p.length === length && sameText(text, start, cut + 1, p, 0)) return l;
    }
    const prefix = text.slice(start, cut + 1);
    const id = this.prefixes.length;
    this.prefixes.push(prefix);
    // A placed path's prefix is its segments, each ending in '/'.
    let depth = 0;
    for (let k = 0; k < prefix.length; k++) if (prefix.charCodeAt(k) === 47) depth++;
    this.depths.push(depth);
    this.next.push(first ?? -1);
    this.byHash.set(h, id);
    return id;
  }
}

/** Strings joined with offsets, most of them empty. */
class Joined {
  private readonly parts: string[] = [];
  private length = 0;
  readonly start: Uint32Array;

  constructor(count: number) {
    this.start = new Uint32Array(count + 1);
  }

  set(i: number, s: string | undefined): void {
    this.start[i] = this.length;
    if (s) {
      this.parts.push(s);
      this.length += s.length;
    }
  }

  end(count: number): string {
    this.start[count] = this.length;
    return this.parts.join('');
  }
}

/** The fields of one step, as readStep lifted them. */
export interface StepFields {
  readonly kind: StepKind;
  readonly command: string;
  readonly path: string | undefined;
  readonly placed: boolean;
  readonly threw: boolean;
  readonly hasValue: boolean;
  readonly durationMs: number | undefined;
  readonly errorText?: string;
  readonly unrecorded?: string;
  readonly decision?: ParallelDecision;
}

/** Paths already joined by the caller (the byte scanner decodes them all at once): step i's is text[start[i], start[i + 1]). */
export interface JoinedPaths {
  readonly text: string;
  readonly start: Uint32Array;
  readonly has: Uint8Array;
}

/**
 * Columns filled a step at a time, in trace order: from readStep's objects
 * (add), or from the byte scanner's fields with its paths joined up front
 * (addScanned), so neither reader makes what the other does not need.
 */
export class ColumnsBuilder {
  private readonly kind: Uint8Array;
  private readonly flags: Uint8Array;
  private readonly depth: Uint16Array;
  private readonly durationMs: Float64Array;
  private readonly command: Uint32Array;
  private readonly lane: Uint32Array;
  private readonly decisionCancelled: Int8Array;
  private readonly decisionBranch: Int32Array;
  private readonly decisionBranches: Int32Array;
  private readonly names = new Interned();
  private readonly lanes = new Lanes();
  private readonly paths: Joined | undefined;
  private readonly errors: Joined;
  private readonly reasons: Joined;
  private count = 0;

  constructor(
    private readonly capacity: number,
    private readonly joined?: JoinedPaths
  ) {
    this.kind = new Uint8Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.depth = new Uint16Array(capacity);
    this.durationMs = new Float64Array(capacity);
    this.command = new Uint32Array(capacity);
    this.lane = new Uint32Array(capacity);
    this.decisionCancelled = new Int8Array(capacity).fill(NO_DECISION);
    this.decisionBranch = new Int32Array(capacity).fill(NO_BRANCH);
    this.decisionBranches = new Int32Array(capacity).fill(-1);
    this.paths = joined ? undefined : new Joined(capacity);
    this.errors = new Joined(capacity);
    this.reasons = new Joined(capacity);
  }

  /** A step readStep lifted. */
  add(s: StepFields): void {
    const i = this.count;
    if (this.paths) this.paths.set(i, s.path);
    const lane = s.placed && s.path !== undefined ? this.lanes.of(s.path, 0, s.path.length) : 0;
    this.put(i, KIND_CODE[s.kind], this.names.id(s.command), lane, s.path !== undefined, s.placed, s.threw, s.hasValue, s.durationMs);
    this.extras(i, s.errorText, s.unrecorded, s.decision);
  }

  /** A step of the byte scanner's (a plain returned one, or a decision), its path (if any) among the joined ones. */
  addScanned(kind: 'returned' | 'decision', command: string, hasValue: boolean, durationMs: number | undefined, decision?: ParallelDecision): void {
    const i = this.count;
    const j = this.joined!;
    const has = j.has[i] === 1;
    let placed = false;
    let lane = 0;
    if (has) {
      const start = j.start[i]!;
      const end = j.start[i + 1]!;
      placed = isGrammarPath(j.text, start, end);
      if (placed) lane = this.lanes.of(j.text, start, end);
    }
    this.put(i, KIND_CODE[kind], this.names.id(command), lane, has, placed, false, hasValue, durationMs);
    this.extras(i, undefined, undefined, decision);
  }

  private put(i: number, kind: number, command: number, lane: number, hasPath: boolean, placed: boolean, threw: boolean, hasValue: boolean, durationMs: number | undefined): void {
    this.count = i + 1;
    this.kind[i] = kind;
    this.flags[i] = (threw ? THREW : 0) | (hasValue ? HAS_VALUE : 0) | (placed ? PLACED : 0) | (hasPath ? HAS_PATH : 0) | (durationMs !== undefined ? HAS_DURATION : 0);
    this.durationMs[i] = durationMs ?? 0;
    this.command[i] = command;
    this.lane[i] = lane;
    this.depth[i] = Math.min(this.lanes.depths[lane]!, 0xffff);
  }

  private extras(i: number, errorText: string | undefined, unrecorded: string | undefined, d: ParallelDecision | undefined): void {
    this.errors.set(i, errorText);
    this.reasons.set(i, unrecorded);
    if (d) {
      this.decisionCancelled[i] = d.cancelled ? 1 : 0;
      this.decisionBranch[i] = d.branch === null ? NULL_BRANCH : d.branch === undefined ? NO_BRANCH : d.branch;
      this.decisionBranches[i] = d.branches ?? -1;
    }
  }

  /** The columns; each step's parent Parallel decision is filled in once paths are indexed (fillParents). */
  finish(): StepColumns {
    const n = this.count;
    if (n !== this.capacity) throw new Error(`the columns were made for ${this.capacity} steps and got ${n}`);
    const prefixes = new Joined(this.lanes.prefixes.length);
    this.lanes.prefixes.forEach((p, l) => prefixes.set(l, p));
    const pathText = this.joined ? this.joined.text : this.paths!.end(n);
    return {
      count: n,
      kind: this.kind,
      flags: this.flags,
      depth: this.depth,
      durationMs: this.durationMs,
      command: this.command,
      commandNames: this.names.list,
      pathText,
      pathStart: this.joined ? this.joined.start : this.paths!.start,
      lane: this.lane,
      laneText: prefixes.end(this.lanes.prefixes.length),
      laneStart: prefixes.start,
      parent: new Int32Array(n).fill(-1),
      decisionCancelled: this.decisionCancelled,
      decisionBranch: this.decisionBranch,
      decisionBranches: this.decisionBranches,
      errorText: this.errors.end(n),
      errorTextStart: this.errors.start,
      unrecordedText: this.reasons.end(n),
      unrecordedStart: this.reasons.start
    };
  }
}

/** Each step's parent: the decision entry of the Parallel its innermost branch belongs to, by path. */
export function fillParents(c: StepColumns, byPath: { get(path: string): number | undefined }): void {
  const lanes = c.laneStart.length - 1;
  const laneParent = new Int32Array(lanes).fill(-1);
  for (let l = 1; l < lanes; l++) {
    // Only a branch segment has a 'p' ('3p1/0r0/'): the last one is the innermost branch, and the
    // prefix up to it is its Parallel's decision path ('3p').
    const start = c.laneStart[l]!;
    const p = lastIn(c.laneText, 112 /* p */, start, c.laneStart[l + 1]!);
    if (p >= 0) laneParent[l] = byPath.get(c.laneText.slice(start, p + 1)) ?? -1;
  }
  const parent = c.parent as Int32Array;
  for (let i = 0; i < c.count; i++) parent[i] = laneParent[c.lane[i]!]!;
}
