// Per-step status flags the filter's `is:` terms read, one byte per step. They
// come from the person's notes and the last replay, which change without the
// trace changing, so they travel with each query rather than with the steps.
import type { IncidentNotes } from '../notes/notes';
import { STEP_PARADOX, STEP_UNREACHED } from '../verdict/overlay';

export const IS_UNREACHED = 1;
export const IS_DIVERGED = 2;
export const IS_NOTED = 4;
export const IS_STARRED = 8;

/** `overlay` is replayOverlay's per-step byte, undefined before any replay. */
export function statusBits(stepCount: number, overlay: Uint8Array | undefined, notes: IncidentNotes): Uint8Array {
  const bits = new Uint8Array(stepCount);
  if (overlay) {
    const n = Math.min(stepCount, overlay.length);
    for (let i = 0; i < n; i++) {
      const s = overlay[i];
      if (s === STEP_UNREACHED) bits[i] = IS_UNREACHED;
      else if (s === STEP_PARADOX) bits[i] = IS_DIVERGED;
    }
  }
  for (const [key, note] of Object.entries(notes.steps ?? {})) {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= stepCount) continue;
    if (note.text?.trim()) bits[i]! |= IS_NOTED;
    if (note.starred) bits[i]! |= IS_STARRED;
  }
  return bits;
}
