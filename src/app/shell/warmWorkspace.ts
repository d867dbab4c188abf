// While the empty screen waits for a file, get what the first trace needs
// ready: the trace engine's worker started (its script fetched and compiled,
// its module evaluated) and the workspace's module loaded, and, a moment
// later, the engine primed (its reader run on a synthetic trace). Otherwise
// the first drop on a fresh page paid for both after the drop: 0.4-0.9 s to
// show a 3-step list, against ~0.1 s for a drop once they are there.
//
// After the first paint, so the empty screen's own paint does not share the
// network and the main thread with them; in an idle callback, so a page busy
// with something else (a restored session, a shared link) is not slowed.
import { useEffect } from 'react';
import { primeEngineWhileEmpty, warmEngine } from '../../worker/engineClient';
import { afterNextPaint } from '../../components/afterNextPaint';
import { warmFonts } from './warmFonts';
import { loadWorkspace } from './lazyWorkspace';

/**
 * How long the empty screen shows before the engine is primed. The warm-up is ~200 ms of CPU: a
 * file dropped at once (a quick drop, an automated one) would wait behind it on a 2-core machine,
 * while a person who looks at the screen first gets a primed engine. A drag or the file picker
 * primes at once anyway (DropZone, filePicker).
 */
const PRIME_AFTER_MS = 1_000;

/** Longest the prefetch waits for an idle moment: a person drops a file a second or more after the page shows. */
const IDLE_TIMEOUT_MS = 300;

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 50);
  return () => clearTimeout(id);
}

export function useWarmWorkspace(): void {
  useEffect(() => {
    let prime: ReturnType<typeof setTimeout> | undefined;
    let cancel = afterNextPaint(() => {
      cancel = whenIdle(() => {
        warmEngine();
        warmFonts();
        // A failed fetch (offline, a new deploy) is retried by the render that needs the module.
        void loadWorkspace().catch(() => undefined);
        // Primed, not only started: its scanner compiled on a synthetic trace, so the first file
        // is read by optimized code (cold, a 10,000-step trace took ~300 ms to read; primed, ~115 ms).
        prime = setTimeout(primeEngineWhileEmpty, PRIME_AFTER_MS);
      });
    });
    return () => {
      cancel();
      clearTimeout(prime);
    };
  }, []);
}
