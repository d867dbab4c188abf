// `w` opens the walkthrough at its start (core/walkthrough/walk.ts walkStart), from anywhere but a
// text field or a dialog, like the rest of the app's keys (app/navigation/useKeyboard.ts).
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useViewStore } from '../../stores/viewStore';
import { useWalkthroughStore } from '../../stores/walkthroughStore';
import { typingTarget } from './useWalkKeys';
import { useNotesStore } from '../../stores/notesStore';
import { walkStart } from '../../core/walkthrough/walk';

export function openWalkthrough(model: TraceModel) {
  useWalkthroughStore.getState().openAt(walkStart(model.steps.length, useNotesStore.getState().notes));
}

export function useOpenKey(model: TraceModel | undefined) {
  useEffect(() => {
    if (!model) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'w' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingTarget(e.target)) return;
      if (useViewStore.getState().dialog !== 'none' || useWalkthroughStore.getState().open) return;
      e.preventDefault();
      openWalkthrough(model);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [model]);
}
