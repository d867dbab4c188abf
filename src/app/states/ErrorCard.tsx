import type { TraceProblem } from '../../core/trace/errors';
import { useTraceStore } from '../../stores/traceStore';
import { pickFiles } from '../../components/filePicker';
import { writeHash } from '../navigation/stepHash';

export function ErrorCard({ problem, fileName }: { problem: TraceProblem; fileName: string | undefined }) {
  const lastReady = useTraceStore((s) => s.lastReady);
  const setLocal = useTraceStore((s) => s.setLocal);
  const lastReadyStep = useTraceStore((s) => s.lastReadyStep);
  return (
    <div className="flex h-full items-center justify-center p-6">
      <div role="alert" aria-labelledby="load-error-title" className="w-full max-w-xl rounded-lg border border-err/50 bg-panel p-6">
        <h1 id="load-error-title" className="font-semibold text-err">
          <span aria-hidden>✗ </span>
          {fileName ? `Could not open ${fileName}` : 'Could not open the trace'}
        </h1>
        <p className="mt-2 break-words font-mono text-[13px]">{problem.message}</p>
        <p className="mt-2 text-muted">{problem.hint}</p>
        <div className="mt-4 flex gap-2">
          <button type="button" className="rounded bg-accent px-3 py-1.5 font-medium text-white dark:text-bg" onClick={pickFiles}>
            Open another file…
          </button>
          {lastReady && (
            <button type="button" className="rounded border border-line px-3 py-1.5 hover:bg-raised" onClick={() => {
                writeHash(lastReadyStep);
                setLocal(lastReady);
              }}>
              Back to {lastReady.fileName}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
