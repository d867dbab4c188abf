// The parse worker's message protocol: tagged unions only, so both sides are
// checked by the compiler and a new message kind cannot be half-handled.
import type { ParseResult } from '../core/trace/parse';
import type { TraceStep } from '../core/trace/model';

export type ParsePhase = 'reading' | 'parsing';

export type ParseRequest = {
  readonly type: 'parse';
  readonly id: number;
  readonly blob: Blob;
  readonly fileName: string;
};

export type ParseResponse =
  | { readonly type: 'progress'; readonly id: number; readonly phase: ParsePhase; readonly loaded: number; readonly total: number }
  /**
   * A slice of a big trace's steps, sent ahead of 'done'. Each message is
   * deserialized in a task of its own, so handing over a 100,000-step model
   * never freezes the UI thread in one long task.
   */
  | { readonly type: 'steps'; readonly id: number; readonly steps: readonly TraceStep[] }
  /** for a single trace, its model arrives with `steps` empty: they came in the 'steps' slices */
  | { readonly type: 'done'; readonly id: number; readonly result: ParseResult }
  | { readonly type: 'crashed'; readonly id: number; readonly message: string };
