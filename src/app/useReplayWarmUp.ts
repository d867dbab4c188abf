// Once a flow's source is open, load the replay worker in the background: the
// first Replay then starts at once instead of waiting for the worker's code.
import { useEffect } from 'react';
import { useSourceStore } from '../stores/sourceStore';
import { warmReplayWorker } from '../worker/replayClient';

export function useReplayWarmUp(): void {
  const hasSource = useSourceStore((s) => s.files.length > 0);
  useEffect(() => {
    if (hasSource) warmReplayWorker();
  }, [hasSource]);
}
