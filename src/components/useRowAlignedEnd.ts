// A list of fixed-height rows scrolled to its end shows its top row whole. The
// browser stops a scroll at scrollHeight − clientHeight; unless that is a whole
// number of rows, the top row at the end is cut by the list's top edge, and
// reads as half hidden under the filter box or header above it. A spacer after
// the rows (and after any footer) makes up the difference, measured whenever
// the list, its rows or its footer change size.
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Px to add after content `contentPx` tall so a view `viewPx` tall scrolled to the end starts on a row. */
export function alignedEndGap(contentPx: number, viewPx: number, rowHeight: number): number {
  const over = contentPx - viewPx;
  if (over <= 0) return 0;
  return (rowHeight - (over % rowHeight)) % rowHeight;
}

/** A scroll offset that shows `rowTop`'s row (rowHeight tall) at the bottom of a view, on a row boundary. */
export function rowAlignedBottom(rowTop: number, viewPx: number, rowHeight: number): number {
  return Math.max(0, Math.ceil((rowTop + rowHeight - viewPx) / rowHeight) * rowHeight);
}

/** The ref for a spacer, the list's last child: its height keeps the list's end on a row boundary. */
export function useRowAlignedEnd(listRef: RefObject<HTMLElement | null>, rowHeight: number): RefObject<HTMLDivElement | null> {
  const spacerRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    const spacer = spacerRef.current;
    if (!list || !spacer) return;
    const fit = () => {
      const content = list.scrollHeight - spacer.offsetHeight;
      const gap = alignedEndGap(content, list.clientHeight, rowHeight);
      if (spacer.offsetHeight !== gap) spacer.style.height = `${gap}px`;
    };
    // The observer's first report fits it, after the frame's layout and before its paint: measuring
    // here would lay out the whole page in the commit that added the list.
    const observer = new ResizeObserver(fit);
    observer.observe(list);
    for (const child of list.children) if (child !== spacer) observer.observe(child);
    return () => observer.disconnect();
  }, [listRef, rowHeight]);
  return spacerRef;
}
