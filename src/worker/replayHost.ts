// Where replays run, as the page sees it: a production build hosts them in the
// sandbox frame (frameHost.ts), `npm run dev` in the page itself (pageHost.ts).
// The choice is made at build time by the virtual module below
// (vite.replay-sandbox.ts), so a production bundle holds no path that runs
// flow code in the page's own process.
import type { SandboxAnswer } from './replay.protocol';

/**
 * One replay: its id, and how its ReplayRequest reaches the worker: posted
 * on `port` by whoever holds the trace (the engine worker, so the trace never
 * crosses the UI thread).
 */
export interface ReplayJob {
  readonly id: number;
  deliver(port: MessagePort): void;
}

export interface ReplayHost {
  /** Get a spare worker ready now, so the first Replay does not wait for one. */
  warm(): void;
  /**
   * One replay in a fresh worker, or with `batch` one trace of a corpus replay in a batch worker (a
   * fresh Compartment of a worker that serves many). Never rejects: every way it can end is an answer.
   */
  run(job: ReplayJob, timeoutMs: number, signal: AbortSignal, batch?: boolean): Promise<SandboxAnswer>;
  /** The corpus replay is over: end its batch workers. */
  endBatch(): void;
}
