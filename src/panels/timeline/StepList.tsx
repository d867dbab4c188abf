// The step list: a virtualized listbox in recorded order. The listbox keeps
// focus and points at the selected option with aria-activedescendant, so the
// list can draw only the rows in view (components/useFixedRows.ts).
//
// A key press moves the selection on every press while the person holds ↓: it
// must show in the next frame. So this is the only part of the Steps panel that
// follows the selection, its rows are memoized (a press re-renders the row
// left and the row reached), and scrolling reads no layout.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { markedSteps } from '../../core/notes/notes';
import type { TraceModel } from '../../core/trace/model';
import type { StepReplayStatus } from '../../core/verdict/overlay';
import { useNotesStore } from '../../stores/notesStore';
import { useViewStore } from '../../stores/viewStore';
import { useFilterStore } from '../../stores/filterStore';
import { RetryRow, StepOption } from './StepRow';
import { useTimelineModel } from './useTimelineModel';
import { rowAt } from './rows';
import { useOverridden } from '../../stores/useWhatIf';
import { useReplayOverlay } from './useReplayOverlay';
import { takeLostFocus } from '../../components/focusLost';
import { useFixedRows } from '../../components/useFixedRows';
import { rowAlignedBottom, useRowAlignedEnd } from '../../components/useRowAlignedEnd';

/** Every row's height: rows are never measured, so row i starts at i × ROW_HEIGHT. */
const ROW_HEIGHT = 26;

/** The selected step's option, when a row shows it (folded away, none). */
const activeDescendant = (row: number, selected: number) => (row >= 0 ? `step-option-${selected}` : undefined);

