// The post-mortem's fields the trace cannot fill: who was affected (Impact)
// and what the team will do (action items). Saved as typed, with the notes.
import { useNotesStore } from '../../stores/notesStore';

const NO_ITEMS: readonly string[] = [];
const heading = 'text-[11px] font-semibold uppercase tracking-wide text-muted';
const field = 'w-full rounded border border-line bg-bg px-1.5 py-1 text-fg placeholder:text-muted';

function ActionItems() {
  const items = useNotesStore((s) => s.notes.actionItems ?? NO_ITEMS);
  const setItems = useNotesStore((s) => s.setActionItems);
  const set = (i: number, text: string) => setItems(items.map((a, j) => (j === i ? text : a)));
  const add = () => {
    setItems([...items, '']);
    // the new field is drawn on the next frame
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-action-item="${items.length}"]`)?.focus());
  };
  return (
    <div>
      <h3 className={heading}>Action items</h3>
      <ol aria-label="Action items" className="mt-1 space-y-1">
        {items.map((text, i) => (
          <li key={i} className="flex items-center gap-1.5">
            <span className="w-4 shrink-0 text-right text-muted">{i + 1}.</span>
            <input
              aria-label={`Action item ${i + 1}`}
              data-action-item={i}
              value={text}
              placeholder="What the team will do, and who"
              onChange={(e) => set(i, e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              className={field}
            />
            <button type="button" aria-label={`Remove action item ${i + 1}`} className="rounded px-1 text-muted hover:text-err" onClick={() => setItems(items.filter((_, j) => j !== i))}>
              ×
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="mt-1 rounded border border-line px-2 py-0.5 hover:bg-raised" onClick={add}>
        Add action item
      </button>
    </div>
  );
}

export function PostmortemFields() {
  const impact = useNotesStore((s) => s.notes.impact ?? '');
  const setImpact = useNotesStore((s) => s.setImpact);
  return (
    <>
      <label className="block">
        <span className={heading}>Impact</span>
        <textarea
          aria-label="Impact"
          rows={2}
          value={impact}
          placeholder="Who was affected, how many, for how long"
          onChange={(e) => setImpact(e.target.value)}
          className={`mt-1 resize-y ${field}`}
        />
      </label>
      <ActionItems />
    </>
  );
}
