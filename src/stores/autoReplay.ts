// Whether the app may replay the flow by itself when a trace opens. Only
// code and traces from the person's own files (drop, picker, paste, the demo)
// run without a click; what came with a link or a URL waits for Replay, and so
// do logpoints that came with one (their expressions are someone else's, even
// once the person opens their own flow source beside them).
import { useSourceStore, type SourceFile } from './sourceStore';
import { useTraceStore, type TraceSource } from './traceStore';
import { useLogpointStore } from './logpointStore';

export type AutoReplayBlocker = 'no-source' | 'link';

/** Why the app does not replay by itself, or undefined when it may. */
export function autoReplayBlocker(source: TraceSource, files: readonly SourceFile[], receivedLogpoints = useLogpointStore.getState().received): AutoReplayBlocker | undefined {
  if (!files.length) return 'no-source';
  if (source.kind === 'url' || receivedLogpoints || files.some((f) => f.origin === 'link')) return 'link';
  return undefined;
}


/** The blocker for what is open now, for panels that explain why values are missing. */
export function useAutoReplayBlocker(): AutoReplayBlocker | undefined {
  const source = useTraceStore((s) => s.source);
  const files = useSourceStore((s) => s.files);
  const received = useLogpointStore((s) => s.received);
  return autoReplayBlocker(source, files, received);
}
