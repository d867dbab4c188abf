// What the batch pool (pool.ts) and its workers (batchWorker.ts) say to each other. The flow's files
// are sent once per worker; then traces go in batches, and each batch's rows come back as one JSON
// text made by the worker's frozen JSON.
import type { SourceFile } from '../../core/source/locate';
import type { RunResult } from '../../core/source/runFlow';
import type { BatchRow } from '../../core/batch/verdict';

export interface BatchFlow {
  readonly files: readonly SourceFile[];
  readonly entry?: string;
  readonly exportName?: string;
  /** the baseline's files (the flow file replaced by --baseline's), replayed first for each trace */
  readonly baselineFiles?: readonly SourceFile[];
}

export interface BatchItem {
  /** the item's place in the corpus, which is also its place in the output */
  readonly seq: number;
  readonly text: string;
}

export type PoolToWorker = { readonly type: 'flow'; readonly flow: BatchFlow } | { readonly type: 'batch'; readonly items: readonly BatchItem[] };

/** What became of one item. */
export type ItemResult =
  | { readonly seq: number; readonly kind: 'row'; readonly row: BatchRow; readonly ms: number; readonly before?: BatchRow }
  /** the item is not a trace (not JSON, not a trace object) */
  | { readonly seq: number; readonly kind: 'problem'; readonly message: string }
  /** the flow (or the baseline) did not load or compile, or its export could not be chosen for this trace */
  | { readonly seq: number; readonly kind: 'unusable'; readonly which: 'flow' | 'baseline'; readonly result: Exclude<RunResult, { kind: 'report' }> };

export type WorkerToPool = { readonly type: 'ready' } | { readonly type: 'rows'; readonly json: string } | { readonly type: 'failed'; readonly message: string };

/** Slots of the SharedArrayBuffer a worker writes as it goes, read by the pool's watchdog. */
export const RUNNING = 0;
/** the value of RUNNING while the worker waits for work */
export const IDLE = -1;
