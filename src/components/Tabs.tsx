// A small accessible tab strip: arrow keys move between tabs, as WAI-ARIA asks.
import { useRef } from 'react';

export interface TabSpec<T extends string> {
  readonly id: T;
  readonly label: string;
}

export function Tabs<T extends string>({ tabs, active, onChange, label, idPrefix }: {
  tabs: readonly TabSpec<T>[];
  active: T;
  onChange(id: T): void;
  label: string;
  idPrefix: string;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const move = (delta: number) => {
    const i = tabs.findIndex((t) => t.id === active);
    const next = tabs[(i + delta + tabs.length) % tabs.length]!;
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-0.5" onKeyDown={(e) => {
      if (e.key === 'ArrowRight') { e.preventDefault(); move(1); }
      if (e.key === 'ArrowLeft') { e.preventDefault(); move(-1); }
    }}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(el) => { if (el) refs.current.set(tab.id, el); else refs.current.delete(tab.id); }}
          id={`${idPrefix}-tab-${tab.id}`}
          role="tab"
          type="button"
          aria-selected={tab.id === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.id === active ? 0 : -1}
          onClick={() => onChange(tab.id)}
          className={`border-b-2 px-2 py-1 text-[12px] ${tab.id === active ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg'}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
