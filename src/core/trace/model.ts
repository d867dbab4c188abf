// The one readonly shape every trace generation is lifted to. Built once at
// load (in a worker for files), with every index the UI needs precomputed, so
// panels never rescan entries. Values stay in their stored JSON form (errors
// as `{__error: true, ...}`); reviving them is core/values' job.
//
// Everything here is plain data (no Maps, no classes), so a model crosses
// postMessage by structured clone and can be serialized for permalinks.


/** How a recorded entry ended. */
export type StepKind =
  /** a Command that returned: `result` holds the stored value */
  | 'returned'
  /** a Command that threw: `error` holds the stored (serialized) error */
  | 'threw'
  /** a Parallel decision entry (`command: 'Parallel'`, path ending in `p`) */
  | 'decision'
  /** a Command whose value the recorder could not keep (`unrecorded`) */
  | 'unrecorded';

export interface ParallelDecision {
  readonly cancelled: boolean;
  /** the branch that triggered the cancellation; null when an enclosing Parallel aborted this one */
  readonly branch?: number | null;
  readonly branches?: number;
}

/** One node on the way from the root to a step: a Parallel branch, a Retry attempt or its fallback. */
export type Lane =
  | { readonly kind: 'branch'; readonly parallelPath: string; readonly branch: number }
  | { readonly kind: 'attempt'; readonly retryPath: string; readonly attempt: number }
  | { readonly kind: 'fallback'; readonly retryPath: string };

export interface TraceStep {
  /** position in the trace array, which is completion order */
  readonly index: number;
  readonly command: string;
  /** undefined for path-less (legacy) entries */
  readonly path: string | undefined;
  /** whether the path follows the recorder's grammar (parse it with parsedPathOf when needed) */
  readonly placed: boolean;
  readonly kind: StepKind;
  /** true for a threw entry, and for an unrecorded one that carries `threw: true` */
  readonly threw: boolean;
  /** whether the entry carried its value key (`result` or `error`) at all */
  readonly hasValue: boolean;
  /** a threw step's error in one line ("Error: Amount must be non-zero."), so lists need not fetch the value */
  readonly errorText?: string;
  /** the recorder's reason for leaving the value out: 'redact' | 'copy' | other */
  readonly unrecorded?: string;
  readonly durationMs: number | undefined;
  readonly decision?: ParallelDecision;
  /** Parallel branches and Retry attempts this step sits in, outermost first */
  readonly lanes: readonly Lane[];
  /** lanes.length: how far the timeline indents it */
  readonly depth: number;
}

/**
 * A step with its recorded value. Only the engine worker (and core code that
 * runs off the UI thread: replay, export, the CLI) holds these for a whole
 * trace; the UI thread gets TraceSteps and asks for values by step.
 */
export interface RecordedStep extends TraceStep {
  /** the stored result (returned, decision); absent when the key was absent */
  readonly result?: unknown;
  /** the stored error (threw); absent when the key was absent (`throw undefined`) */
  readonly error?: unknown;
}

/** The structure implied by paths: a tree of sequences, as the interpreter ran them. */
export interface SequenceNode {
  /** '' for the root, otherwise the path prefix ending in '/', e.g. '1r0/' */
  readonly prefix: string;
  /** children ordered by their step number within the sequence */
  readonly children: readonly StructureNode[];
}

export type StructureNode =
  | { readonly kind: 'command'; readonly path: string; readonly step: number; readonly stepIndex: number }
  | {
      readonly kind: 'retry';
      /** the Retry's own position, e.g. '1' or '0p1/2' (it records no entry) */
      readonly path: string;
      readonly step: number;
      readonly attempts: readonly SequenceNode[];
      readonly fallback: SequenceNode | undefined;
    }
  | {
      readonly kind: 'parallel';
      /** the decision path, e.g. '0p' */
      readonly path: string;
      readonly step: number;
      /** index of the decision entry, undefined when the trace lacks it (capped) */
      readonly decisionIndex: number | undefined;
      readonly branches: readonly SequenceNode[];
    };

