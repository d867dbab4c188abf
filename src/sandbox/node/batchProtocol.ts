// What the batch pool (pool.ts) and its workers (batchWorker.ts) say to each other. The flow's files
// are sent once per worker, and so is each file of the corpus, as the SharedArrayBuffer the main
// thread read it into; then a batch is only numbers: each item's seq and where its text lies in
// those bytes, so a worker decodes its own lines and the main thread never copies one. Each batch's
// rows come back packed (core/batch/packedRows.ts), their JSON made by the worker's frozen JSON.
import type { SourceFile } from '../../core/source/locate';
import type { RunResult } from '../../core/source/runFlow';
import type { PackedRows } from '../../core/batch/packedRows';

export interface BatchFlow {
  readonly files: readonly SourceFile[];
  readonly entry?: string;
  readonly exportName?: string;
  /** the baseline's files (the flow file replaced by --baseline's), replayed first for each trace */
  readonly baselineFiles?: readonly SourceFile[];
}

/**
 * A corpus as the pool serves it: item `seq` (its place in the output) is the UTF-8 text at
 * bytes start[seq]..end[seq] of chunks[chunk[seq]].
 */
export interface BatchCorpus {
  /** views of SharedArrayBuffers, which every worker reads without a copy */
  readonly chunks: readonly Uint8Array[];
  readonly count: number;
  readonly chunk: Int32Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
}

/** Numbers per item in a batch message: seq, chunk, start, end. */
export const ITEM_STRIDE = 4;

export type PoolToWorker =
  | { readonly type: 'flow'; readonly flow: BatchFlow }
  /** corpus bytes this worker's next batches read from, each sent to a worker once */
  | { readonly type: 'chunks'; readonly chunks: readonly { readonly index: number; readonly bytes: Uint8Array }[] }
  | { readonly type: 'batch'; readonly items: Int32Array };

/** An item that got no row. */
export type OtherResult =
  /** the item is not a trace (not JSON, not a trace object) */
  | { readonly seq: number; readonly kind: 'problem'; readonly message: string }
  /** the flow (or the baseline) did not load or compile, or its export could not be chosen for this trace */
  | { readonly seq: number; readonly kind: 'unusable'; readonly which: 'flow' | 'baseline'; readonly result: Exclude<RunResult, { kind: 'report' }> };

export type WorkerToPool = { readonly type: 'ready' } | ({ readonly type: 'rows' } & PackedRows) | { readonly type: 'failed'; readonly message: string };

/** Slots of the SharedArrayBuffer a worker writes as it goes, read by the pool's watchdog. */
export const RUNNING = 0;
/** the value of RUNNING while the worker waits for work */
export const IDLE = -1;
