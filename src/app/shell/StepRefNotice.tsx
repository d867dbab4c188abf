// Why a post-mortem's step link did not open its step (app/navigation/stepRef.ts): one line over
// the workspace, or over the empty screen when no incident is open. Dismissible.
import { useEffect } from 'react';
import { useStepRefStore } from '../../stores/stepRefStore';
import { noIncidentProblem } from '../navigation/stepRef';
import { Icon } from '../../components/Icon';

export function StepRefNotice({ empty = false }: { empty?: boolean }) {
  const problem = useStepRefStore((s) => s.problem);
  const pending = useStepRefStore((s) => s.pending);
  // Nothing opened for the link (no session to restore): it cannot be followed, and the next trace
  // the person opens is their choice, not the link's.
  useEffect(() => {
    if (empty && pending) useStepRefStore.getState().settle(noIncidentProblem(pending));
  }, [empty, pending]);
  if (!problem) return null;
  return (
    <div role="alert" className={`flex items-center gap-2 bg-warn-soft px-3 py-1 text-[12px] text-warn ${empty ? 'w-full max-w-lg rounded border border-line' : 'shrink-0 border-b border-line'}`}>
      <Icon name="warn" size={13} />
      <span className="min-w-0 flex-1">{problem}</span>
      <button type="button" className="rounded px-1 hover:bg-raised" aria-label="Dismiss the step link notice" onClick={() => useStepRefStore.getState().dismiss()}>
        ×
      </button>
    </div>
  );
}
