// The selected step's note and star, saved as they are typed (notesStore).
// Plain text; what a person writes is shown as text, never as HTML.
import type { ReactNode } from 'react';
import type { StepNote } from '../../core/notes/notes';
import { useNotesStore } from '../../stores/notesStore';

const NO_STEP_NOTE: StepNote = {};

/** `after`: what sits at the end of the row (the step's link), beside the note it goes with. */
export function StepNoteField({ index, after }: { index: number; after?: ReactNode }) {
  // Select the stored object itself (stable between renders), not a fresh default.
  const stored = useNotesStore((s) => s.notes.steps?.[index]);
  const note = stored ?? NO_STEP_NOTE;
  const { setStepText, toggleStar } = useNotesStore.getState();
  return (
    <div className="mt-1.5 flex items-start gap-1.5">
      <button
        type="button"
        aria-pressed={Boolean(note.starred)}
        aria-label="Star this step"
        title={note.starred ? 'Starred for the post-mortem: press to unstar' : 'Star this step for the post-mortem'}
        className={`shrink-0 rounded border border-line px-1.5 py-0.5 text-[13px] leading-none hover:bg-raised ${note.starred ? 'text-warn' : 'text-muted'}`}
        onClick={() => toggleStar(index)}
      >
        {note.starred ? '★' : '☆'}
      </button>
      <textarea
        aria-label="Step note"
        placeholder="Note on this step…"
        title="Saved as you type"
        rows={1}
        value={note.text ?? ''}
        onChange={(e) => setStepText(index, e.target.value)}
        // Keys typed here are text, not shortcuts: useKeyboard skips textareas.
        className="min-h-[26px] w-full resize-y rounded border border-line bg-bg px-1.5 py-0.5 text-[12px] text-fg placeholder:text-muted"
      />
      {after}
    </div>
  );
}
