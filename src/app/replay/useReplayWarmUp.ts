// Once a flow's source is open, get the replay sandbox ready in the background:
// the sandbox frame loads, receives the worker's code, and starts a spare
// worker that locks its realm and warms up. The first Replay then starts at
// once instead of waiting for any of that.
import { useEffect } from 'react';
import { useSourceStore } from '../../stores/sourceStore';
import { warmReplayWorker } from '../../worker/replayClient';

export function useReplayWarmUp(): void {
  const hasSource = useSourceStore((s) => s.files.length > 0);
  useEffect(() => {
    if (hasSource) warmReplayWorker();
  }, [hasSource]);
}
