// #walk=<step> opens the walkthrough at that step, on load and when the
// address changes; PresenterView writes it back as the walk moves. The link
// may come with #incident=, whose opener empties the fragment before the
// trace is ready, so the fragment is also read once as the page loads.
import { useEffect, useRef } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { hasWalk, walkFromHash } from '../../core/walkthrough/walkHash';
import { useWalkthroughStore } from '../../stores/walkthroughStore';

const atLoad = typeof window === 'undefined' ? '' : window.location.hash;
let atLoadUsed = false;

export function useWalkHash(model: TraceModel | undefined) {
  const previous = useRef<TraceModel | undefined>(undefined);

  useEffect(() => {
    const was = previous.current;
    previous.current = model;
    const walk = useWalkthroughStore.getState();
    // Another trace: the walk through the last one ends (its #walk= goes with it).
    if (!model || (was && was !== model)) {
      if (walk.open) walk.close();
      return;
    }
    const n = model.steps.length;
    const fromLoad = atLoadUsed ? undefined : walkFromHash(atLoad, n);
    atLoadUsed = true;
    const at = walkFromHash(window.location.hash, n) ?? fromLoad;
    if (at !== undefined) walk.openAt(at);
  }, [model]);

  useEffect(() => {
    if (!model) return;
    const onHash = () => {
      const walk = useWalkthroughStore.getState();
      const at = walkFromHash(window.location.hash, model.steps.length);
      if (at !== undefined) walk.openAt(at);
      else if (walk.open && !hasWalk(window.location.hash)) walk.close();
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [model]);
}
