// A native modal <dialog> the walkthrough fills the screen with: the app
// behind it is inert (no stray focus, no screen reader wandering into it),
// and focus goes back where it was when the dialog closes. Esc is the
// caller's: the dialog's own cancel is turned into `onCancel`.
import { useEffect, useRef } from 'react';

export function useFullScreenDialog(onCancel: (() => void) | undefined) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancelEvent = (e: Event) => {
      e.preventDefault();
      onCancel?.();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    return () => dialog.removeEventListener('cancel', onCancelEvent);
  }, [onCancel]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-walk-focus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Where the person was, else the step list: the keys that walk the trace work from there.
      const back = before && before.isConnected && before !== document.body ? before : document.querySelector<HTMLElement>('[role="listbox"][aria-label="Steps"]');
      back?.focus();
    };
  }, []);
  return ref;
}
