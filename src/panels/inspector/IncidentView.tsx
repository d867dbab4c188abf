// The incident's title and summary: what the post-mortem and shared links
// carry. Saved as they are typed, per trace.
import { markedSteps } from '../../core/notes/notes';
import type { TraceModel } from '../../core/trace/model';
import { useNotesStore } from '../../stores/notesStore';
import { useViewStore } from '../../stores/viewStore';

export function IncidentView({ model }: { model: TraceModel }) {
  const notes = useNotesStore((s) => s.notes);
  const { setTitle, setSummary } = useNotesStore.getState();
  const select = useViewStore((s) => s.select);
  const marked = markedSteps(notes).filter((m) => m.index < model.steps.length);
  return (
    <div className="space-y-3 text-[12px]">
      <label className="block">
        <span className="text-[11px] font-semibold uppercase tracking-wide text-muted">Title</span>
        <input
          aria-label="Incident title"
          value={notes.title ?? ''}
          placeholder={`${model.flowName ?? 'flow'}: what happened`}
          onChange={(e) => setTitle(e.target.value)}
          className="mt-1 w-full rounded border border-line bg-bg px-1.5 py-1 text-fg placeholder:text-muted"
        />
      </label>
      <label className="block">
        <span className="text-[11px] font-semibold uppercase tracking-wide text-muted">Summary</span>
        <textarea
          aria-label="Incident summary"
          rows={5}
          value={notes.summary ?? ''}
          placeholder="What failed, why, and what fixes it (saved as you type)"
          onChange={(e) => setSummary(e.target.value)}
          className="mt-1 w-full resize-y rounded border border-line bg-bg px-1.5 py-1 text-fg placeholder:text-muted"
        />
      </label>
      <div>
        <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">Noted and starred steps</h3>
        {marked.length === 0 ? (
          <p className="mt-1 text-muted">None yet: write a note on a step, or star it (☆ beside its note).</p>
        ) : (
          <ul className="mt-1 space-y-1" aria-label="Noted and starred steps">
            {marked.map((m) => (
              <li key={m.index}>
                <button type="button" className="w-full rounded px-1 py-0.5 text-left hover:bg-raised" onClick={() => select(m.index)}>
                  <span className="font-mono">
                    {m.starred ? '★ ' : ''}
                    {m.index + 1}. {model.steps[m.index]!.command}
                  </span>
                  {notes.steps?.[m.index]?.text && <span className="block truncate text-muted">{notes.steps[m.index]!.text}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
