// A comparison as the compare worker keeps it and the UI thread sees it. The
// worker holds both runs with every value and aligns them (align.ts); the UI
// thread gets each run's summary and the aligned rows as columns (transferred,
// and a row becomes an object only when it is drawn), then asks for the
// selected row's values and differences. Two 60,000-step runs so cross to the
// page as a few typed arrays, not as 120,000 steps with their values.
import type { RecordedModel, RecordedStep, TraceModel } from '../trace/model';
import { alignTraces, outcomeOf, outcomeText, type AlignedRow, type AlignMark, type Alignment } from './align';
import { diffValues, type ValueChange } from '../present/diff';

/** What the view says of a run without its steps. */
export interface SideSummary {
  readonly label: string;
  readonly flowName: string | undefined;
  readonly version: string | undefined;
  readonly steps: number;
  readonly outcome: TraceModel['outcome'];
  readonly errorCount: number;
  readonly commands: TraceModel['commands'];
}

const MARKS: readonly AlignMark[] = ['same', 'value-changed', 'only-a', 'only-b'];

/**
 * The aligned rows as columns: row i is rowOf(wire, i), without its difference in words. That
 * comes with the row's detail: only the selected row shows it, and for two big runs the words
 * of every row were most of the wire (10 MB of text for 60,000 steps, a 20 ms copy on the UI thread).
 */
export interface AlignmentWire {
  readonly by: Alignment['by'];
  readonly firstDifference: number | undefined;
  readonly counts: Alignment['counts'];
  readonly count: number;
  readonly mark: Uint8Array;
  /** step index in each run, -1 where that run lacks the step */
  readonly a: Int32Array;
  readonly b: Int32Array;
  /** NaN where undefined */
  readonly durationA: Float64Array;
  readonly durationB: Float64Array;
  readonly names: readonly string[];
  readonly command: Uint32Array;
  /** index into names, -1 when B's Command is A's */
  readonly commandB: Int32Array;
  readonly keyText: string;
  readonly keyStart: Uint32Array;
}

/** A row as the rows list shows it. */
export type WireRow = Omit<AlignedRow, 'difference'>;

export function alignmentBuffers(w: AlignmentWire): ArrayBuffer[] {
  return [w.mark, w.a, w.b, w.durationA, w.durationB, w.command, w.commandB, w.keyStart].map((x) => x.buffer as ArrayBuffer);
}

export function encodeAlignment(alignment: Alignment): AlignmentWire {
  const rows = alignment.rows;
  const n = rows.length;
  const mark = new Uint8Array(n);
  const a = new Int32Array(n);
  const b = new Int32Array(n);
  const durationA = new Float64Array(n);
  const durationB = new Float64Array(n);
  const command = new Uint32Array(n);
  const commandB = new Int32Array(n);
  const keyStart = new Uint32Array(n + 1);
  const names: string[] = [];
  const ids = new Map<string, number>();
  const id = (name: string) => {
    let k = ids.get(name);
    if (k === undefined) ids.set(name, (k = names.push(name) - 1));
    return k;
  };
  const keys: string[] = [];
  let keyAt = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    mark[i] = MARKS.indexOf(r.mark);
    a[i] = r.a ?? -1;
    b[i] = r.b ?? -1;
    durationA[i] = r.durationA ?? Number.NaN;
    durationB[i] = r.durationB ?? Number.NaN;
    command[i] = id(r.command);
    commandB[i] = r.commandB === undefined ? -1 : id(r.commandB);
    keyStart[i] = keyAt;
    keys.push(r.key);
    keyAt += r.key.length;
  }
  keyStart[n] = keyAt;
  return {
    by: alignment.by,
    firstDifference: alignment.firstDifference,
    counts: alignment.counts,
    count: n,
    mark,
    a,
    b,
    durationA,
    durationB,
    names,
    command,
    commandB,
    keyText: keys.join(''),
    keyStart
  };
}

/** Row i of the wire, as align.ts made it. */
export function rowOf(w: AlignmentWire, i: number): WireRow | undefined {
  if (!Number.isInteger(i) || i < 0 || i >= w.count) return undefined;
  const cb = w.commandB[i]!;
  const num = (x: number) => (Number.isNaN(x) ? undefined : x);
  const side = (x: number) => (x < 0 ? undefined : x);
  return {
    mark: MARKS[w.mark[i]!]!,
    key: w.keyText.slice(w.keyStart[i], w.keyStart[i + 1]),
    command: w.names[w.command[i]!]!,
    ...(cb >= 0 ? { commandB: w.names[cb]! } : {}),
    a: side(w.a[i]!),
    b: side(w.b[i]!),
    durationA: num(w.durationA[i]!),
    durationB: num(w.durationB[i]!)
  };
}

/** What one run did at a row, for the difference pane and the source note. */
export interface StepSide {
  readonly outcome: string;
  readonly kind: RecordedStep['kind'];
  readonly threw: boolean;
  /** the value shown: the error for a throw, else the result; absent when the step carries none */
  readonly value?: unknown;
}

export interface RowDetail {
  readonly row: number;
  /** the first difference, in words (align.ts); absent for a row where the runs agree */
  readonly difference?: string;
  readonly a: StepSide | undefined;
  readonly b: StepSide | undefined;
  /** field by field, A → B, when both did the same kind of thing and it changed */
  readonly changes: readonly ValueChange[];
}

function sideOf(step: RecordedStep | undefined): StepSide | undefined {
  if (!step) return undefined;
  const shown = step.kind === 'threw' ? step.error : step.result;
  return { outcome: outcomeText(step), kind: step.kind, threw: step.threw, ...(step.hasValue && shown !== undefined ? { value: shown } : {}) };
}

export function summaryOf(model: RecordedModel, label: string): SideSummary {
  return {
    label,
    flowName: model.flowName,
    version: model.version,
    steps: model.steps.length,
    outcome: model.outcome,
    errorCount: model.errorSteps.length,
    commands: model.commands
  };
}

/** Both runs and their alignment: what the compare worker holds. */
export interface CompareSession {
  readonly a: SideSummary;
  readonly b: SideSummary;
  readonly alignment: Alignment;
  detail(row: number): RowDetail;
}

export function compareModels(a: RecordedModel, labelA: string, b: RecordedModel, labelB: string): CompareSession {
  const alignment = alignTraces(a, b);
  return {
    a: summaryOf(a, labelA),
    b: summaryOf(b, labelB),
    alignment,
    detail: (row) => {
      const r = alignment.rows[row];
      const sa = r?.a === undefined ? undefined : a.steps[r.a];
      const sb = r?.b === undefined ? undefined : b.steps[r.b];
      const oa = sa && outcomeOf(sa);
      const ob = sb && outcomeOf(sb);
      const changes = r && oa && ob && oa.kind === ob.kind && r.mark === 'value-changed' ? diffValues(oa.value, ob.value) : [];
      return { row, ...(r?.difference !== undefined ? { difference: r.difference } : {}), a: sideOf(sa), b: sideOf(sb), changes };
    }
  };
}
