// Announces the selected step politely, for screen readers and for tests. A
// paint after the list shows it (the listbox's own active option is announced
// at once); while ↓ is held it skips the steps passed over.
import type { TraceModel } from '../../core/trace/model';
import { announcement } from '../../core/present/step-text';
import { useSelectedAfterPaint } from '../../stores/useSelectedAfterPaint';

export function LiveRegion({ model }: { model: TraceModel | undefined }) {
  const selected = useSelectedAfterPaint();
  const step = model?.steps.at(selected);
  return (
    <div aria-live="polite" role="status" className="sr-only" data-testid="step-announcement">
      {model && step ? announcement(step, model.steps.length) : ''}
    </div>
  );
}
