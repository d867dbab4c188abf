// "Compare with…" (a second file against the open trace) and the problem line
// when two runs could not be compared. The header shows the button from 1280 px
// on, the Incident tab always (at 1024 the header has no room for it).
import { useRef } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useCompareStore } from '../../stores/compareStore';
import { useTraceStore } from '../../stores/traceStore';
import { fullModel } from '../../worker/engineClient';
import { parseOneInWorker } from '../../worker/parseOneClient';

/**
 * The open trace is A, the chosen file B. B is parsed in a worker of its own rather than in an
 * engine (a new engine load would stop the one that holds A's values for the normal view behind),
 * and not on this thread, where a big file froze the tab.
 */
export async function compareWithFile(model: TraceModel, labelA: string, file: File): Promise<void> {
  const store = useCompareStore.getState();
  try {
    const [a, parsed] = await Promise.all([fullModel(model), parseOneInWorker(file, file.name)]);
    if (parsed.kind === 'error') return void useCompareStore.setState({ problem: `${file.name} is not a trace: ${parsed.problem.message}` });
    if (parsed.kind === 'collection') {
      return void useCompareStore.setState({ problem: `${file.name} holds ${parsed.count} traces: open it, tick two in its list and choose Compare.` });
    }
    store.open({ model: a, label: labelA }, { model: parsed.model, label: file.name });
  } catch (error) {
    useCompareStore.setState({ problem: `Could not compare with ${file.name}: ${error instanceof Error ? error.message : String(error)}` });
  }
}

export function CompareWithButton({ model, className }: { model: TraceModel; className: string }) {
  const input = useRef<HTMLInputElement>(null);
  const label = useTraceStore((s) => (s.local.status === 'ready' ? s.local.fileName : (s.lastReady?.fileName ?? 'the open trace')));
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Trace to compare with"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void compareWithFile(model, label, file);
        }}
      />
      <button type="button" className={className} onClick={() => input.current?.click()} title="Compare this run with another trace of the same flow">
        Compare with…
      </button>
    </>
  );
}

export function CompareProblem() {
  const problem = useCompareStore((s) => s.problem);
  if (!problem) return null;
  return (
    <div role="alert" className="flex shrink-0 items-center gap-2 border-b border-line bg-err-soft px-3 py-1 text-[12px]">
      <span className="min-w-0 flex-1">{problem}</span>
      <button type="button" className="rounded border border-line px-2 py-0.5 hover:bg-raised" onClick={() => useCompareStore.setState({ problem: undefined })}>
        Dismiss
      </button>
    </div>
  );
}
