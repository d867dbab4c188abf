// Logpoints fill in without pressing Replay: when one is added, its expression edited or it is
// removed, the flow replays again (debounced, so typing an expression is one replay, not one a
// key), with the logpoints the checker accepts; a refused expression starts no replay. Only code
// of the person's own: code that came with a link runs when they press Replay (autoReplay.ts).
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { logsMatch, sendable } from '../../core/logpoints/send';
import { useLogpointStore } from '../../stores/logpointStore';
import { useReplayStore } from '../../stores/replayStore';
import { useSourceStore } from '../../stores/sourceStore';
import { useTraceStore } from '../../stores/traceStore';
import { autoReplayBlocker } from '../../stores/autoReplay';
import { loadExpressionCheck } from '../../stores/expressionCheck';
import { runReplay } from './replay';

/** How long the logpoints must stay as they are before the replay starts. */
export const LOGPOINT_REPLAY_DEBOUNCE_MS = 400;

export function useLogpointReplay(model: TraceModel | undefined) {
  useEffect(() => {
    if (!model) return;
    const id = traceIdentity(model);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void fire(), LOGPOINT_REPLAY_DEBOUNCE_MS);
    };
    const fire = async () => {
      const { traceId, points } = useLogpointStore.getState();
      const replay = useReplayStore.getState();
      if (traceId !== id || replay.traceId !== id) return;
      if (autoReplayBlocker(useTraceStore.getState().source, useSourceStore.getState().files)) return;
      // Until the replay on load has started, it takes the logpoints itself; one running is waited for.
      if (!replay.autoStarted) return;
      if (replay.run.status === 'running') return schedule();
      let check;
      try {
        check = await loadExpressionCheck();
      } catch {
        return; // the checker did not load: the editor says the logpoints are being checked, nothing is sent
      }
      const wanted = sendable(points, check);
      // The last replay ran with exactly these (a refused expression typed, or one put back): nothing to fill in.
      const run = useReplayStore.getState().run;
      if (run.status === 'done' && logsMatch(run.report?.logs, wanted)) return;
      if (run.status !== 'done' && wanted.length === 0) return;
      await runReplay(model, { forLogpoints: true });
    };
    const unsubscribe = useLogpointStore.subscribe((s, prev) => {
      if (s.points !== prev.points && s.traceId === prev.traceId) schedule();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [model]);
}
