// A task at background priority where the browser has a task scheduler
// (Chromium, Firefox), behind the tasks already queued: the work that follows
// a frame (a pane mounted a frame after the list, the details catching up with
// a key press) then starts once what that frame queued has run.

/** Chromium's and Firefox's task scheduler; not in TypeScript's DOM types yet. */
interface TaskScheduler {
  postTask(task: () => void, options: { priority: 'background'; signal: AbortSignal }): Promise<unknown>;
}

const taskScheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;

/** Runs `run` in a background-priority task (a 0 ms timer without a scheduler); returns a cancel. */
export function backgroundTask(run: () => void): () => void {
  if (typeof taskScheduler?.postTask !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const abort = new AbortController();
  taskScheduler.postTask(run, { priority: 'background', signal: abort.signal }).catch(() => undefined);
  return () => abort.abort();
}

/** Runs `run` in a background-priority task after the next frame (behind what that frame queued); returns a cancel. */
export function afterFrameInBackground(run: () => void): () => void {
  let cancelTask: (() => void) | undefined;
  const frame = requestAnimationFrame(() => (cancelTask = backgroundTask(run)));
  return () => {
    cancelAnimationFrame(frame);
    cancelTask?.();
  };
}
