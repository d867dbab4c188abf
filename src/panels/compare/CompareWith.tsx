// "Compare with…" (a second file against the open trace) and the problem line
// when two runs could not be compared. The header shows the button from 1280 px
// on, the Incident tab always (at 1024 the header has no room for it).
import type { TraceModel } from '../../core/trace/model';
import { useCompareStore } from '../../stores/compareStore';
import { useTraceStore } from '../../stores/traceStore';
import { useFilePick } from '../../components/useFilePick';

/**
 * The open trace is A, the chosen file B. Both go to a compare worker: A from the engine that
 * holds it (the normal view behind keeps its engine), B read there, never on this thread.
 */
export async function compareWithFile(model: TraceModel, labelA: string, file: File): Promise<void> {
  await useCompareStore.getState().open({ model, label: labelA }, { file, label: file.name }, 'file');
}

export function CompareWithButton({ model, className }: { model: TraceModel; className: string }) {
  const label = useTraceStore((s) => (s.local.status === 'ready' ? s.local.fileName : (s.lastReady?.fileName ?? 'the open trace')));
  const file = useFilePick('.json,application/json', 'Trace to compare with', (picked) => void compareWithFile(model, label, picked));
  return (
    <>
      {file.input}
      <button type="button" className={className} onClick={file.pick} title="Compare this run with another trace of the same flow">
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
