// Mounts its children a frame after the rest: opening a trace mounts the
// whole workspace at once, and React commits a mount in one task. Putting the
// heavier panes a frame behind the step list splits that task in pieces the
// browser can paint between, so the list shows first and nothing holds the
// thread for long. The placeholder keeps the pane's place (and background).
import { useEffect, useState, type ReactNode } from 'react';

export function AfterPaint({ children, order = 1 }: { children: ReactNode; order?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let frame = 0;
    let left = order;
    // A task after each frame, so each pane's commit lands after a paint, one pane per frame.
    const tick = () => {
      frame = requestAnimationFrame(() => {
        if (--left <= 0) setTimeout(() => setReady(true), 0);
        else tick();
      });
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [order]);
  return ready ? children : <div className="h-full bg-panel" aria-busy="true" />;
}
