// A button whose action cannot be undone asks once, in place: the question
// and a confirm button take its spot (focus moves there), Escape or Cancel
// put it back. No modal, so nothing else on the page is blocked.
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  readonly children: ReactNode;
  readonly question: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly className: string;
  readonly ariaLabel?: string;
}

export function ConfirmButton({ children, question, confirmLabel, onConfirm, className, ariaLabel }: Props) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) triggerRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={triggerRef} type="button" className={className} aria-label={ariaLabel} onClick={() => setAsking(true)}>
        {children}
      </button>
    );
  }
  return (
    <span
      role="group"
      aria-label={question}
      className="inline-flex items-center gap-1.5 text-[12px]"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        setAsking(false);
      }}
    >
      <span className="whitespace-nowrap text-muted">{question}</span>
      <button ref={confirmRef} type="button" className="rounded border border-err/60 px-2 py-1 font-medium text-err hover:bg-err-soft" onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="rounded border border-line px-2 py-1 hover:bg-raised" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
