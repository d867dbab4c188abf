// What a batch scheduler (scheduler.ts) and its sandbox workers (server.ts) say to each other, in
// the CLI (worker_threads, sandbox/node) and in the app (Web Workers in the sandbox frame) alike.
// The flow's files are sent once per worker, and so is each chunk of the corpus; then a batch is
// only numbers: each item's seq and where its text lies in those bytes, so a worker decodes its
// own traces and the scheduler never copies one. Each batch's rows come back packed
// (core/batch/packedRows.ts), their JSON made by the worker's frozen JSON.
import type { SourceFile } from '../../core/source/locate';
import type { RunResult } from '../../core/source/runFlow';
import type { PackedRows } from '../../core/batch/packedRows';
import type { StepOverride } from '../../core/whatif/apply';
import type { AmbientSettings } from '../../core/source/ambient';
import type { FailureSignature } from '../../core/minimize/sameFailure';

export interface BatchFlow {
  readonly files: readonly SourceFile[];
  readonly entry?: string;
  readonly exportName?: string;
  /** the baseline's files (the flow file replaced by the baseline's), replayed first for each trace */
  readonly baselineFiles?: readonly SourceFile[];
  /**
   * a what-if: these steps answer otherwise in every trace, for the flow's replay (the baseline reads
   * the recording, as a single replay's does); a trace they do not fit gets a flow-error row saying why
   */
  readonly overrides?: readonly StepOverride[];
  /** a fixed clock and seed for pure code, in the flow's replay and the baseline's alike */
  readonly ambient?: AmbientSettings;
  /**
   * candidates of one incident (a minimizer's, a redaction check's: sandbox/batch/candidates.ts):
   * each trace is answered with its signature (core/minimize/sameFailure.ts), not a verdict row
   */
  readonly candidates?: boolean;
}

/**
 * A corpus as the scheduler serves it: item `seq` (its place in the output) is the UTF-8 text at
 * bytes start[seq]..end[seq] of chunks[chunk[seq]].
 */
export interface BatchCorpus {
  /** the CLI's are views of SharedArrayBuffers, which every worker reads without a copy; the app's are copied to each worker once */
  readonly chunks: readonly Uint8Array[];
  readonly count: number;
  readonly chunk: Int32Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  /**
   * by seq: entries whose `error` key holds undefined (a path-less `throw undefined`), which JSON text
   * cannot say (core/trace/rawBytes.ts); only the app's engine knows of them, the CLI reads files
   */
  readonly undefinedErrors?: ReadonlyMap<number, readonly number[]>;
}

/** Numbers per item in a batch message: seq, chunk, start, end. */
export const ITEM_STRIDE = 4;

export type PoolToWorker =
  | { readonly type: 'flow'; readonly flow: BatchFlow }
  /** corpus bytes this worker's next batches read from, each sent to a worker once */
  | { readonly type: 'chunks'; readonly chunks: readonly { readonly index: number; readonly bytes: Uint8Array }[] }
  | { readonly type: 'batch'; readonly items: Int32Array; readonly undefinedErrors?: Readonly<Record<number, readonly number[]>> };

/** An item that got no row. */
export type OtherResult =
  /** the item is not a trace (not JSON, not a trace object) */
  | { readonly seq: number; readonly kind: 'problem'; readonly message: string }
  /** the flow (or the baseline) did not load or compile, or its export could not be chosen for this trace */
  | { readonly seq: number; readonly kind: 'unusable'; readonly which: 'flow' | 'baseline'; readonly result: Exclude<RunResult, { kind: 'report' }> }
  /** a candidate's replay (BatchFlow.candidates), as what "fails the same way" compares */
  | { readonly seq: number; readonly kind: 'candidate'; readonly signature: FailureSignature };

export type WorkerToPool =
  | { readonly type: 'ready' }
  | ({ readonly type: 'rows' } & PackedRows)
  /** the worker starts on item `seq` (a worker without shared memory says so by message; see BatchWorkerIo.running) */
  | { readonly type: 'at'; readonly seq: number }
  | { readonly type: 'failed'; readonly message: string };

/** The value a worker's "running" reads while it waits for work. */
export const IDLE = -1;

/** In the CLI: the slot of the SharedArrayBuffer a batch worker writes the seq of its trace into. */
export const RUNNING = 0;
