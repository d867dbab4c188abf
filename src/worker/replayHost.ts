// Where replays run, as the page sees it: a production build hosts them in the
// sandbox frame (frameHost.ts), `npm run dev` in the page itself (pageHost.ts).
// The choice is made at build time by the virtual module below
// (vite.replay-sandbox.ts), so a production bundle holds no path that runs
// flow code in the page's own process.
import type { ReplayRequest, SandboxAnswer } from './replay.protocol';

export interface ReplayHost {
  /** Get a spare worker ready now, so the first Replay does not wait for one. */
  warm(): void;
  /** One replay in a fresh worker. Never rejects: every way it can end is an answer. */
  run(request: ReplayRequest, timeoutMs: number, signal: AbortSignal): Promise<SandboxAnswer>;
}
