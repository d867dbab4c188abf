// The open trace's incident notes: title, summary, a note and a star per step.
// Every change is saved at once (persist/notesDb.ts); opening a trace brings
// its notes back, and opening another never touches the first one's.
import { create } from 'zustand';
import { NO_NOTES, setStepText, toggleStar, type IncidentNotes } from '../core/notes/notes';
import { forgetNotes, newerStoredNotes, notesNow, saveNotes } from '../persist/notesDb';

interface NotesState {
  readonly traceId: string | undefined;
  readonly notes: IncidentNotes;
  openTrace(traceId: string): void;
  setTitle(title: string): void;
  setSummary(summary: string): void;
  setImpact(impact: string): void;
  setActionItems(items: readonly string[]): void;
  setStepText(index: number, text: string): void;
  toggleStar(index: number): void;
  forget(traceIds: readonly string[]): void;
}

export const useNotesStore = create<NotesState>()((set, get) => {
  const change = (next: (notes: IncidentNotes) => IncidentNotes) => {
    const { traceId, notes } = get();
    const updated = next(notes);
    set({ notes: updated });
    if (traceId) saveNotes(traceId, updated);
  };
  return {
    traceId: undefined,
    notes: NO_NOTES,
    openTrace: (traceId) => {
      const opened = notesNow(traceId);
      set({ traceId, notes: opened });
      void newerStoredNotes(traceId).then((stored) => {
        // Only if the person is still on this trace and has not typed since it opened.
        if (stored && get().traceId === traceId && get().notes === opened) set({ notes: stored });
      });
    },
    setTitle: (title) => change((n) => ({ ...n, title })),
    setSummary: (summary) => change((n) => ({ ...n, summary })),
    setImpact: (impact) => change((n) => ({ ...n, impact })),
    setActionItems: (actionItems) => change((n) => ({ ...n, actionItems: [...actionItems] })),
    setStepText: (index, text) => change((n) => setStepText(n, index, text)),
    toggleStar: (index) => change((n) => toggleStar(n, index)),
    forget: (traceIds) => {
      forgetNotes(traceIds);
      if (get().traceId && traceIds.includes(get().traceId!)) set({ notes: NO_NOTES });
    }
  };
});
