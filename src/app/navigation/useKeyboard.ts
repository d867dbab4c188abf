// The keyboard map (design/ui.md). Plain letter keys belong to whatever text
// field or editor has focus; the map only acts when focus is elsewhere.
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useViewStore } from '../../stores/viewStore';
import { useStepsViewStore } from '../../stores/stepsViewStore';
import { errorBy, foldAround, stepBy, stepTo, unfoldAt } from './navigation';
import { runReplay } from '../replay/replay';
import { useCompareStore } from '../../stores/compareStore';

function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('.monaco-editor, [contenteditable="true"]')) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

export function useKeyboard(model: TraceModel | undefined) {
  // Ctrl/Cmd+Enter replays from anywhere, the editor included: listened to in the capture phase,
  // before Monaco takes the keystroke for "insert line below".
  useEffect(() => {
    const onReplayKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || !model) return;
      if (useViewStore.getState().dialog !== 'none') return;
      if (e.target instanceof HTMLTextAreaElement && e.target.id === 'paste-text') return;
      e.preventDefault();
      e.stopPropagation();
      void runReplay(model);
    };
    window.addEventListener('keydown', onReplayKey, true);
    return () => window.removeEventListener('keydown', onReplayKey, true);
  }, [model]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const view = useViewStore.getState();
      if (e.key === 'Escape' && view.dialog !== 'none') {
        view.openDialog('none');
        return;
      }
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typingTarget(e.target)) return;
      if (view.dialog !== 'none') return;
      // The Compare view has keys of its own (panels/compare/CompareView.tsx).
      if (useCompareStore.getState().comparison) return;
      if (e.key === 'Escape' && view.narrationOpen) {
        e.preventDefault();
        view.toggleNarration(false);
        return;
      }
      const key = e.key;
      const act = (fn: () => void) => {
        e.preventDefault();
        fn();
      };
      if (key === '?') return act(() => view.openDialog('shortcuts'));
      // The step filter's box (panels/timeline/StepFilter.tsx), found by id: the map knows no panel.
      // The corpus view's matrix filter (app/corpus/VerdictMatrix.tsx) is the same language, so the same key.
      if (key === '/') return act(() => (document.getElementById('step-filter') ?? document.getElementById('corpus-filter'))?.focus());
      if (!model) return;
      switch (key) {
        case 'ArrowDown':
        case 'j':
          return act(() => stepBy(model, 1));
        case 'ArrowUp':
        case 'k':
          return act(() => stepBy(model, -1));
        // Folding is the list's; the waterfall (hidden list) takes ←/→ itself when it has focus.
        case 'ArrowLeft':
          if (useStepsViewStore.getState().view === 'list' && foldAround(model)) e.preventDefault();
          return;
        case 'ArrowRight':
          if (useStepsViewStore.getState().view === 'list' && unfoldAt(model)) e.preventDefault();
          return;
        case 'Home':
          return act(() => stepTo(model, 'first'));
        case 'End':
          return act(() => stepTo(model, 'last'));
        case 'e':
          return act(() => errorBy(model, 1));
        case 'E':
          return act(() => errorBy(model, -1));
        case 'n':
          return act(() => view.toggleNarration());
        case 'l':
          return act(() => view.toggleLogs());
        case 'v':
          return act(() => useStepsViewStore.getState().toggle());
        case ' ':
          // Space on a button or tab activates it; only take it when nothing interactive has focus.
          if (e.target instanceof HTMLButtonElement || (e.target instanceof HTMLElement && e.target.getAttribute('role') === 'tab')) return;
          return act(() => view.setPlaying(!view.playing));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [model]);
}
