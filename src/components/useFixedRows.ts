// A virtual list of rows of one fixed height: which rows are in view, from
// the scroll offset and the view's height alone. The step list and the
// compare rows draw 100,000 of them; a general virtualizer keeps a measured
// record per row (100,000 objects, made again when the count changes), where
// rows that are never measured need only arithmetic.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

export interface FixedRow {
  readonly index: number;
  /** px from the top of the list */
  readonly start: number;
}

export interface FixedRows {
  readonly items: readonly FixedRow[];
  readonly totalSize: number;
  /** the scroll offset and view height last seen (from scroll events and a ResizeObserver), so no layout is read to use them; stable */
  readonly view: () => View;
  /**
   * The caller set the element's scrollTop to `offset`: the rows it brings are drawn in the next
   * commit (call it before React commits, or from a layout effect), not when the scroll event reports
   * it a frame later; stable.
   */
  readonly scrolledTo: (offset: number) => void;
  /** the view's height is known (not until the ResizeObserver's first report, nor while hidden) */
  readonly measured: boolean;
}

export interface View {
  readonly offset: number;
  readonly height: number;
}

/** After a written scroll's event, when the offset is read to check it. */
const CHECK_MS = 150;

/**
 * The rows drawn move in blocks of this many: a view scrolled by a row (↓ held at the list's edge)
 * mostly leaves the drawn rows as they are, where a window that followed every row re-rendered the
 * list and mounted a row and unmounted another on every key press.
 */
const BLOCK = 8;

/** The view rounded to its block: its top down to a block boundary (the rows are drawn a block taller). */
function blockView(view: View, rowHeight: number): View {
  const block = BLOCK * rowHeight;
  return { offset: Math.floor(view.offset / block) * block, height: view.height };
}

/** The first and last row index in view, widened by `overscan` on each side. */
export function rowsInView(count: number, rowHeight: number, overscan: number, view: View): { first: number; last: number } {
  if (count === 0) return { first: 0, last: -1 };
  // An offset past the end is one seen before the list got shorter (another trace, a filter): the
  // browser clamps its scrollTop, and the rows in view are the last ones.
  const offset = Math.max(0, Math.min(view.offset, count * rowHeight - view.height));
  const first = Math.min(count - 1, Math.max(0, Math.floor(offset / rowHeight) - overscan));
  const last = Math.min(count - 1, Math.ceil((offset + view.height) / rowHeight) - 1 + overscan);
  return { first, last: Math.max(first, last) };
}

export function useFixedRows(scrollRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): FixedRows {
  // Until the list is measured its rows are drawn for a view as tall as the window (more rows than
  // it can show, never fewer), so the report that measures it only trims them, after the frame.
  const [view, setView] = useState<View>(() => ({ offset: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight }));
  // Only a change of block re-renders: the state holds the block-aligned view, never the exact one.
  const setBlock = useCallback((next: View) => {
    const b = blockView(next, rowHeight);
    setView((v) => (v.offset === b.offset && v.height === b.height ? v : b));
  }, [rowHeight]);
  const [measured, setMeasured] = useState(false);
  /** the view the rows on screen were drawn for */
  const drawn = useRef(view);
  useLayoutEffect(() => {
    drawn.current = view;
  }, [view]);
  /** the view as last read from the element (0 tall until its first report) */
  const latest = useRef<View>({ offset: 0, height: 0 });
  const reread = useRef<() => void>(() => undefined);
  // A scroll the caller wrote (scrolledTo) whose scroll event has not come yet. That event comes at
  // the start of the next frame, when the page the key press changed is not laid out yet: reading
  // scrollTop there would lay it out in the event, and the frame would lay it out again. Its offset
  // is known, so it is not read; a read a moment later checks it, should the person have scrolled in
  // that same frame.
  const written = useRef(false);
  const check = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = (sync: boolean) => {
      const next = { offset: el.scrollTop, height: el.clientHeight };
      latest.current = next;
      // In the scroll event itself, so the rows a scroll brings are drawn in the frame it paints.
      const apply = () => {
        setBlock(next);
        setMeasured(next.height > 0);
      };
      if (sync) flushSync(apply);
      else apply();
    };
    // Not read here: a list just put on the page is at offset 0, and reading its height in the
    // commit lays out the whole page mid-task (25-50 ms when a trace's workspace has just been
    // added), which the frame then lays out again. The ResizeObserver's first report gives it
    // after that frame's layout and before its paint.
    reread.current = () => read(false);
    const onScroll = () => {
      if (!written.current) return read(true);
      written.current = false;
      clearTimeout(check.current);
      check.current = setTimeout(() => read(false), CHECK_MS);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // A view taller than the rows were drawn for (shown again after hidden) gets its rows in the
    // frame being drawn; a shorter one (the first report) only drops rows, in a render of its own.
    const resize = new ResizeObserver(() => read(el.clientHeight > drawn.current.height));
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize.disconnect();
      clearTimeout(check.current);
    };
  }, [scrollRef, setBlock]);
  // A new count can move the scroll offset without a scroll event (a shorter list clamps it): read it
  // again. Not on mount, where there is nothing to move yet (see above).
  const countSeen = useRef(count);
  useLayoutEffect(() => {
    if (countSeen.current === count) return;
    countSeen.current = count;
    reread.current();
  }, [count]);
  const seen = useCallback(() => latest.current, []);
  const scrolledTo = useCallback((offset: number) => {
    const next = { offset, height: latest.current.height };
    if (offset !== latest.current.offset) written.current = true;
    latest.current = next;
    setBlock(next);
  }, [setBlock]);
  // The block's view, a block taller: it holds every row the exact view can show within the block.
  // Before the first measurement the view is the window's height, already more than the list can
  // show: no block and no overscan on top, so the first frame (a new trace's) lays out fewer rows.
  const { first, last } = measured
    ? rowsInView(count, rowHeight, overscan, { offset: view.offset, height: view.height + BLOCK * rowHeight })
    : rowsInView(count, rowHeight, 0, view);
  const items: FixedRow[] = [];
  for (let i = first; i <= last; i++) items.push({ index: i, start: i * rowHeight });
  return { items, totalSize: count * rowHeight, view: seen, scrolledTo, measured };
}
