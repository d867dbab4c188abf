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
}

export type ReplayRequest = {
  readonly type: 'replay';
  readonly id: number;
  /** the trace object as pure-effect's replay reads it (core/trace/raw.ts) */
  readonly trace: unknown;
  /** replaces the recorded context when present (timeTravel's `context` option) */
  readonly context?: unknown;
  readonly hasContext: boolean;
  /** the person's edited flow */
  readonly run: ReplayRun;
  /** the flow as it came with the trace, replayed too when it differs, to learn production's outcome */
  readonly baseline?: ReplayRun;
};

export type ReplayResponse =
  | { readonly type: 'done'; readonly id: number; readonly result: RunResult; readonly baseline?: RunResult; readonly ms: number }
  | { readonly type: 'crashed'; readonly id: number; readonly message: string };
