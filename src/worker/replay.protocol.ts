// The replay worker's messages. Flow code runs only on the far side of this
// boundary; the UI thread never evaluates it.
import type { RunResult } from '../core/source/runFlow';

export interface SourceFileData {
  readonly name: string;
  readonly text: string;
}

export interface ReplayRun {
  readonly files: readonly SourceFileData[];
  readonly exportName?: string;
  /** replaces the recorded context when present (timeTravel's `context` option) */
  readonly context?: { readonly value: unknown };
}

export type ReplayRequest = {
  readonly type: 'replay';
  readonly id: number;
  /** the trace object as pure-effect's replay reads it (core/trace/raw.ts) */
  readonly trace: unknown;
  /** the person's edited flow, with the context they chose */
  readonly run: ReplayRun;
  /** the flow as it came with the trace and the recorded context, replayed too when the run differs, to learn production's outcome */
  readonly baseline?: ReplayRun;
};

export type ReplayResponse =
  | { readonly type: 'done'; readonly id: number; readonly result: RunResult; readonly baseline?: RunResult; readonly ms: number }
  | { readonly type: 'crashed'; readonly id: number; readonly message: string };
