// "List | Waterfall" in the Steps header: two pressed-or-not buttons, so each
// says what it shows and which one is on (`v` switches too).
import { useStepsViewStore, type StepsView } from '../../stores/stepsViewStore';

const VIEWS: readonly { view: StepsView; label: string }[] = [
  { view: 'list', label: 'List' },
  { view: 'waterfall', label: 'Waterfall' }
];

export function StepsViewToggle() {
  const current = useStepsViewStore((s) => s.view);
  const setView = useStepsViewStore((s) => s.setView);
  return (
    <div role="group" aria-label="Show the steps as" className="flex shrink-0 overflow-hidden rounded border border-line text-[11px]">
      {VIEWS.map(({ view, label }) => (
        <button
          key={view}
          type="button"
          aria-pressed={current === view}
          title={`${label} (v switches)`}
          onClick={() => setView(view)}
          className={`whitespace-nowrap px-1.5 leading-5 ${current === view ? 'bg-accent-soft font-semibold text-fg' : 'text-muted hover:bg-raised'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
