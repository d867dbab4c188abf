// Notes are saved as they are typed. Each change is written to local storage
// at once (synchronous, so a tab closed mid-word keeps the word) and to
// IndexedDB shortly after (the durable copy, keyed by the trace's identity,
// which a cleared or full local storage does not take with it). Reading takes
// whichever copy is newer.
import { readNotes, type IncidentNotes } from '../core/notes/notes';
import { getValue, write } from './sessionDb';

interface Saved {
  readonly notes: unknown;
  /** ms since the epoch, to pick the newer copy */
  readonly at: number;
}

const key = (traceId: string) => `timescope.notes.${traceId}`;
const IDB_DELAY_MS = 250;
const timers = new Map<string, number>();

function readLocal(traceId: string): Saved | undefined {
  try {
    const text = localStorage.getItem(key(traceId));
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as Saved).at === 'number' ? (parsed as Saved) : undefined;
  } catch {
    return undefined;
  }
}

/** The notes local storage holds, synchronously: what the first frame shows. */
export function notesNow(traceId: string): IncidentNotes {
  return readNotes(readLocal(traceId)?.notes);
}

/** The newest copy, once IndexedDB has answered; undefined when it holds nothing newer than local storage. */
export async function newerStoredNotes(traceId: string): Promise<IncidentNotes | undefined> {
  const stored = await getValue<Saved>('notes', traceId);
  const local = readLocal(traceId);
  if (!stored || typeof stored.at !== 'number' || (local && local.at >= stored.at)) return undefined;
  return readNotes(stored.notes);
}

export function saveNotes(traceId: string, notes: IncidentNotes): void {
  const saved: Saved = { notes, at: Date.now() };
  try {
    localStorage.setItem(key(traceId), JSON.stringify(saved));
  } catch {
    // full or off: the IndexedDB copy below still goes
  }
  window.clearTimeout(timers.get(traceId));
  timers.set(
    traceId,
    window.setTimeout(() => {
      timers.delete(traceId);
      void write([{ store: 'notes', key: traceId, value: saved }]);
    }, IDB_DELAY_MS)
  );
}

export function forgetNotes(traceIds: readonly string[]): void {
  for (const id of traceIds) {
    window.clearTimeout(timers.get(id));
    try {
      localStorage.removeItem(key(id));
    } catch {
      // storage off: nothing was kept there either
    }
  }
  void write(traceIds.map((id) => ({ store: 'notes' as const, key: id, delete: true as const })));
}
