// Mounts its children a frame after the rest: opening a trace mounts the
// whole workspace at once, and React commits a mount in one task. Putting the
// heavier panes a frame behind the step list splits that task in pieces the
// browser can paint between, so the list shows first and nothing holds the
// thread for long. The placeholder keeps the pane's place (and background).
import { useEffect, useState, type ReactNode } from 'react';
import { backgroundTask } from './backgroundTask';

export function AfterPaint({ children, order = 1 }: { children: ReactNode; order?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let frame = 0;
    let cancelTask: (() => void) | undefined;
    let left = order;
    // A task after each frame, so each pane's commit lands after a paint, one pane per frame; at
    // background priority, so what that frame queued (its input, a page's message) runs first.
    const tick = () => {
      frame = requestAnimationFrame(() => {
        if (--left <= 0) cancelTask = backgroundTask(() => setReady(true));
        else tick();
      });
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      cancelTask?.();
    };
  }, [order]);
  return ready ? children : <div className="h-full bg-panel" aria-busy="true" />;
}
