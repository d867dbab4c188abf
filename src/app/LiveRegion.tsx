// Announces the selected step politely, for screen readers and for tests.
import type { TraceModel } from '../core/trace/model';
import { announcement } from '../core/present/step-text';
import { useViewStore } from '../stores/viewStore';

export function LiveRegion({ model }: { model: TraceModel | undefined }) {
  const selected = useViewStore((s) => s.selected);
  const step = model?.steps[selected];
  return (
    <div aria-live="polite" role="status" className="sr-only" data-testid="step-announcement">
      {model && step ? announcement(step, model.steps.length) : ''}
    </div>
  );
}
