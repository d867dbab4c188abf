// The model as the UI thread gets it from the engine worker: every step's
// shape in typed-array columns, moved by transfer (no copy), with small
// tables beside them. Values (results and errors) stay in the engine; the UI
// asks for them by step (core/trace/values.ts).
//
// Columns are what the UI draws from: kind, flags, depth, duration, the
// running total, the Command as an index into a name table, the lane set,
// and the parent (the Parallel decision a branch step belongs to). The
// structure tree travels as one token stream (structure-wire.ts). On the UI
// side the columns become TraceSteps once: small objects sharing their lane
// and name strings, so the panels keep reading `model.steps[i]`.
import type { Lane, ParallelDecision, RecordedModel, TraceModel, TraceStep, StepKind } from './model';
import { decodeStructure, encodeStructure, type StructureWire } from './structure-wire';

const KINDS: readonly StepKind[] = ['returned', 'threw', 'decision', 'unrecorded'];
const KIND_CODE: Record<StepKind, number> = { returned: 0, threw: 1, decision: 2, unrecorded: 3 };

const THREW = 1;
const HAS_VALUE = 2;
const PLACED = 4;
const HAS_PATH = 8;
const HAS_DURATION = 16;

/** What a few steps carry beyond the columns. */
interface Sparse {
  readonly unrecorded?: string;
  readonly decision?: ParallelDecision;
  readonly errorText?: string;
}

export type OutlineHead = Omit<TraceModel, 'steps' | 'byPath' | 'root' | 'errorSteps' | 'cumulativeMs'>;

export interface OutlineWire {
  readonly head: OutlineHead;
  readonly count: number;
  readonly kind: Uint8Array;
  readonly flags: Uint8Array;
  readonly depth: Uint16Array;
  readonly durationMs: Float64Array;
  readonly cumulativeMs: Float64Array;
  /** index into commandNames */
  readonly command: Uint32Array;
  readonly commandNames: readonly string[];
  /** every path, one after another; step i's is pathText[pathStart[i], pathStart[i + 1]) */
  readonly pathText: string;
  readonly pathStart: Uint32Array;
  /** index into laneSets */
  readonly lane: Uint32Array;
  readonly laneSets: readonly (readonly Lane[])[];
  /** the step index of the Parallel decision a branch step sits in (innermost), -1 when none or not recorded */
  readonly parent: Int32Array;
  readonly errorSteps: Int32Array;
  readonly sparse: Readonly<Record<number, Sparse>>;
  readonly structure: StructureWire;
}

