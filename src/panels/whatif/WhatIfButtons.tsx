// The inspector's way into a what-if: "What if…" opens the dialog for the selected step; once the
// step has one, "Edit what-if" and a button that removes it (and replays without it).
import type { TraceModel } from '../../core/trace/model';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { useReplayStore } from '../../stores/replayStore';
import { useOverrideOf } from '../../stores/useWhatIf';
import { overrideOutcomeText } from '../../core/whatif/describe';

const BUTTON = 'shrink-0 self-stretch whitespace-nowrap rounded border px-1.5 text-[11px]';

export function WhatIfButtons({ model, step }: { model: TraceModel; step: number }) {
  const existing = useOverrideOf(model, step);
  const { edit, remove } = useWhatIfStore.getState();
  return (
    <>
      <button
        type="button"
        className={`${BUTTON} ${existing ? 'border-whatif/60 bg-whatif-soft text-whatif' : 'border-line hover:bg-raised'}`}
        title={existing ? `What-if: ${overrideOutcomeText(existing)}. Change it` : 'Change what this step answered, and replay as if production had answered so'}
        onClick={() => edit(step)}
      >
        {existing ? 'Edit what-if' : 'What if…'}
      </button>
      {existing && (
        <button
          type="button"
          className={`${BUTTON} border-line hover:bg-raised`}
          aria-label="Remove the what-if on this step"
          title="Remove the what-if on this step, and replay with the recording"
          onClick={() => {
            remove(existing.at);
            useReplayStore.getState().requestReplay();
          }}
        >
          ✕
        </button>
      )}
    </>
  );
}

/** The step's what-if in words, on the inspector's status line. */
export function WhatIfStatus({ model, step }: { model: TraceModel; step: number }) {
  const existing = useOverrideOf(model, step);
  if (!existing) return null;
  return (
    <span className="min-w-0 max-w-full truncate font-medium text-whatif" data-testid="inspector-whatif" title={`What-if: ${overrideOutcomeText(existing)}`}>
      · what-if: {overrideOutcomeText(existing)}
    </span>
  );
}
