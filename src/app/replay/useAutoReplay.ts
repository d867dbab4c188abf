// Replay the flow once, by itself, as soon as a trace and its source are both
// loaded from the person's own files (drop, picker, paste, the demo). Then
// every step shows the value it received and passed on from the first screen,
// without a click: on the failing step that value (`total: 0`) is the answer.
//
// It runs in the same sandbox as the Replay button. Code or a trace that came
// with a link or a URL is not the person's own: it waits for Replay, and the
// panels say so (see autoReplayBlocker).
import { useEffect, useMemo } from 'react';
import { traceIdentity } from '../../core/trace/identity';
import type { TraceModel } from '../../core/trace/model';
import { useReplayStore } from '../../stores/replayStore';
import { useSourceStore } from '../../stores/sourceStore';
import { useTraceStore } from '../../stores/traceStore';
import { autoReplayBlocker } from '../../stores/autoReplay';
import { runReplay } from './replay';

export function useAutoReplay(model: TraceModel | undefined) {
  const source = useTraceStore((s) => s.source);
  const files = useSourceStore((s) => s.files);
  const traceId = useReplayStore((s) => s.traceId);
  const idle = useReplayStore((s) => s.run.status === 'idle' && !s.autoStarted);
  const identity = useMemo(() => (model ? traceIdentity(model) : undefined), [model]);
  useEffect(() => {
    // Until openTrace has run for this model, the store still holds the previous trace's state.
    if (!model || traceId !== identity || !idle || autoReplayBlocker(source, files)) return;
    useReplayStore.setState({ autoStarted: true });
    void runReplay(model, { auto: true });
  }, [model, identity, traceId, idle, source, files]);
}

/** Replay whenever a panel asks for one (the Replay button, an export chosen). */
export function useReplayRequests(model: TraceModel | undefined) {
  const requests = useReplayStore((s) => s.replayRequests);
  useEffect(() => {
    if (model && requests > 0) void runReplay(model);
    // Only a new request runs a replay, not a new model.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requests]);
}
