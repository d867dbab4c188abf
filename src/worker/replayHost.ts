// Where replays run, as the page sees it: a production build hosts them in the
// sandbox frame (frameHost.ts), `npm run dev` in the page itself (pageHost.ts).
// The choice is made at build time by the virtual module below
// (vite.replay-sandbox.ts), so a production bundle holds no path that runs
// flow code in the page's own process.
import type { EarlyAnswer, SandboxAnswer } from './replay.protocol';
import type { BatchFlow } from '../sandbox/batch/protocol';
import type { PoolResult } from '../sandbox/batch/scheduler';

/**
 * One replay: its id, and how its ReplayRequest reaches the worker: posted
 * on `port` by whoever holds the trace (the engine worker, so the trace never
 * crosses the UI thread).
 */
export interface ReplayJob {
  readonly id: number;
  deliver(port: MessagePort): void;
  /** the replay's verdict, ahead of its answer (EarlyAnswer) */
  early?(answer: EarlyAnswer): void;
}

/** How a corpus replay ended, as its host saw it; each trace's own result came before, in `onResults`. */
export type BatchEnd =
  | { readonly kind: 'done' }
  /** the sandbox frame stopped answering: its process died, most likely out of memory */
  | { readonly kind: 'lost' }
  | { readonly kind: 'no-sandbox' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'cancelled' };

export interface ReplayHost {
  /** Get a spare worker ready now, so the first Replay does not wait for one. */
  warm(): void;
  /**
   * Have the spare worker (and each one after it) prepare for replays of this trace and flow: the
   * job delivers a PrimeRequest on its port. Nothing answers; a replay simply finds it done.
   */
  prime(job: ReplayJob): void;
  /** One replay in a fresh worker. Never rejects: every way it can end is an answer. */
  run(job: ReplayJob, timeoutMs: number, signal: AbortSignal): Promise<SandboxAnswer>;
  /**
   * A corpus replay in batch workers, each trace in a fresh Compartment (worker/batchRun.ts): the job
   * delivers the corpus (CorpusBytes) on its port; results come in bundles, in no particular order,
   * each with the traces being replayed as it was sent. Never rejects.
   */
  runBatch(
    job: ReplayJob,
    flow: BatchFlow,
    timeoutMs: number,
    onResults: (results: readonly PoolResult[], running: readonly number[]) => void,
    signal: AbortSignal,
    /** candidates (flow.candidates): the job's port carries a corpus per round, each ended by this; the run ends when `signal` aborts */
    onRoundDone?: () => void
  ): Promise<BatchEnd>;
}
