import type { LocalLoad } from '../../stores/traceStore';
import { useTraceStore } from '../../stores/traceStore';
import { clearStepHash } from '../stepHash';

type Picking = Extract<LocalLoad, { status: 'picking' }>;

export function TracePicker({ load }: { load: Picking }) {
  const pick = useTraceStore((s) => s.pick);
  return (
    <div className="flex h-full justify-center overflow-auto p-6">
      <div className="w-full max-w-3xl">
        <h1 className="text-base font-semibold">
          {load.fileName} holds {load.summaries.length} traces. Pick one to open.
        </h1>
        <table className="mt-3 w-full border-collapse text-left text-[13px]">
          <caption className="sr-only">Traces in {load.fileName}</caption>
          <thead className="text-[11px] uppercase tracking-wide text-muted">
            <tr>
              <th className="px-2 py-1 font-medium">Line</th>
              <th className="px-2 py-1 font-medium">Flow</th>
              <th className="px-2 py-1 font-medium">Version</th>
              <th className="px-2 py-1 text-right font-medium">Entries</th>
              <th className="px-2 py-1 font-medium">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {load.summaries.map((s, i) => (
              <tr key={s.line} className="border-t border-line hover:bg-raised">
                <td className="px-2 py-1 font-mono text-muted">{s.line}</td>
                <td className="px-2 py-1">
                  <button type="button" className="font-mono text-accent underline-offset-2 hover:underline" onClick={() => {
                      clearStepHash();
                      pick(load, i);
                    }}>
                    {s.flowName ?? '(unnamed flow)'}
                  </button>
                </td>
                <td className="px-2 py-1 font-mono">{s.version ?? '—'}</td>
                <td className="px-2 py-1 text-right font-mono">{s.entries.toLocaleString('en-US')}</td>
                <td className={`px-2 py-1 ${s.outcome === 'Failure' ? 'text-err' : 'text-muted'}`}>
                  {s.outcome === 'Failure' ? `✗ Failure${s.errorMessage ? `: ${s.errorMessage}` : ''}` : 'not known until replay'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
