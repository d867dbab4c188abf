// A trace as the engine worker holds it: its index (what the UI thread gets a
// copy of) and its values, read when asked for. Two kinds, one shape: a trace
// the byte scanner read keeps the file's bytes and parses a value from its
// byte range; a trace the exact reader built (JSONL lines, hand-edited files)
// keeps its RecordedModel. Whatever needs every value at once (compare,
// export) asks for the RecordedModel, made once.
import type { RecordedModel, RecordedStep, TraceModel } from './model';
import { recordedModelOf } from './build';
import { HAS_DURATION, HAS_PATH, HAS_VALUE, KIND_CODE, textAt, THREW, type StepColumns } from './columns';
import { rememberedIndex, type TraceIndex } from './modelIndex';
import { materializeSteps } from './outline';
import { rawTraceOfModel, type RawTraceBytes } from './rawBytes';
import type { ScannedModel } from './scanModel';
import type { ScannedTrace } from './scan';
import { valueOf, type StepValue } from './values';
import { NO_PATHS, type PathLookup } from './pathIndex';

export interface HeldTrace {
  readonly index: TraceIndex;
  /** the file as the byte scanner read it, for a trace held that way (the filter searches its text) */
  readonly scanned?: ScannedTrace;
  readonly byPath: PathLookup;
  valueAt(i: number): StepValue;
  /** every step with its value (made once, kept) */
  recorded(): RecordedModel;
  rawTrace(): RawTraceBytes;
}

/** A trace the exact reader built. */
export function heldFromModel(model: RecordedModel): HeldTrace {
  const index = rememberedIndex(model);
  if (!index) throw new Error('the model carries no index: build it with buildModel');
  return {
    index,
    byPath: { get: (path) => model.byPath[path], size: Object.keys(model.byPath).length, record: () => model.byPath },
    valueAt: (i) => {
      const step = model.steps[i];
      return step ? valueOf(step) : {};
    },
    recorded: () => model,
    rawTrace: () => rawTraceOfModel(model)
  };
}

/** A trace the byte scanner read: its values stay in the file's bytes. */
export function heldFromScan(s: ScannedModel): HeldTrace {
  let model: RecordedModel | undefined;
  return {
    index: s.index,
    scanned: s.scanned,
    byPath: s.byPath ?? NO_PATHS,
    valueAt: s.valueAt,
    recorded: () => {
      if (!model) {
        const steps = materializeSteps(s.index.columns).map((step, i): RecordedStep => ({ ...step, ...s.valueAt(i) }));
        model = recordedModelOf(s.index, s.byPath, steps);
      }
      return model;
    },
    rawTrace: () => rawTraceOfScan(s)
  };
}

// ---------------------------------------------------------------- the replay's trace, from the file's bytes

/** Bytes written one after another into a buffer that grows. */
class ByteWriter {
  private buf: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(1024, capacity));
  }

  private room(more: number): void {
    if (this.length + more <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + more) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /** ASCII (or any text: non-ASCII is encoded) */
  text(s: string): void {
    let ascii = true;
    for (let k = 0; k < s.length; k++) if (s.charCodeAt(k) >= 0x80) ascii = false;
    if (!ascii) return this.bytes(new TextEncoder().encode(s), 0, Infinity);
    this.room(s.length);
    for (let k = 0; k < s.length; k++) this.buf[this.length++] = s.charCodeAt(k);
  }

  bytes(from: Uint8Array, start: number, end: number): void {
    const stop = Math.min(end, from.length);
    this.room(stop - start);
    this.buf.set(from.subarray(start, stop), this.length);
    this.length += stop - start;
  }

  done(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** A head field as toRawTrace writes it: the model's value (a `flowName` of 42 is "42" there). */
function headJson(model: Pick<TraceModel, 'flowName' | 'version' | 'unrecorded' | 'dropped'>): string {
  const head: Record<string, unknown> = {};
  if (model.flowName !== undefined) head.flowName = model.flowName;
  if (model.version !== undefined) head.version = model.version;
  return JSON.stringify(head).slice(1, -1);
}

/**
 * What JSON.stringify(toRawTrace(model)) gives for a scanned trace, made from
 * the file's own bytes for every value: each entry as the recorder writes it
 * ({command, path, threw, unrecorded | error | result, durationMs}), the head's
 * input and context as the file wrote them.
 */
function rawTraceOfScan(s: ScannedModel): RawTraceBytes {
  const { bytes, entries: e, head: ranges } = s.scanned;
  const c: StepColumns = s.index.columns;
  const h = s.index.head;
  const out = new ByteWriter(bytes.length + c.count * 16 + 256);
  const undefinedErrors: number[] = [];
  const names = c.commandNames.map((n) => JSON.stringify(n));
  out.text('{');
  const fields = headJson(h);
  out.text(fields);
  let comma = fields !== '';
  const range = (key: 'initialInput' | 'context') => {
    const r = ranges[key];
    if (!r) return;
    out.text(`${comma ? ',' : ''}"${key}":`);
    out.bytes(bytes, r[0], r[1]);
    comma = true;
  };
  if (h.hasInitialInput) range('initialInput');
  if (h.hasContext) range('context');
  if (h.unrecorded) {
    out.text(`${comma ? ',' : ''}"unrecorded":${JSON.stringify(h.unrecorded)}`);
    comma = true;
  }
  out.text(`${comma ? ',' : ''}"dropped":${h.dropped},"trace":[`);
  for (let i = 0; i < c.count; i++) {
    const f = c.flags[i]!;
    const kind = c.kind[i];
    const hasPath = (f & HAS_PATH) !== 0;
    out.text(`${i > 0 ? ',' : ''}{"command":${names[c.command[i]!]!}`);
    // A path is a plain string in the file (no escapes), so its characters stand between quotes as they are.
    if (hasPath) out.text(`,"path":${JSON.stringify(textAt(c.pathText, c.pathStart, i))}`);
    if ((f & THREW) !== 0 && hasPath) out.text(',"threw":true');
    if (kind === KIND_CODE.unrecorded) out.text(`,"unrecorded":${JSON.stringify(textAt(c.unrecordedText, c.unrecordedStart, i))}`);
    else if (kind === KIND_CODE.threw) {
      if ((f & HAS_VALUE) !== 0) {
        out.text(',"error":');
        out.bytes(bytes, e.errorStart[i]!, e.errorEnd[i]!);
      } else if (!hasPath) undefinedErrors.push(i);
    } else if ((f & HAS_VALUE) !== 0) {
      out.text(',"result":');
      out.bytes(bytes, e.resultStart[i]!, e.resultEnd[i]!);
    }
    if ((f & HAS_DURATION) !== 0) out.text(`,"durationMs":${JSON.stringify(c.durationMs[i])}`);
    out.text('}');
  }
  out.text(']}');
  return { bytes: out.done(), undefinedErrors };
}
