// The selected step for the heavier panes that follow a selection (the
// Inspector's body, the source's highlight, the narration, the announcement):
// the same step as the list's, one paint later. A key press paints the list's
// highlight and the step's name and status (the Inspector's header reads the
// selection directly) in the next frame; these panes follow in a render of
// their own after that frame, at transition priority, so the next key press
// interrupts it rather than waiting for it. While ↓ is held (key repeat, or
// presses in quick succession) they wait until the presses stop: their render
// and its frame would otherwise land just as the next press comes and put its
// frame behind them, and the steps passed over are not worth showing. They
// always end on the step the list shows.
import { startTransition, useEffect, useState } from 'react';
import { useViewStore } from './viewStore';
import { afterFrameInBackground } from '../components/backgroundTask';

/** A frame with no paint (a hidden tab) must not keep the details behind for good. */
const FALLBACK_MS = 100;

/**
 * Selections this close together are a held key or a quick run of presses: the panes catch up
 * this long after the last one. Key repeat is 30-50 ms; a person's separate presses are further
 * apart, and each of them is caught up after its own frame.
 */
export const HELD_MS = 90;

const listeners = new Set<() => void>();
let pending = false;
let timer = 0;
let fallback = 0;
let cancelTask: (() => void) | undefined;
let lastChange = -Infinity;
let unsubscribe: (() => void) | undefined;

function cancel() {
  pending = false;
  clearTimeout(timer);
  clearTimeout(fallback);
  cancelTask?.();
  timer = fallback = 0;
  cancelTask = undefined;
}

function land() {
  cancel();
  // One task, one transition for every pane.
  startTransition(() => {
    for (const listener of listeners) listener();
  });
}

function schedule() {
  const now = performance.now();
  const held = now - lastChange < HELD_MS;
  lastChange = now;
  if (held) {
    // Held: whatever was to land now waits for the presses to stop.
    cancel();
    pending = true;
    timer = window.setTimeout(land, HELD_MS);
    return;
  }
  // One catch-up at a time: it reads the newest selection when it lands.
  if (pending) return;
  pending = true;
  // That frame paints the list alone; the details start once what it queued (the list's own
  // follow-ups, a page's message) has run.
  cancelTask = afterFrameInBackground(land);
  fallback = window.setTimeout(land, FALLBACK_MS);
}

function listen(listener: () => void): () => void {
  listeners.add(listener);
  unsubscribe ??= useViewStore.subscribe((s, prev) => {
    if (s.selected !== prev.selected) schedule();
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    unsubscribe?.();
    unsubscribe = undefined;
    cancel();
  };
}

/** The selected step (index into model.steps), a paint after the list's. */
export function useSelectedAfterPaint(): number {
  const [selected, setSelected] = useState(() => useViewStore.getState().selected);
  useEffect(() => {
    const update = () => setSelected(useViewStore.getState().selected);
    // A selection made between this render and the subscription.
    update();
    return listen(update);
  }, []);
  return selected;
}
