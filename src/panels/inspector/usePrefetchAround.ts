// The values of the steps around the selected one, asked of the engine worker ahead of need.
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useViewStore } from '../../stores/viewStore';
import { HELD_MS } from '../../stores/useSelectedAfterPaint';
import { afterFrameInBackground } from '../../components/backgroundTask';
import { loadValues } from '../../worker/engineClient';

/** Steps each side of the selected one whose values are kept at hand. */
const NEIGHBOURS = 16;

/**
 * While ↓ is held the details wait HELD_MS after the last press (useSelectedAfterPaint); the values
 * are asked for this long after it, so they are here when the details land.
 */
const SETTLE_MS = 40;

/**
 * A big trace's values live in the engine worker, and an answer takes a round trip: asked when a
 * step is shown, the value would come a frame or more after the key. So the values of the steps
 * around the selected one are asked for once the selection moves (the ones already here are not
 * asked again), and the details render with the value when they catch up.
 *
 * Never in the key press's frame: a single press asks after that frame, at background priority
 * (behind the page's own follow-ups, and the next press first); held presses ask once, when they
 * stop. Asking on every held press sent a message and handled its answer (~0.3-2 ms) just as the
 * next press came, for steps the details skip anyway.
 */
export function usePrefetchAround(model: TraceModel) {
  useEffect(() => {
    const around = (selected: number) => {
      const indices: number[] = [];
      for (let i = Math.max(0, selected - NEIGHBOURS); i <= Math.min(model.steps.length - 1, selected + NEIGHBOURS); i++) indices.push(i);
      void loadValues(model, indices).catch(() => undefined);
    };
    around(useViewStore.getState().selected);
    let cancel: (() => void) | undefined;
    let lastChange = -Infinity;
    const ask = () => {
      cancel = undefined;
      around(useViewStore.getState().selected);
    };
    const unsubscribe = useViewStore.subscribe((s, prev) => {
      if (s.selected === prev.selected) return;
      const now = performance.now();
      const held = now - lastChange < HELD_MS;
      lastChange = now;
      cancel?.();
      if (held) {
        const timer = window.setTimeout(ask, SETTLE_MS);
        cancel = () => clearTimeout(timer);
        return;
      }
      cancel = afterFrameInBackground(ask);
    });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [model]);
}
