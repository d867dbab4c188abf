// Run something once the next frame has painted: a task queued from that
// frame's requestAnimationFrame runs after its style, layout and paint. For
// work that must not share the frame a person is waiting for.

/** Runs `run` in a task after the next frame; returns a cancel. */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
