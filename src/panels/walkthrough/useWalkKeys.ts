// While the walkthrough is open it owns the keyboard: arrows, Space (also on
// a focused control: it never presses a button here), Page Up/Down, Home/End move, s swaps All/Starred, Esc or w leaves. It listens
// in the capture phase and stops the event there, so the app's own map
// (useKeyboard: j/k, Space plays…) never sees a key meant for the slides;
// when the walkthrough closes the listener goes and the keys are theirs again.
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useWalkthroughStore } from '../../stores/walkthroughStore';
import { moveWalk } from './walkNow';

export function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('.monaco-editor, [contenteditable="true"]')) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

const isButton = (t: EventTarget | null) => t instanceof HTMLButtonElement;

export function usePresenterKeys(model: TraceModel, leave: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        // In the name field, Esc first leaves the field, so a second Esc leaves the walkthrough.
        if (typingTarget(e.target)) (e.target as HTMLElement).blur();
        else leave();
        return;
      }
      if (e.key === 'Tab' || typingTarget(e.target)) return;
      e.stopPropagation();
      const act = (fn: () => void) => {
        e.preventDefault();
        fn();
      };
      switch (e.key) {
        case 'ArrowRight':
        case 'ArrowDown':
        case 'PageDown':
          return act(() => moveWalk(model, 1));
        case 'ArrowLeft':
        case 'ArrowUp':
        case 'PageUp':
          return act(() => moveWalk(model, -1));
        case ' ':
          // The next slide wherever focus is, also on a control: a presenter who just pressed
          // "Open audience window" must not open it again (its keyup is stopped below).
          return act(() => moveWalk(model, e.shiftKey ? -1 : 1));
        case 'Enter':
          if (isButton(e.target)) return;
          return act(() => moveWalk(model, 1));
        case 'Home':
          return act(() => moveWalk(model, 'first'));
        case 'End':
          return act(() => moveWalk(model, 'last'));
        case 's': {
          const { mode, setMode } = useWalkthroughStore.getState();
          return act(() => setMode(mode === 'all' ? 'starred' : 'all'));
        }
        case 'w':
          return act(leave);
      }
    };
    // A button presses on Space's keyup: the walk took the keydown, so the button never sees it.
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === ' ' && isButton(e.target)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [model, leave]);
}

/** The audience window has nothing to press: keys never reach the app behind it. */
export function useAudienceKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.key === 'Tab') return;
      e.stopPropagation();
      if (e.key === 'Escape' || e.key === ' ') e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
