// What people learn about an incident, as plain data: a title, a summary, the
// post-mortem's impact and action items, and per step a note and a star (the
// post-mortem's timeline keeps starred steps).
// Pure: the store and the persistence layer build on these.

export interface StepNote {
  readonly text?: string;
  readonly starred?: boolean;
}

export interface IncidentNotes {
  readonly title?: string;
  readonly summary?: string;
  /** the post-mortem's Impact: who was affected and how (the trace cannot say) */
  readonly impact?: string;
  /** the post-mortem's action items, one per entry, in order */
  readonly actionItems?: readonly string[];
  /** by recorded step index, as a string key (JSON objects have string keys) */
  readonly steps?: Readonly<Record<string, StepNote>>;
}

export const NO_NOTES: IncidentNotes = {};

/** A step note with nothing in it is dropped, so "has a note" means something was written. */
function tidy(note: StepNote): StepNote | undefined {
  const text = note.text !== undefined && note.text.trim() !== '' ? note.text : undefined;
  if (text === undefined && !note.starred) return undefined;
  return { ...(text !== undefined ? { text } : {}), ...(note.starred ? { starred: true } : {}) };
}

function withStep(notes: IncidentNotes, index: number, change: (old: StepNote) => StepNote): IncidentNotes {
  const steps = { ...(notes.steps ?? {}) };
  const next = tidy(change(steps[index] ?? {}));
  if (next) steps[index] = next;
  else delete steps[index];
  return { ...notes, steps };
}

export const setStepText = (notes: IncidentNotes, index: number, text: string) => withStep(notes, index, (old) => ({ ...old, text }));

export const toggleStar = (notes: IncidentNotes, index: number) => withStep(notes, index, (old) => ({ ...old, starred: !old.starred }));

export const stepNote = (notes: IncidentNotes, index: number): StepNote => notes.steps?.[index] ?? {};

export function isEmpty(notes: IncidentNotes): boolean {
  return !notes.title?.trim() && !notes.summary?.trim() && !notes.impact?.trim() && !(notes.actionItems ?? []).some((a) => a.trim()) && Object.keys(notes.steps ?? {}).length === 0;
}

/** Indices of steps with a note or a star, ascending, for the step list and the scrubber. */
export function markedSteps(notes: IncidentNotes): { index: number; starred: boolean; noted: boolean }[] {
  return Object.entries(notes.steps ?? {})
    .map(([k, n]) => ({ index: Number(k), starred: Boolean(n.starred), noted: Boolean(n.text) }))
    .filter((m) => Number.isInteger(m.index) && m.index >= 0)
    .sort((a, b) => a.index - b.index);
}

/** Notes read back from storage: anything that is not notes-shaped is dropped, field by field. */
export function readNotes(value: unknown): IncidentNotes {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return NO_NOTES;
  const v = value as Record<string, unknown>;
  const steps: Record<string, StepNote> = {};
  if (typeof v.steps === 'object' && v.steps !== null && !Array.isArray(v.steps)) {
    for (const [k, raw] of Object.entries(v.steps as Record<string, unknown>)) {
      if (!/^\d+$/.test(k) || typeof raw !== 'object' || raw === null) continue;
      const r = raw as Record<string, unknown>;
      const note = tidy({ ...(typeof r.text === 'string' ? { text: r.text } : {}), ...(r.starred === true ? { starred: true } : {}) });
      if (note) steps[k] = note;
    }
  }
  const actionItems = Array.isArray(v.actionItems) ? v.actionItems.filter((a): a is string => typeof a === 'string') : [];
  return {
    ...(typeof v.title === 'string' ? { title: v.title } : {}),
    ...(typeof v.summary === 'string' ? { summary: v.summary } : {}),
    ...(typeof v.impact === 'string' ? { impact: v.impact } : {}),
    ...(actionItems.length ? { actionItems } : {}),
    ...(Object.keys(steps).length ? { steps } : {})
  };
}
