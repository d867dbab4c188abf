// When the flow function is ambiguous (no export matches the trace's flowName
// and more than one could be it), the person picks; the choice is kept per trace.
import { useEffect, useRef } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useReplayStore } from '../../stores/replayStore';

export function ExportPicker({ model }: { model: TraceModel }) {
  const choices = useReplayStore((s) => s.choices);
  const chooseExport = useReplayStore((s) => s.chooseExport);
  const setChoices = useReplayStore((s) => s.setChoices);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (choices && !dialog.open) dialog.showModal();
    if (!choices && dialog.open) dialog.close();
  }, [choices]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="export-picker-title"
      onClose={() => setChoices(undefined)}
      className="m-auto w-[min(520px,92vw)] rounded-lg border border-line bg-panel p-4 text-fg shadow-2xl backdrop:bg-black/50"
    >
      {choices && (
        <>
          <h2 id="export-picker-title" className="font-semibold">
            Which function builds the flow?
          </h2>
          <p className="mt-1 text-[12px] text-muted">
            No export is named after the trace&apos;s flow ({model.flowName ?? 'unnamed'}), and more than one exported function could be it. Timescope
            remembers your choice for this trace.
          </p>
          <ul className="mt-3 space-y-1">
            {choices.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="w-full rounded border border-line px-2 py-1 text-left font-mono text-[13px] hover:bg-raised"
                  onClick={() => {
                    chooseExport(name);
                    useReplayStore.getState().requestReplay();
                  }}
                >
                  {name}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </dialog>
  );
}
