// The two ways a replay ends without an answer of its own, as the verdict
// banner tells them apart (replay.ts): the time limit, and the sandbox's death.
// Apart from replayClient.ts so tests can use them without the sandbox.

export class ReplayTimeout extends Error {
  override readonly name = 'ReplayTimeout';
  constructor(readonly ms: number) {
    super(`The replay did not finish within ${ms / 1000} s, so it was stopped. The flow's code may loop forever; check loops and recursion in pure steps, or raise the time limit.`);
  }
}

export class ReplayOutOfMemory extends Error {
  override readonly name = 'ReplayOutOfMemory';
  constructor() {
    super(
      "The replay's sandbox stopped: the flow's code most likely used up its memory (a loop or recursion in a pure step that keeps building arrays, strings or objects). The page is unharmed; the next replay runs in a fresh sandbox."
    );
  }
}
