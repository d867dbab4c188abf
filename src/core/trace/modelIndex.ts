// Every index of a trace's model, derived from its head and step columns by
// one set of rules, whichever reader filled the columns (the byte scanner or
// the exact reader): how entries match (paths or positions), duplicate paths,
// the structure, errors, durations, per-Command counts, warnings and the
// recorded outcome. The result is plain data and typed arrays: what the
// engine keeps, what crosses to the UI thread, and what a RecordedModel is
// made from (build.ts).
import { fillParents, HAS_PATH, KINDS, PLACED, textAt, THREW, type StepColumns } from './columns';
import { traceProblem } from './errors';
import type { Head } from './entries';
import type { TraceModel } from './model';
import { inferOutcome } from './outcome';
import { buildStructure, EMPTY_STRUCTURE, type StructureTable } from './structure';
import { collectWarnings } from './warnings';
import { NO_PATHS, PathIndex, type PathLookup } from './pathIndex';
import { wallMs } from './wall';

/** What the model says beside its steps and indexes. */
export type ModelHead = Omit<TraceModel, 'steps' | 'byPath' | 'root' | 'errorSteps' | 'cumulativeMs'>;

export interface TraceIndex {
  readonly head: ModelHead;
  readonly columns: StepColumns;
  readonly structure: StructureTable;
  /** indices of steps that threw, ascending */
  readonly errorSteps: Int32Array;
  /** cumulativeMs[i] = sum of durationMs of steps 0..i (missing durations count 0) */
  readonly cumulativeMs: Float64Array;
}

export interface IndexedTrace {
  readonly index: TraceIndex;
  /** path -> step index (path mode only; empty otherwise) */
  readonly byPath: PathLookup;
}

const DUPLICATE_HINT =
  "A recorder never writes two entries at one path, and the library refuses such a trace ('Trace has duplicate step paths.'). It was edited by hand, or two traces were merged: remove one of them.";

/** Index a trace. Throws TraceParseError for a trace no replay could read (two entries at one path). */
export function indexTrace(head: Head, bare: boolean, c: StepColumns, errorOf: (index: number) => unknown): IndexedTrace {
  const n = c.count;
  // Like the library (§5, checklist 20): paths only when there is at least one
  // entry and every entry has a string path.
  let withPath = 0;
  let firstPathless = -1;
  for (let i = 0; i < n; i++) {
    if ((c.flags[i]! & HAS_PATH) !== 0) withPath++;
    else if (firstPathless === -1) firstPathless = i;
  }
  const matching = n > 0 && withPath === n ? 'path' : 'position';

  let byPath: PathLookup = NO_PATHS;
  let unplaced = 0;
  let structure = EMPTY_STRUCTURE;
  if (matching === 'path') {
    const paths = new PathIndex(c);
    for (let i = 0; i < n; i++) {
      const earlier = paths.add(i);
      if (earlier !== undefined) {
        throw traceProblem(`entry ${earlier} and entry ${i} have the same path '${textAt(c.pathText, c.pathStart, i)}'`, DUPLICATE_HINT, { entry: i });
      }
      if ((c.flags[i]! & PLACED) === 0) unplaced++;
    }
    byPath = paths;
    const built = buildStructure(c);
    structure = built.table;
    unplaced += built.misplaced;
  }
  fillParents(c, byPath);

  let errorCount = 0;
  for (let i = 0; i < n; i++) if ((c.flags[i]! & THREW) !== 0) errorCount++;
  const errorSteps = new Int32Array(errorCount);
  const cumulativeMs = new Float64Array(n);
  const perCommand = c.commandNames.map(() => ({ count: 0, threw: 0 }));
  const unrecorded = new Map<string, number>();
  let total = 0;
  let maxDurationMs = 0;
  let recordedSteps = 0;
  let anonymous = 0;
  const anonymousId = c.commandNames.indexOf('anonymous');
  for (let i = 0, e = 0; i < n; i++) {
    const d = c.durationMs[i]!;
    total += d;
    cumulativeMs[i] = total;
    if (d > maxDurationMs) maxDurationMs = d;
    const threw = (c.flags[i]! & THREW) !== 0;
    if (threw) errorSteps[e++] = i;
    if (c.command[i] === anonymousId) anonymous++;
    const kind = KINDS[c.kind[i]!];
    if (kind === 'unrecorded') {
      const reason = textAt(c.unrecordedText, c.unrecordedStart, i);
      unrecorded.set(reason, (unrecorded.get(reason) ?? 0) + 1);
    }
    if (kind === 'decision') continue;
    recordedSteps++;
    const per = perCommand[c.command[i]!]!;
    per.count++;
    if (threw) per.threw++;
  }
  // In first-seen order, as the model has always listed them; names only of Commands that ran (not decisions).
  const commands: Record<string, { count: number; threw: number }> = Object.create(null);
  c.commandNames.forEach((name, id) => {
    if (perCommand[id]!.count > 0) commands[name] = perCommand[id]!;
  });

  const commandOf = (i: number) => c.commandNames[c.command[i]!]!;
  const modelHead: ModelHead = {
    matching,
    flowName: head.flowName,
    version: head.version,
    hasInitialInput: head.hasInitialInput,
    ...(head.hasInitialInput ? { initialInput: head.initialInput } : {}),
    hasContext: head.hasContext,
    ...(head.hasContext ? { context: head.context } : {}),
    unrecorded: head.unrecorded,
    dropped: head.dropped,
    totalMs: total,
    wallMs: wallMs(matching, structure, c, total),
    maxDurationMs,
    commands,
    recordedSteps,
    warnings: collectWarnings({ head, bare, count: n, matching, anonymous, unrecorded, firstPathless, withPath }),
    outcome: inferOutcome({ matching, dropped: head.dropped, columns: c, structure, unplaced, errorOf, commandOf })
  };
  return { index: { head: modelHead, columns: c, structure, errorSteps, cumulativeMs }, byPath };
}

// The index a model was made from, kept beside it (not on it: models are plain data that tests compare
// and structured clone copies) so the engine sends its columns without making them again.
const indexes = new WeakMap<object, TraceIndex>();

export function rememberIndex(model: object, index: TraceIndex): void {
  indexes.set(model, index);
}

export function rememberedIndex(model: object): TraceIndex | undefined {
  return indexes.get(model);
}
