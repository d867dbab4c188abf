// The trace's own warnings, one line each, dismissible for this trace. Banners
// are for what a person can act on: the recorded build is a fact, shown in the
// header instead.
import type { TraceModel } from '../../core/trace/model';
import { useViewStore } from '../../stores/viewStore';
import { Icon } from '../../components/Icon';

export function Banners({ model }: { model: TraceModel }) {
  const dismissed = useViewStore((s) => s.dismissed);
  const dismiss = useViewStore((s) => s.dismiss);
  const shown = model.warnings.filter((w) => w.kind !== 'version' && !dismissed.includes(w.kind));
  if (!shown.length) return null;
  return (
    <ul aria-label="Trace warnings" className="shrink-0 border-b border-line">
      {shown.map((w) => {
        return (
          <li key={w.kind} className="flex items-center gap-2 bg-warn-soft px-3 py-1 text-[12px] text-warn">
            <Icon name="warn" size={13} />
            <span className="min-w-0 flex-1">{w.message}</span>
            <button type="button" className="rounded px-1 hover:bg-raised" aria-label={`Dismiss: ${w.message}`} onClick={() => dismiss(w.kind)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
