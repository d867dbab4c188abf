// The engine worker's messages. One engine per opened file: it parses the
// bytes, keeps the models with their values, and answers for them until the
// UI opens something else. The UI thread gets outlines (columns, transferred)
// and asks for values by step; search and replay are served from here, so
// the trace never crosses the UI thread again.
import type { OutlineWire } from '../core/trace/outline';
import type { TraceSummary } from '../core/trace/model';
import type { TraceProblem } from '../core/trace/errors';
import type { SkippedFile } from '../core/trace/corpus';
import type { StepValue } from '../core/trace/values';
import type { PrimeRequest, ReplayRequest } from './replay.protocol';

export type ParsePhase = 'reading' | 'parsing';

/** The engine's answer to a query a newer one replaced. */
export const SUPERSEDED = 'superseded by a newer query';

/** One model of the load: its outline, and its values when the trace is small enough to send them at once. */
export interface OutlinePart {
  readonly outline: OutlineWire;
  readonly values?: readonly StepValue[];
}

export type OutlineResult =
  | { readonly kind: 'trace'; readonly part: OutlinePart }
  | { readonly kind: 'collection'; readonly summaries: TraceSummary[]; readonly parts: readonly OutlinePart[]; readonly skipped?: readonly SkippedFile[] }
  | { readonly kind: 'error'; readonly problem: TraceProblem };

export type EngineRequest =
  /** values are sent with the outline for traces of at most `inlineBytes` */
  | { readonly type: 'parse'; readonly id: number; readonly blob: Blob; readonly fileName: string; readonly inlineBytes: number }
  /** several files as one corpus (a folder, several JSONL files or capsules): `fileName` names the whole */
  | { readonly type: 'parse-many'; readonly id: number; readonly files: readonly { readonly blob: Blob; readonly name: string }[]; readonly fileName: string; readonly inlineBytes: number }
  /** `model` is the model's place in the load (0 for a single trace, the line's for JSONL) */
  | { readonly type: 'values'; readonly id: number; readonly model: number; readonly indices: Int32Array }
  | { readonly type: 'all-values'; readonly id: number; readonly model: number }
  /** with a transferred port: the engine posts the whole ReplayRequest on it, trace included */
  | { readonly type: 'replay'; readonly model: number; readonly request: Omit<ReplayRequest, 'trace'> | Omit<PrimeRequest, 'trace'> }
  /** with a transferred port: the engine posts the trace on it as pure-effect's replay reads it ({traceJson}), for a comparison */
  | { readonly type: 'raw-trace'; readonly model: number }
  /** with a transferred port: the engine posts these traces on it, one after another, as a corpus replay reads them (worker/batchRun.ts CorpusBytes) */
  | { readonly type: 'raw-traces'; readonly models: Int32Array }
  /** a file is on its way (a drag over the window, the file picker open): run the reader over a synthetic trace, so its code is compiled */
  | { readonly type: 'warm-up' }
  /** the person is about to filter: make the value text index now, in the background */
  | { readonly type: 'search-prepare'; readonly model: number }
  /** a newer query makes the engine drop an older one between chunks */
  | { readonly type: 'search'; readonly id: number; readonly model: number; readonly text: string; readonly status: Uint8Array };

export type EngineResponse =
  | { readonly type: 'progress'; readonly id: number; readonly phase: ParsePhase; readonly loaded: number; readonly total: number }
  /** `ms`: the engine's own time reading, parsing and building, and encoding the outline */
  | { readonly type: 'parsed'; readonly id: number; readonly result: OutlineResult; readonly ms: { readonly read: number; readonly parse: number; readonly encode: number } }
  | { readonly type: 'values'; readonly id: number; readonly values: readonly StepValue[] }
  | { readonly type: 'matches'; readonly id: number; readonly matches: Int32Array; readonly ms: number }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
