// Whether the app may replay the flow by itself when a trace opens. Only
// code and traces from the person's own files (drop, picker, paste, the demo)
// run without a click; what came with a link or a URL waits for Replay.
import { useSourceStore, type SourceFile } from './sourceStore';
import { useTraceStore, type TraceSource } from './traceStore';

export type AutoReplayBlocker = 'no-source' | 'link';

/** Why the app does not replay by itself, or undefined when it may. */
export function autoReplayBlocker(source: TraceSource, files: readonly SourceFile[]): AutoReplayBlocker | undefined {
  if (!files.length) return 'no-source';
  if (source.kind === 'url' || files.some((f) => f.origin === 'link')) return 'link';
  return undefined;
}


/** The blocker for what is open now, for panels that explain why values are missing. */
export function useAutoReplayBlocker(): AutoReplayBlocker | undefined {
  const source = useTraceStore((s) => s.source);
  const files = useSourceStore((s) => s.files);
  return autoReplayBlocker(source, files);
}
