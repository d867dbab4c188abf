// Where things go vertically: the time axis on top, then the rows, a row
// with Retry brackets taller by the bracket band. Pure, shared by the
// drawing, the hit test and the height the panel asks for.
import type { LaneIndex } from './lanes';

export const AXIS_PX = 20;
export const ROW_PX = 22;
/** above the bars of a row holding Retries: the bracket and its label */
export const BRACKET_PX = 14;
export const BAR_INSET_PX = 4;

export interface RowGeometry {
  /** rowTop[r]: px from the top of the rows area; rowTop[rowCount] is the rows' total height */
  readonly rowTop: Float64Array;
}

export function rowGeometry(index: LaneIndex): RowGeometry {
  const rowTop = new Float64Array(index.rows.length + 1);
  for (let r = 0; r < index.rows.length; r++) rowTop[r + 1] = rowTop[r]! + ROW_PX + (index.rows[r]!.retries.length > 0 ? BRACKET_PX : 0);
  return { rowTop };
}

/** The top and bottom of a step's bar within its row, px from the row's top. */
export function barBand(index: LaneIndex, row: number): { top: number; bottom: number } {
  const top = (index.rows[row]!.retries.length > 0 ? BRACKET_PX : 0) + BAR_INSET_PX;
  return { top, bottom: top + ROW_PX - 2 * BAR_INSET_PX };
}

/** The row at y px into the rows area (already scrolled), or -1 outside them. */
export function rowAtY(g: RowGeometry, y: number): number {
  const tops = g.rowTop;
  const rows = tops.length - 1;
  if (y < 0 || y >= tops[rows]!) return -1;
  let lo = 0;
  let hi = rows - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (tops[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
