// The compare worker's messages (compare.worker.ts). One worker per
// comparison: it reads both runs, aligns them, and answers for rows until the
// view closes and ends it.
import type { AlignmentWire, RowDetail, SideSummary } from '../core/compare/session';
import type { RawTraceBytes } from '../core/trace/rawBytes';

/**
 * Where a run comes from: a file (Compare with…), a raw trace object (a compare link), or an
 * engine that holds it (the JSONL list, the verdict matrix), which posts its trace as bytes on
 * the port given with the request (one port per 'engine' side, in order).
 */
export type CompareSource =
  | { readonly kind: 'file'; readonly label: string; readonly blob: Blob }
  | { readonly kind: 'trace'; readonly label: string; readonly trace: unknown }
  | { readonly kind: 'engine'; readonly label: string };

/** What an engine posts on a compare side's port. */
export interface EngineTrace {
  readonly traceJson: RawTraceBytes;
}

export type CompareRequest =
  | { readonly type: 'open'; readonly a: CompareSource; readonly b: CompareSource }
  | { readonly type: 'detail'; readonly id: number; readonly row: number }
  /** both runs as pure-effect's replay reads them, for a compare link */
  | { readonly type: 'raw'; readonly id: number };

/** Why a run could not be compared: it is no trace, or it holds several. */
export interface SideProblem {
  readonly side: 'A' | 'B';
  /** failed: the comparison itself stopped (the worker died, an engine lost the trace) */
  readonly reason: 'not-a-trace' | 'several' | 'failed';
  readonly message?: string;
  readonly count?: number;
}

export type CompareResponse =
  | { readonly type: 'opened'; readonly a: SideSummary; readonly b: SideSummary; readonly alignment: AlignmentWire }
  | { readonly type: 'refused'; readonly problem: SideProblem }
  | { readonly type: 'detail'; readonly id: number; readonly detail: RowDetail }
  | { readonly type: 'raw'; readonly id: number; readonly a: RawTraceBytes; readonly b: RawTraceBytes }
  | { readonly type: 'failed'; readonly message: string };
