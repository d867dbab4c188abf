// The replay sandbox's messages. Flow code runs only on the far side of these
// boundaries; the UI thread never evaluates it. Three hops in a production
// build: the page talks to the sandbox frame (an opaque-origin iframe in its
// own process) over a private MessageChannel; the frame runs each replay in a
// fresh worker. In `npm run dev` the page hosts the workers itself.

import type { StepOverride } from '../core/whatif/apply';
import type { RawTraceBytes } from '../core/trace/rawBytes';
import type { SplitAnswer } from '../core/replay/pipelineText';
import type { BatchCommand, BatchReport } from './batchRun';
import type { Logpoint } from '../core/logpoints/types';
import type { AmbientSettings } from '../core/source/ambient';

export interface SourceFileData {
  readonly name: string;
  readonly text: string;
}

export interface ReplayRun {
  readonly files: readonly SourceFileData[];
  readonly exportName?: string;
  /** replaces the recorded context when present (timeTravel's `context` option) */
  readonly context?: { readonly value: unknown };
  /** what-if overrides the worker applies to the trace for this run only (the baseline never has any) */
  readonly overrides?: readonly StepOverride[];
  /** values to show at lines of these files, every time they run (core/logpoints): the report's `logs` */
  readonly logpoints?: readonly Logpoint[];
  /** the settings' fixed clock and seed for what pure code reads of them (core/source/ambient.ts); the real ones when absent */
  readonly ambient?: AmbientSettings;
}

export type ReplayRequest = {
  readonly type: 'replay';
  readonly id: number;
  /** the trace object as pure-effect's replay reads it (core/trace/raw.ts); or, from the engine, traceJson */
  readonly trace?: unknown;
  /** the same as JSON bytes (transferred, so a big trace is neither cloned nor copied on the way: core/trace/held.ts) */
  readonly traceJson?: RawTraceBytes;
  /** the person's edited flow, with the context they chose */
  readonly run: ReplayRun;
  /** the flow as it came with the trace and the recorded context, replayed first in the same worker when the run differs, to learn production's outcome */
  readonly baseline?: ReplayRun;
  /** the trace's key (PrimeRequest): a worker primed with the same key reads the trace it parsed then */
  readonly key?: string;
};

/**
 * What a spare replay worker prepares before any Replay is pressed, from the open trace and the flow
 * as they are: the trace parsed, and the flow's files compiled (transpiled: none of it runs). For
 * a 10,000-step trace that is ~70 ms of parsing and ~60-120 ms of compiling no replay then waits
 * for. The frame keeps the latest and hands it to every spare it starts; a replay whose `key` is
 * another reads its own trace, and a file edited since compiles again.
 */
export type PrimeRequest = {
  readonly type: 'prime';
  /** names the trace among those this page has opened (a model's, in replayClient) */
  readonly key: string;
  readonly trace?: unknown;
  readonly traceJson?: RawTraceBytes;
  readonly files: readonly SourceFileData[];
};

/**
 * How a sandbox frame hands a worker its request: a port on which the page
 * posts the ReplayRequest itself, so the trace crosses from the page to the
 * worker once instead of being decoded and encoded again in the frame.
 */
export type WorkerDelivery = { readonly type: 'port' };

/**
 * The name a batch worker is started with: it serves a whole corpus replay (Replay all), each trace
 * in a fresh Compartment of its locked realm, as the CLI's batch workers do (sandbox/batch/server.ts),
 * instead of one replay and the end. Starting a worker costs a few hundred ms (ses, the engine, the
 * lockdown); a corpus of 400 traces cannot pay that 400 times.
 */
export const BATCH_WORKER_NAME = 'timescope-batch';

/**
 * What a replay worker posts: 'ready' once its realm is locked (and it can
 * serve a request at once), then one answer. `json` is the RunResult as JSON
 * text made by the worker's frozen JSON, so whatever the flow did, the page
 * parses plain data.
 */
export type WorkerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'early'; readonly id: number; readonly early: EarlyAnswer }
  | { readonly type: 'done'; readonly id: number; readonly answer: SplitAnswer; readonly baseline?: SplitAnswer; readonly ms: number }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

/**
 * A replay's verdict ahead of its answer: the RunResult as JSON without its steps and narration
 * (pipelineText's answerHead), and the baseline's, posted as soon as the flow has finished. Packing
 * each step's record and values for the page takes a 10,000-step replay ~150 ms more in the worker
 * and ~90 ms to cross to the page's process; the verdict needs none of it.
 */
export interface EarlyAnswer {
  readonly json: Uint8Array;
  readonly baseline?: Uint8Array;
  /** the worker's time for the replay (and the baseline), the answer's `ms` */
  readonly ms: number;
}

/** What became of one replay, as the host of its worker saw it. */
export type SandboxAnswer =
  | { readonly kind: 'done'; readonly answer: SplitAnswer; readonly baseline?: SplitAnswer; readonly ms: number }
  /** stopped at the time limit */
  | { readonly kind: 'timeout'; readonly ms: number }
  /** the worker failed to start or to answer (not the flow's own errors: those are in the result) */
  | { readonly kind: 'failed'; readonly message: string }
  /** the sandbox frame stopped answering: its process died, most likely out of memory */
  | { readonly kind: 'lost' }
  /** the frame never answered at all: sandbox.html or its script did not load */
  | { readonly kind: 'no-sandbox' };

/** The page to the sandbox frame, over the private port. */
export type FrameCommand =
  /** the replay worker's code (one classic script), sent once: the frame makes its workers from it */
  | { readonly type: 'script'; readonly text: string }
  /** With a transferred port on which the page posts the ReplayRequest (see WorkerDelivery). */
  | { readonly type: 'run'; readonly id: number; readonly timeoutMs: number }
  /** With a transferred port on which the page posts a PrimeRequest, for this spare and the next. */
  | { readonly type: 'prime' }
  /**
   * A corpus replay (batchRun.ts), with a transferred port on which its corpus arrives (CorpusBytes),
   * from the engine that holds it; answered by bundles of results, then 'batch-done'.
   */
  | ({ readonly type: 'batch' } & BatchCommand)
  | { readonly type: 'cancel'; readonly id: number }
  | { readonly type: 'ping'; readonly n: number };

/** The sandbox frame to the page. */
export type FrameReport =
  | { readonly type: 'pong'; readonly n: number }
  | { readonly type: 'answer'; readonly id: number; readonly answer: SandboxAnswer }
  /** the replay's verdict, ahead of its answer (EarlyAnswer) */
  | { readonly type: 'early'; readonly id: number; readonly early: EarlyAnswer }
  | BatchReport;

/** The first message to the frame, on its window, carrying the port; anything else there is ignored. */
export const CONNECT = 'timescope-sandbox-connect';