/** The buffers to transfer with an OutlineWire. */
export function outlineTransfer(wire: OutlineWire): ArrayBuffer[] {
  const arrays = [wire.kind, wire.flags, wire.depth, wire.durationMs, wire.cumulativeMs, wire.command, wire.pathStart, wire.lane, wire.parent, wire.errorSteps, wire.structure.tokens];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

function parentOf(step: TraceStep, byPath: Readonly<Record<string, number>>): number {
  for (let k = step.lanes.length - 1; k >= 0; k--) {
    const lane = step.lanes[k]!;
    if (lane.kind === 'branch') return byPath[lane.parallelPath] ?? -1;
  }
  return -1;
}

/** Columns of a built model (in the engine worker). */
export function encodeOutline(model: RecordedModel): OutlineWire {
  const { steps, byPath, root, errorSteps, cumulativeMs, recorded: _, ...head } = model;
  const n = steps.length;
  const kind = new Uint8Array(n);
  const flags = new Uint8Array(n);
  const depth = new Uint16Array(n);
  const durationMs = new Float64Array(n);
  const command = new Uint32Array(n);
  const pathStart = new Uint32Array(n + 1);
  const lane = new Uint32Array(n);
  const parent = new Int32Array(n);
  const names = new Map<string, number>();
  const laneIds = new Map<readonly Lane[], number>();
  const laneSets: (readonly Lane[])[] = [];
  const paths: string[] = new Array(n);
  const sparse: Record<number, Sparse> = {};
  let offset = 0;
  for (let i = 0; i < n; i++) {
    const s = steps[i]!;
    kind[i] = KIND_CODE[s.kind];
    flags[i] =
      (s.threw ? THREW : 0) | (s.hasValue ? HAS_VALUE : 0) | (s.placed ? PLACED : 0) | (s.path !== undefined ? HAS_PATH : 0) | (s.durationMs !== undefined ? HAS_DURATION : 0);
    depth[i] = Math.min(s.depth, 0xffff);
    durationMs[i] = s.durationMs ?? 0;
    let c = names.get(s.command);
    if (c === undefined) names.set(s.command, (c = names.size));
    command[i] = c;
    const path = s.path ?? '';
    paths[i] = path;
    pathStart[i] = offset;
    offset += path.length;
    let l = laneIds.get(s.lanes);
    if (l === undefined) {
      laneIds.set(s.lanes, (l = laneSets.length));
      laneSets.push(s.lanes);
    }
    lane[i] = l;
    parent[i] = s.lanes.length === 0 ? -1 : parentOf(s, byPath);
    if (s.unrecorded !== undefined || s.decision !== undefined || s.errorText !== undefined) {
      sparse[i] = { ...(s.unrecorded !== undefined ? { unrecorded: s.unrecorded } : {}), ...(s.decision ? { decision: s.decision } : {}), ...(s.errorText !== undefined ? { errorText: s.errorText } : {}) };
    }
  }
  pathStart[n] = offset;
  return {
    head,
    count: n,
    kind,
    flags,
    depth,
    durationMs,
    cumulativeMs: cumulativeMs.slice(),
    command,
    commandNames: [...names.keys()],
    pathText: paths.join(''),
    pathStart,
    lane,
    laneSets,
    parent,
    errorSteps: Int32Array.from(errorSteps),
    sparse,
    structure: encodeStructure(root)
  };
}

type Draft = { -readonly [K in keyof TraceStep]: TraceStep[K] };

/** The UI thread's model, from the columns. */
export function decodeOutline(wire: OutlineWire): TraceModel {
  const steps = decodeSteps(wire);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Steps decoded per slice: about 5 ms on the UI thread, so a big trace never holds it in one long task. */
export const DECODE_SLICE = 10_000;

/** decodeOutline in slices: yields after each DECODE_SLICE steps, so the caller can let the page paint. */
export function* decodeSteps(wire: OutlineWire): Generator<void, TraceModel> {
  const n = wire.count;
  const steps: TraceStep[] = new Array(n);
  const byPath: Record<string, number> = Object.create(null);
  const { kind, flags, depth, durationMs, command, commandNames, pathText, pathStart, lane, laneSets, sparse } = wire;
  for (let i = 0; i < n; i++) {
    const f = flags[i]!;
    const path = f & HAS_PATH ? pathText.slice(pathStart[i], pathStart[i + 1]) : undefined;
    const step: Draft = {
      index: i,
      command: commandNames[command[i]!]!,
      path,
      placed: (f & PLACED) !== 0,
      kind: KINDS[kind[i]!]!,
      threw: (f & THREW) !== 0,
      hasValue: (f & HAS_VALUE) !== 0,
      durationMs: f & HAS_DURATION ? durationMs[i] : undefined,
      lanes: laneSets[lane[i]!]!,
      depth: depth[i]!
    };
    const extra = sparse[i];
    if (extra) {
      if (extra.unrecorded !== undefined) step.unrecorded = extra.unrecorded;
      if (extra.decision) step.decision = extra.decision;
      if (extra.errorText !== undefined) step.errorText = extra.errorText;
    }
    steps[i] = step;
    if (path !== undefined && wire.head.matching === 'path') byPath[path] = i;
    if (i % DECODE_SLICE === DECODE_SLICE - 1) yield;
  }
  return {
    ...wire.head,
    steps,
    byPath,
    root: decodeStructure(wire.structure, steps),
    errorSteps: Array.from(wire.errorSteps),
    cumulativeMs: wire.cumulativeMs
  };
}
