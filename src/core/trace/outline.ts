// The model as the UI thread gets it from the engine worker: the trace's
// index (modelIndex.ts) with no values, moved by transfer (its typed arrays
// are not copied, and the few strings beside them are one per column). On the
// UI thread nothing is decoded up front: a step becomes a TraceStep object the
// first time a panel asks for it (model.steps.at(i)), and the path record and
// structure tree the first time a view reads them. Panels that scan every
// step read the columns instead (columnsOf), so opening 100,000 steps makes
// the objects of the few dozen on screen, not 100,000.
import { columnBuffers, decisionAt, HAS_DURATION, HAS_PATH, HAS_VALUE, KINDS, lanesOfPrefix, PLACED, textAt, THREW, type StepColumns } from './columns';
import type { Lane, RecordedModel, SequenceNode, Steps, TraceModel, TraceStep } from './model';
import { indexTrace, rememberedIndex, type TraceIndex } from './modelIndex';
import { ColumnsBuilder } from './columns';
import { EMPTY_HEAD } from './entries';
import { decodeStructure, structureBuffers } from './structure';

/** What crosses to the UI thread: the index, values left behind in the engine. */
export type OutlineWire = TraceIndex;

/** The buffers to transfer with an OutlineWire. */
export function outlineTransfer(wire: OutlineWire): ArrayBuffer[] {
  return [...columnBuffers(wire.columns), ...structureBuffers(wire.structure), wire.errorSteps.buffer as ArrayBuffer, wire.cumulativeMs.buffer as ArrayBuffer];
}

/**
 * The wire of a model built on this side (the engine's exact reader, a model
 * assembled from a link): the index it was built from, or one made from its
 * steps. Every array is a copy, so transferring it leaves the model whole.
 */
export function encodeOutline(model: TraceModel): OutlineWire {
  return copyOutline(rememberedIndex(model) ?? indexOfSteps(model));
}

/** An index with its own copy of every array, to transfer while the original stays usable. */
export function copyOutline(index: TraceIndex): OutlineWire {
  return {
    ...index,
    columns: copyColumns(index.columns),
    structure: Object.fromEntries(Object.entries(index.structure).map(([k, a]) => [k, (a as Uint32Array).slice()])) as unknown as TraceIndex['structure'],
    errorSteps: index.errorSteps.slice(),
    cumulativeMs: index.cumulativeMs.slice()
  };
}

function copyColumns(c: StepColumns): StepColumns {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) out[k] = ArrayBuffer.isView(v) ? (v as Uint8Array).slice() : v;
  return out as unknown as StepColumns;
}

/** The index of a model that has none remembered: its steps through the same builder, its own head kept. */
function indexOfSteps(model: TraceModel): TraceIndex {
  const columns = new ColumnsBuilder(model.steps.length);
  for (const step of model.steps) columns.add(step);
  const { index } = indexTrace(EMPTY_HEAD, false, columns.finish(), () => undefined);
  const { steps: _s, byPath: _b, root: _r, errorSteps: _e, cumulativeMs: _c, ...head } = model as TraceModel & { recorded?: true };
  delete (head as { recorded?: true }).recorded;
  return { ...index, head };
}

// ---------------------------------------------------------------- the UI side

/** The columns behind a model decoded from the wire, for panels that scan every step. */
const columnsByModel = new WeakMap<object, StepColumns>();

/** A model's step columns: the wire's for a decoded model, else made once from its steps. */
export function columnsOf(model: TraceModel): StepColumns {
  let c = columnsByModel.get(model);
  if (!c) {
    c = (rememberedIndex(model) ?? indexOfSteps(model)).columns;
    columnsByModel.set(model, c);
  }
  return c;
}

type Draft = { -readonly [K in keyof TraceStep]: TraceStep[K] };

/** The steps of a wire, each made on first use and kept (so a memoized row sees the same object each time). */
class OutlineSteps implements Steps<TraceStep> {
  readonly length: number;
  private readonly made: (TraceStep | undefined)[];
  private readonly laneSets: (readonly Lane[] | undefined)[];

  constructor(private readonly c: StepColumns) {
    this.length = c.count;
    this.made = new Array<TraceStep | undefined>(c.count);
    this.laneSets = new Array<readonly Lane[] | undefined>(c.laneStart.length - 1);
  }

  at(index: number): TraceStep | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    return (this.made[index] ??= this.make(index));
  }

  *[Symbol.iterator](): Iterator<TraceStep> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }

  private lanes(lane: number): readonly Lane[] {
    return (this.laneSets[lane] ??= lanesOfPrefix(textAt(this.c.laneText, this.c.laneStart, lane)));
  }

  private make(i: number): TraceStep {
    const c = this.c;
    const f = c.flags[i]!;
    const step: Draft = {
      index: i,
      command: c.commandNames[c.command[i]!]!,
      path: f & HAS_PATH ? textAt(c.pathText, c.pathStart, i) : undefined,
      placed: (f & PLACED) !== 0,
      kind: KINDS[c.kind[i]!]!,
      threw: (f & THREW) !== 0,
      hasValue: (f & HAS_VALUE) !== 0,
      durationMs: f & HAS_DURATION ? c.durationMs[i] : undefined,
      lanes: this.lanes(c.lane[i]!),
      depth: c.depth[i]!
    };
    if (c.unrecordedStart[i + 1]! > c.unrecordedStart[i]!) step.unrecorded = textAt(c.unrecordedText, c.unrecordedStart, i);
    const decision = decisionAt(c, i);
    if (decision) step.decision = decision;
    if (step.kind === 'threw') step.errorText = textAt(c.errorText, c.errorTextStart, i);
    return step;
  }
}

/** Every step of the columns as objects: for whole-model work off the UI thread (the engine's compare and export). */
export function materializeSteps(c: StepColumns): TraceStep[] {
  return Array.from(new OutlineSteps(c));
}

/** A property made on first read, then kept (the path record and the tree cost time at 100,000 steps, and most views never read them). */
function lazy<T>(target: object, key: string, make: () => T): void {
  let value: T | undefined;
  let made = false;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!made) {
        value = make();
        made = true;
      }
      return value;
    }
  });
}

/** The UI thread's model, from the wire: O(1) work now, whatever the trace's size. */
export function decodeOutline(wire: OutlineWire): TraceModel {
  const c = wire.columns;
  const model = { ...wire.head, steps: new OutlineSteps(c), errorSteps: Array.from(wire.errorSteps), cumulativeMs: wire.cumulativeMs } as Partial<TraceModel> & object;
  lazy(model, 'byPath', () => byPathOf(c, wire.head.matching));
  lazy(model, 'root', (): SequenceNode => (wire.head.matching === 'path' ? decodeStructure(wire.structure, c) : { prefix: '', children: [] }));
  columnsByModel.set(model, c);
  return model as TraceModel;
}

function byPathOf(c: StepColumns, matching: TraceModel['matching']): Record<string, number> {
  const out: Record<string, number> = Object.create(null);
  if (matching !== 'path') return out;
  for (let i = 0; i < c.count; i++) out[textAt(c.pathText, c.pathStart, i)] = i;
  return out;
}

/** A model decoded on this side from its own wire (tests, links): the same as the UI thread's. */
export function outlineOf(model: RecordedModel): TraceModel {
  return decodeOutline(encodeOutline(model));
}
