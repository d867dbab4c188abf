// What a newly opened trace starts with: its own replay, what-ifs, notes and
// logpoints, and the step it opens at (the fragment's, the failing step's, or
// the first). Set before the trace is first drawn when nothing else is on
// screen, so its first render is its last: set from the App's effect, the
// whole workspace rendered twice on the way to the first look at the steps.
// A trace that replaces one on screen gets them once it is drawn (the App's
// effect), so the one leaving never shows with the incoming one's step.
import type { TraceModel } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { useTraceStore } from '../../stores/traceStore';
import { useViewStore } from '../../stores/viewStore';
import { useReplayStore } from '../../stores/replayStore';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { useNotesStore } from '../../stores/notesStore';
import { useLogpointStore } from '../../stores/logpointStore';
import { openingSelection } from '../navigation/useStepHash';

/** The trace the state was last set for, while it is (or is about to be) on screen. */
let started: TraceModel | undefined;
/** The trace the App last drew. */
let onScreen: TraceModel | undefined;

function openStores(model: TraceModel) {
  const id = traceIdentity(model);
  // A trace already open in a store stays as it is: a shared incident opened it with what it
  // carried (openIncident), and the same trace opened again keeps its run and context. What a
  // corpus row carries (the flow and what-ifs it was replayed with) is taken even by the trace already open.
  const replay = useReplayStore.getState();
  if (replay.traceId !== id || replay.carried) replay.openTrace(id);
  const whatIf = useWhatIfStore.getState();
  if (whatIf.traceId !== id || whatIf.carried) whatIf.openTrace(id);
  const notes = useNotesStore.getState();
  if (notes.traceId !== id) notes.openTrace(id);
  const logpoints = useLogpointStore.getState();
  if (logpoints.traceId !== id) logpoints.openTrace(id);
}

/** Once each time `model` comes on screen (again, after an error or another trace). */
export function startTrace(model: TraceModel): void {
  if (started === model) return;
  started = model;
  openStores(model);
  useViewStore.getState().resetForTrace(openingSelection(model));
}

/** The App drew `model` (undefined: no trace on screen); after a gap, the same model starts again. */
export function drawnTrace(model: TraceModel | undefined): void {
  onScreen = model;
  if (!model) started = undefined;
}

// Inside the store update that makes a local load ready, before React renders it.
useTraceStore.subscribe((s, prev) => {
  if (s.local === prev.local || s.local.status !== 'ready' || onScreen !== undefined) return;
  startTrace(s.local.model);
});