export function StepList({ model, hidden, listRef }: { model: TraceModel; hidden: boolean; listRef: RefObject<HTMLDivElement | null> }) {
  // Not the selection: the rows read theirs (StepOption), and the list follows it outside React
  // (below), so a key press renders two rows and not the list.
  const { rows, foldedSet } = useTimelineModel(model);
  const select = useViewStore((s) => s.select);
  const toggleFold = useViewStore((s) => s.toggleFold);
  const overlay = useReplayOverlay(model);
  const overridden = useOverridden(model);
  const notes = useNotesStore((s) => s.notes);
  const marks = useMemo(() => new Map(markedSteps(notes).map((m) => [m.index, m] as const)), [notes]);
  const matches = useFilterStore((s) => s.matches);
  // One byte per step, so each visible row asks in O(1).
  const matched = useMemo(() => {
    const bits = new Uint8Array(model.steps.length);
    for (const i of matches) if (i < bits.length) bits[i] = 1;
    return bits;
  }, [matches, model.steps.length]);
  const virtual = useFixedRows(listRef, rows.length, ROW_HEIGHT, 12);
  const endSpacer = useRowAlignedEnd(listRef, ROW_HEIGHT);

  // The selected row into view, as scrollIntoView's 'nearest' would, so that the frame after a key
  // press shows the highlighted row in view: two frames per press (the highlight, then the list
  // scrolled to it) is what holding ↓ feels as lag. The row's place is arithmetic and the view's is
  // the one useFixedRows keeps (from scroll events, a ResizeObserver and the writes made here), and
  // the rows a new offset brings are rendered in the commit that selects (scrolledTo), not when
  // the scroll event reports it a frame later.
  //
  // It is written when the selection is set (the store's listener runs inside the key press's
  // handler, before React changes any of the page): a scrollTop write then costs no layout, where
  // written in the commit it lays out everything the press changed, in the key press's task. The
  // layout effect covers the rest (the rows rebuilt by a fold, the list shown again): it writes only
  // when the row is still out of view.
  const { view: seenView, scrolledTo } = virtual;
  const latest = useRef({ rows, hidden });
  useLayoutEffect(() => {
    latest.current = { rows, hidden };
  }, [rows, hidden]);
  const bringIntoView = useCallback(
    (row: number) => {
      const el = listRef.current;
      if (row < 0 || !el) return;
      // 0 before the ResizeObserver's first report (the list just shown): the layout effect below
      // brings the row in once it comes, rather than lay the page out to read it now.
      const size = seenView().height;
      if (size === 0) return;
      const top = seenView().offset;
      const start = row * ROW_HEIGHT;
      // Brought in at the bottom, the list stops on a row boundary: the top row is whole, never cut by
      // the list's edge under the filter box (the list's end is a whole row too: useRowAlignedEnd).
      const target = start < top ? start : start + ROW_HEIGHT > top + size ? rowAlignedBottom(start, size, ROW_HEIGHT) : top;
      if (target === top) return;
      el.scrollTop = target;
      // As the browser clamped it.
      scrolledTo(el.scrollTop);
    },
    [listRef, seenView, scrolledTo]
  );
  useEffect(
    () =>
      useViewStore.subscribe((state, before) => {
        if (state.selected === before.selected) return;
        const row = latest.current.rows.rowOfStep[state.selected] ?? -1;
        const id = activeDescendant(row, state.selected);
        if (id) listRef.current?.setAttribute('aria-activedescendant', id);
        else listRef.current?.removeAttribute('aria-activedescendant');
        if (!latest.current.hidden) bringIntoView(row);
      }),
    [bringIntoView, listRef]
  );
  const measured = virtual.measured;
  // The rows rebuilt (a fold), the list shown again or measured: the selected row brought in.
  useLayoutEffect(() => {
    if (!hidden && measured) bringIntoView(rows.rowOfStep[useViewStore.getState().selected] ?? -1);
  }, [rows, hidden, measured, bringIntoView]);

  // A newly opened trace takes the focus the view before it lost (components/focusLost.ts), in the
  // animation callbacks of the frame that first shows it: focus() lays the page out, and here that
  // was the whole new workspace's style and layout inside the task that commits it (~27 ms at
  // 10,000 steps, the opening's longest task); in the frame it is the layout the frame does anyway.
  useEffect(() => {
    if (hidden) return;
    const frame = requestAnimationFrame(() => takeLostFocus(listRef.current));
    return () => cancelAnimationFrame(frame);
  }, [model, hidden, listRef]);

  const total = model.steps.length;
  // As of this render; the subscription above keeps the attribute current between renders.
  const selectedNow = useViewStore.getState().selected;
  const status = overlay?.status;
  const quiet = overlay?.quiet ?? false;
  const stale = overlay?.stale ?? false;
  return (
    <div
      ref={listRef}
      hidden={hidden}
      role="listbox"
      aria-label="Steps"
      tabIndex={0}
      aria-activedescendant={activeDescendant(rows.rowOfStep[selectedNow] ?? -1, selectedNow)}
      className="@container relative min-h-0 overflow-auto text-[12.5px] outline-offset-[-2px]"
    >
      <div style={{ height: virtual.totalSize, position: 'relative' }}>
        {virtual.items.map((item) => {
          const row = rowAt(rows, item.index);
          if (!row) return null;
          if (row.kind === 'retry') {
            return <RetryRow key={`r-${row.path}`} row={row} start={item.start} height={ROW_HEIGHT} folded={foldedSet.has(row.path)} onToggleFold={toggleFold} />;
          }
          const step = model.steps.at(row.stepIndex)!;
          return (
            <StepOption
              key={step.index}
              model={model}
              step={step}
              total={total}
              start={item.start}
              height={ROW_HEIGHT}
              replay={status?.[step.index] as StepReplayStatus | undefined}
              quiet={quiet}
              stale={stale}
              mark={marks.get(step.index)}
              match={matched[step.index] === 1}
              whatIf={overridden.get(step.index)}
              folded={step.path !== undefined && foldedSet.has(step.path)}
              onSelect={select}
              onToggleFold={toggleFold}
            />
          );
        })}
      </div>
      {model.dropped > 0 && (
        <p className="border-t border-dashed border-warn px-2 py-2 text-[12px] text-warn">
          ⚠ {model.dropped.toLocaleString('en-US')} more {model.dropped === 1 ? 'step ran' : 'steps ran'} but {model.dropped === 1 ? 'was' : 'were'} dropped by a maxEntries cap.
        </p>
      )}
      <div ref={endSpacer} aria-hidden />
    </div>
  );
}
