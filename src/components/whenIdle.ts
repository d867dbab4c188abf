// Run something when the page has nothing else to do, or after `timeoutMs` at the latest: for
// work nobody is waiting on, which must not share a task with what they are.

/** Runs `run` in an idle period (at most `timeoutMs` from now); returns a cancel. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 50);
  return () => clearTimeout(id);
}
