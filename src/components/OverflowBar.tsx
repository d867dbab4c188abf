// A row of actions that never loses one: what does not fit the room the row
// is given goes into a "More…" menu. The room is measured (a ResizeObserver on
// the row and on each action), not guessed from the window's width, so a long
// flow name, a wider font or an action that grows (a confirm question) all
// count. Overflowed actions stay mounted, hidden, and the menu item clicks
// them: file pickers, dialogs and stores behave exactly as from the row.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ActionMenu } from './ActionMenu';

export interface BarAction {
  readonly id: string;
  /** the menu item's text when it overflows */
  readonly label: string;
  readonly node: ReactNode;
  /** overflows last: a lower number stays in the row longer */
  readonly priority: number;
  /** never overflows (an action that asks in place, whose question must show in the row) */
  readonly pinned?: boolean;
}

/** px between actions (gap-1.5) */
const GAP_PX = 6;

/** Which actions fit `room` px, the More button's `morePx` included when any overflow. */
export function fittingActions(actions: readonly { id: string; priority: number; pinned?: boolean | undefined }[], widths: ReadonlyMap<string, number>, room: number, morePx: number): Set<string> {
  const need = (ids: Iterable<string>) => {
    let sum = 0;
    let n = 0;
    for (const id of ids) {
      sum += widths.get(id) ?? 0;
      n++;
    }
    return sum + Math.max(0, n - 1) * GAP_PX;
  };
  const all = actions.map((a) => a.id);
  if (need(all) <= room) return new Set(all);
  const shown = new Set(actions.filter((a) => a.pinned).map((a) => a.id));
  const byPriority = actions.filter((a) => !a.pinned).sort((a, b) => a.priority - b.priority);
  for (const a of byPriority) {
    if (need([...shown, a.id]) + GAP_PX + morePx > room) break;
    shown.add(a.id);
  }
  return shown;
}

export function OverflowBar({ label, actions, className }: { label: string; actions: readonly BarAction[]; className?: string }) {
  const rowRef = useRef<HTMLElement>(null);
  const moreRef = useRef<HTMLDivElement>(null);
  const widths = useRef(new Map<string, number>());
  const [shown, setShown] = useState<ReadonlySet<string> | undefined>(undefined);
  const ids = actions.map((a) => a.id).join(' ');

  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const fit = () => {
      // A hidden action keeps the width it had when last shown (all are shown on the first pass).
      for (const el of row.querySelectorAll<HTMLElement>(':scope > [data-action]')) {
        if (!el.hidden) widths.current.set(el.dataset.action!, el.getBoundingClientRect().width);
      }
      const morePx = moreRef.current?.getBoundingClientRect().width || 60;
      const next = fittingActions(actions, widths.current, row.clientWidth, morePx);
      // Synchronous, so the frame being drawn already shows the row that fits.
      flushSync(() => setShown((prev) => (prev && prev.size === next.size && [...next].every((id) => prev.has(id)) ? prev : next)));
    };
    // Measured when the observer first reports (after the frame's layout, before its paint), not
    // here: reading sizes in a layout effect forces a layout of the whole page mid-commit, ~25-30 ms
    // when a trace's workspace has just been added, and the frame lays it out again anyway.
    const observer = new ResizeObserver(fit);
    observer.observe(row);
    for (const el of row.querySelectorAll(':scope > [data-action]')) observer.observe(el);
    return () => observer.disconnect();
    // The actions' ids are what the measuring depends on; their nodes re-render freely.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  const overflowed = shown ? actions.filter((a) => !shown.has(a.id)) : [];
  const run = (id: string) => {
    const target = rowRef.current?.querySelector<HTMLElement>(`:scope > [data-action="${CSS.escape(id)}"] button`);
    target?.click();
  };
  return (
    <nav ref={rowRef} aria-label={label} className={`flex min-w-0 items-center justify-end gap-1.5 ${className ?? ''}`}>
      {actions.map((a) => (
        <div key={a.id} data-action={a.id} hidden={shown ? !shown.has(a.id) : false} className="flex shrink-0 items-center gap-1.5">
          {a.node}
        </div>
      ))}
      {overflowed.length > 0 && (
        <div ref={moreRef} className="shrink-0">
          <ActionMenu label="More…" items={overflowed.map((a) => ({ id: a.id, label: a.label }))} onSelect={run} />
        </div>
      )}
    </nav>
  );
}
