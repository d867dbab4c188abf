// The walk as the stores have it right now: the list, and the step on
// screen. In "Starred only" the stored step may be one that is not starred
// (the person came from "All steps"); the step on screen is then the nearest
// starred one, and every move starts from what the person sees.
import type { TraceModel } from '../../core/trace/model';
import type { IncidentNotes } from '../../core/notes/notes';
import { positionOf, stepAt, stepBy, walkLength, walkList, type WalkList, type WalkMode } from '../../core/walkthrough/walk';
import { useNotesStore } from '../../stores/notesStore';
import { useWalkthroughStore } from '../../stores/walkthroughStore';

export interface Walk {
  readonly list: WalkList;
  /** the step on screen; undefined when the walk is empty */
  readonly shown: number | undefined;
  readonly position: number;
  readonly count: number;
}

export function walkOf(model: TraceModel, mode: WalkMode, step: number, notes: IncidentNotes): Walk {
  const list = walkList(mode, model.steps.length, notes);
  const position = positionOf(list, step);
  return { list, shown: stepAt(list, position), position: Math.max(0, position), count: walkLength(list) };
}

export function walkNow(model: TraceModel): Walk {
  const { mode, step } = useWalkthroughStore.getState();
  return walkOf(model, mode, step, useNotesStore.getState().notes);
}

/** Moves the walk `delta` steps from the one on screen, or to its first or last step. */
export function moveWalk(model: TraceModel, to: number | 'first' | 'last') {
  const { list, shown, count } = walkNow(model);
  if (shown === undefined) return;
  const target = to === 'first' ? stepAt(list, 0) : to === 'last' ? stepAt(list, count - 1) : stepBy(list, shown, to);
  if (target !== undefined) useWalkthroughStore.getState().show(target);
}
