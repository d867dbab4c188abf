// The parse worker's message protocol: tagged unions only, so both sides are
// checked by the compiler and a new message kind cannot be half-handled.
import type { ParseResult } from '../core/trace/parse';

export type ParsePhase = 'reading' | 'parsing';

export type ParseRequest = {
  readonly type: 'parse';
  readonly id: number;
  readonly blob: Blob;
  readonly fileName: string;
};

export type ParseResponse =
  | { readonly type: 'progress'; readonly id: number; readonly phase: ParsePhase; readonly loaded: number; readonly total: number }
  | { readonly type: 'done'; readonly id: number; readonly result: ParseResult }
  | { readonly type: 'crashed'; readonly id: number; readonly message: string };