export type TraceWarningKind = 'version' | 'anonymous' | 'no-input' | 'dropped' | 'unrecorded' | 'positional';

export interface TraceWarning {
  readonly kind: TraceWarningKind;
  readonly message: string;
}

/** What the recording tells about how the run ended, without running the flow. */
export type RecordedOutcome =
  | {
      readonly known: false;
      readonly reason: string;
      /** the step that most likely explains a Failure the recording does not show: the last try of an exhausted Retry */
      readonly stepIndex?: number;
    }
  | { readonly known: true; readonly type: 'Failure'; readonly error: unknown; readonly stepIndex: number };

/**
 * A model's steps: an array for a model built with its values (RecordedModel),
 * and on the UI thread a table that makes each step when first asked for
 * (outline.ts). Read them with `at(i)`, `length` and `for…of`; a panel that
 * scans every step of a big trace reads columnsOf(model) instead.
 */
export interface Steps<S extends TraceStep = TraceStep> extends Iterable<S>, Indexed<S> {}

/** What reading steps by index needs: an array, or a model's Steps. */
export interface Indexed<S> {
  readonly length: number;
  at(index: number): S | undefined;
}

export interface TraceModel {
  /** 'path' when every entry has a string path and there is at least one; otherwise replay matches by position */
  readonly matching: 'path' | 'position';
  readonly flowName: string | undefined;
  readonly version: string | undefined;
  readonly hasInitialInput: boolean;
  readonly initialInput?: unknown;
  readonly hasContext: boolean;
  readonly context?: unknown;
  /** top-level `unrecorded`: which head fields the recorder left out, and why */
  readonly unrecorded: { readonly initialInput?: string; readonly context?: string } | undefined;
  /** entries not kept because of maxEntries (Number(trace.dropped), 0 when absent) */
  readonly dropped: number;
  readonly steps: Steps;

  // ---- indexes, built once ----
  /** path -> step index (path mode only; empty otherwise) */
  readonly byPath: Readonly<Record<string, number>>;
  /** the root sequence of the structure tree (empty children for position traces) */
  readonly root: SequenceNode;
  /** indices of steps that threw (kind 'threw', or unrecorded with threw), ascending */
  readonly errorSteps: readonly number[];
  /** cumulativeMs[i] = sum of durationMs of steps 0..i (missing durations count 0) */
  readonly cumulativeMs: Float64Array;
  readonly totalMs: number;
  /** elapsed time: Parallel branches overlap and a decision covers its branches (see wall.ts) */
  readonly wallMs: number;
  /** the longest single duration, for drawing bars to scale */
  readonly maxDurationMs: number;
  /** per Command name: how often it ran and how often it threw */
  readonly commands: Readonly<Record<string, { readonly count: number; readonly threw: number }>>;
  /** number of non-decision entries: the `n` in timeTravel's header */
  readonly recordedSteps: number;
  readonly warnings: readonly TraceWarning[];
  readonly outcome: RecordedOutcome;
  /**
   * Integers past 2^53 as the file wrote them, which the values above hold
   * rounded (replay uses those): JSON pointer in the {…, trace:[…]} form, e.g.
   * "/trace/3/result/id" or "/initialInput/orderId", to the source text.
   * Absent when there are none, or when the model was not built from text.
   */
  readonly exactNumbers?: Readonly<Record<string, string>>;
}

/** A model with every step's value: what buildModel makes. */
export interface RecordedModel extends TraceModel {
  /** a brand: a TraceStep has every RecordedStep field but the optional values, so without it the UI's model would pass for this one */
  readonly recorded: true;
  readonly steps: readonly RecordedStep[];
}

/** One line of a JSONL file, summarized for the picker. */
export interface TraceSummary {
  readonly line: number;
  /** the file it came from, when the corpus is several files (a folder, several capsules); `line` is then its line in that file */
  readonly source?: string;
  readonly flowName: string | undefined;
  readonly version: string | undefined;
  readonly entries: number;
  /** 'Failure' when the recording shows it, 'unknown' otherwise */
  readonly outcome: 'Failure' | 'unknown';
  readonly errorMessage?: string;
}
