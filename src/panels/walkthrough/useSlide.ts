// The presenter's slide for the step on screen, rebuilt only when what it
// shows changes: the step, its notes, the source on screen or the replay.
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
            ...(baseline ? { incident: baseline } : {})
          }),
    [model, walk.shown, value, notes, files, last, baseline]
  );
  return { ...walk, slide };
}
