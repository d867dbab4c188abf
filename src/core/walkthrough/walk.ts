// Which steps a walkthrough visits, and how it moves between them. "All"
// is never materialized (a trace can hold 100,000 steps); "starred" is the
// short list the post-mortem keeps. The walkthrough remembers the step it
// shows, not its position in the list, so switching between the two modes,
// or starring a step mid-walk, keeps the person where they were.
import { markedSteps, type IncidentNotes } from '../notes/notes';

export type WalkMode = 'all' | 'starred';

export type WalkList =
  | { readonly mode: 'all'; readonly count: number }
  | { readonly mode: 'starred'; readonly steps: readonly number[] };

export function walkList(mode: WalkMode, stepCount: number, notes: IncidentNotes): WalkList {
  if (mode === 'all') return { mode, count: stepCount };
  return { mode, steps: markedSteps(notes).filter((m) => m.starred && m.index < stepCount).map((m) => m.index) };
}

export const walkLength = (list: WalkList): number => (list.mode === 'all' ? list.count : list.steps.length);

/** The step at a position in the list; undefined past either end or in an empty list. */
export function stepAt(list: WalkList, position: number): number | undefined {
  if (!Number.isInteger(position) || position < 0 || position >= walkLength(list)) return undefined;
  return list.mode === 'all' ? position : list.steps[position];
}

/**
 * Where a step sits in the list: its own position, or, for a step the list lacks (not starred), the
 * first listed step after it, else the last one before it. -1 for an empty list.
 */
export function positionOf(list: WalkList, step: number): number {
  const n = walkLength(list);
  if (n === 0) return -1;
  if (list.mode === 'all') return Math.min(Math.max(0, step), n - 1);
  const after = list.steps.findIndex((s) => s >= step);
  return after >= 0 ? after : n - 1;
}

/** The step `delta` positions away from `step`, held at the ends; undefined for an empty list. */
export function stepBy(list: WalkList, step: number, delta: number): number | undefined {
  const n = walkLength(list);
  const at = positionOf(list, step);
  if (at < 0) return undefined;
  const found = stepAt(list, at)!;
  let target = at + delta;
  // A step the list lacks sits between two listed ones: one move either way reaches its neighbour.
  if (found > step && delta > 0) target = at + delta - 1;
  if (found < step && delta < 0) target = at + delta + 1;
  return stepAt(list, Math.min(Math.max(0, target), n - 1));
}

export const firstStep = (list: WalkList) => stepAt(list, 0);
export const lastStep = (list: WalkList) => stepAt(list, walkLength(list) - 1);

/**
 * Where a walkthrough opens from the app (w, its buttons): on the first starred step, the story the
 * person chose to tell, else at step 1. Not on the selected step, which is where the investigation
 * ended (often the last step), not where the telling begins. A #walk= link names its own step.
 */
export function walkStart(stepCount: number, notes: IncidentNotes): number {
  return markedSteps(notes).find((m) => m.starred && m.index < stepCount)?.index ?? 0;
}
