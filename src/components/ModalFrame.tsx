// A modal on the native <dialog> element, which traps focus, closes on Esc and
// gives focus back for free: the frame, its title row and close button, shared
// by the app's dialogs (app/dialogs/Modal.tsx) and the what-if dialog. Whether it is open
// lives in a store; the frame only follows it and reports a dismissal.
import { useEffect, useRef, type ReactNode } from 'react';

export interface ModalFrameProps {
  readonly open: boolean;
  readonly titleId: string;
  readonly title: ReactNode;
  /** Esc, the × button or a close from elsewhere: the caller closes it in its store (a no-op if already closed) */
  readonly onDismiss: () => void;
  /** what to focus once shown (showModal focuses the × button; the field is what you came for) */
  readonly initialFocus?: (dialog: HTMLDialogElement) => HTMLElement | null;
  readonly wide?: boolean;
  readonly children: ReactNode;
}

const firstField = (dialog: HTMLDialogElement) => dialog.querySelector<HTMLElement>('textarea, input');

export function ModalFrame({ open, titleId, title, onDismiss, initialFocus = firstField, wide = false, children }: ModalFrameProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus(dialog)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onDismiss}
      className={`m-auto ${wide ? 'w-[min(980px,94vw)]' : 'w-[min(640px,92vw)]'} max-h-[92vh] overflow-auto rounded-lg border border-line bg-panel p-0 text-fg shadow-2xl backdrop:bg-black/50`}
    >
      {open && (
        <div className="p-4">
          <div className="flex items-start justify-between gap-2">
            <h2 id={titleId} className="min-w-0 font-semibold">
              {title}
            </h2>
            <button type="button" aria-label="Close" className="shrink-0 rounded px-2 hover:bg-raised" onClick={onDismiss}>
              ×
            </button>
          </div>
          <div className="mt-3">{children}</div>
        </div>
      )}
    </dialog>
  );
}
