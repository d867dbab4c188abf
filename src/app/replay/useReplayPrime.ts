// Have the spare replay worker parse the open trace and compile the flow as it stands, a moment
// after either last changed (PrimeRequest): pressing Replay then starts at running the flow. None
// of the flow's code runs until then; a trace or an edit that arrives later is primed again.
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useReplayStore } from '../../stores/replayStore';
import { effectiveFiles, useSourceStore } from '../../stores/sourceStore';
import { primeReplayWorker } from '../../worker/replayClient';

/** How long the trace and the code stay unchanged before the spare is primed: typing is not primed per key. */
export const PRIME_AFTER_MS = 1000;

export function useReplayPrime(model: TraceModel | undefined): void {
  const originals = useSourceStore((s) => s.files);
  const edits = useReplayStore((s) => s.edits);
  useEffect(() => {
    if (!model || originals.length === 0) return;
    const timer = setTimeout(() => primeReplayWorker(model, effectiveFiles(originals, edits)), PRIME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [model, originals, edits]);
}
