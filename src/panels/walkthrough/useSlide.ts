// The presenter's slide for the step on screen, rebuilt only when what it
// shows changes: the step, its notes, the source on screen, the replay or the
// pinned logpoint values.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { buildSlide, type Slide } from '../../core/walkthrough/slide';
import { effectiveFiles, useSourceStore } from '../../stores/sourceStore';
import { useReplayStore } from '../../stores/replayStore';
import { useNotesStore } from '../../stores/notesStore';
import { useLastReplay } from '../../stores/useLastReplay';
import { useWalkthroughStore } from '../../stores/walkthroughStore';
import { walkOf, type Walk } from './walkNow';
import { useStepValue } from '../../stores/useStepValue';
import { useLogpointStore } from '../../stores/logpointStore';
import { pinsWithSteps } from '../../core/logpoints/pins';
import { traceIdentity } from '../../core/trace/identity';

export function useSlide(model: TraceModel): Walk & { readonly slide: Slide | null } {
  const mode = useWalkthroughStore((s) => s.mode);
  const step = useWalkthroughStore((s) => s.step);
  const notes = useNotesStore((s) => s.notes);
  const originals = useSourceStore((s) => s.files);
  const edits = useReplayStore((s) => s.edits);
  const last = useLastReplay();
  const baseline = useReplayStore((s) => s.baseline);
  const files = useMemo(() => effectiveFiles(originals, edits), [originals, edits]);
  const walk = useMemo(() => walkOf(model, mode, Math.min(step, model.steps.length - 1), notes), [model, mode, step, notes]);
  const value = useStepValue(model, walk.shown ?? 0) ?? null;
  const pins = useLogpointStore((s) => s.pinned);
  const pinsFor = useLogpointStore((s) => s.traceId);
  // A pin names its step by path, else by its place in the replay it came from: the last one, else the incident's.
  const pinReport = last?.report ?? baseline;
  const pinned = useMemo(() => (pinsFor === traceIdentity(model) ? pinsWithSteps(pins, model, pinReport) : []), [pins, pinsFor, model, pinReport]);
  const slide = useMemo(
    () =>
      walk.shown === undefined
        ? null
        : buildSlide({
            model,
            step: walk.shown,
            value,
            notes,
            files,
            last: last && { report: last.report, files: last.files, auto: last.auto, stale: last.stale },
            ...(baseline ? { incident: baseline } : {}),
            pinned
          }),
    [model, walk.shown, value, notes, files, last, baseline, pinned]
  );
  return { ...walk, slide };
}
