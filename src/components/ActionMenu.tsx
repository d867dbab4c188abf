// A menu button (the WAI-ARIA menu button pattern): Enter, Space or ↓ open it
// on the first item, ↑ on the last; ↑/↓/Home/End move, Enter or Space choose,
// Escape and Tab close it, and the focus goes back to the button. A click
// outside closes it too. Keys it handles are kept from the app's shortcuts.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuItem {
  readonly id: string;
  readonly label: string;
}

const button = 'rounded border border-line px-2 py-1 text-[12px] hover:bg-raised';

export function ActionMenu({ label, items, onSelect }: { label: string; items: readonly MenuItem[]; onSelect: (id: string) => void }) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const itemEls = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    const els = itemEls();
    (open === 'first' ? els[0] : els.at(-1))?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const els = itemEls();
    const at = els.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => els[(i + els.length) % els.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowDown: () => go(at + 1),
      ArrowUp: () => go(at - 1),
      Home: () => go(0),
      End: () => go(els.length - 1),
      Escape: () => close(true)
    };
    if (e.key === 'Tab') return close(false);
    const act = keys[e.key];
    if (!act) return;
    e.preventDefault();
    e.stopPropagation();
    act();
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={button}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label.replace(/…$/, '')}
          onKeyDown={onMenuKey}
          className="absolute right-0 top-full z-50 mt-1 flex min-w-40 flex-col rounded border border-line bg-panel py-1 shadow-lg"
        >
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="whitespace-nowrap px-3 py-1 text-left text-[12px] hover:bg-raised outline-offset-[-2px] focus:bg-accent-soft"
              onClick={() => {
                close(true);
                onSelect(item.id);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
