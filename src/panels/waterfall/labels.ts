// Where a waterfall row's names go. A name is what a person reads a bar by,
// so a bar too narrow for it does not cut it to "cmd…": the name goes beside
// the bar, right where the row is free up to the next bar (as Jaeger does),
// else left, and only when neither side has room is it shortened inside.
// Pure: the drawing measures text, this decides, a unit test checks it.

/** One thing drawn in a row, in time order: a bar (named or not) or a Parallel's band. */
export interface RowItem {
  /** the step it draws, or -1 for a column of many thin steps */
  readonly step: number;
  /** drawn extent in px */
  readonly left: number;
  readonly right: number;
  /** the Command's name (with its ✕ when it threw); undefined for a column */
  readonly name?: string | undefined;
  /** the name with its duration, shown when there is room for both */
  readonly full?: string | undefined;
  /** a Parallel's band: a light background other names may sit on, its own label only inside */
  readonly band?: boolean | undefined;
}

export interface PlacedLabel {
  readonly step: number;
  readonly text: string;
  /** px from the canvas' left, where the text starts */
  readonly x: number;
  /** the text's measured width */
  readonly width: number;
  /** on the bar (drawn in the on-bar colour), or beside it (in the text colour) */
  readonly inside: boolean;
}

/** px between a bar's edge and its name, inside or out */
export const LABEL_PAD = 3;
/** narrower than this, a bar gets no name inside it */
const MIN_INSIDE_PX = 24;

function shortened(text: string, room: number, measure: (t: string) => number): string | undefined {
  if (measure(text) <= room) return text;
  for (let n = text.length - 1; n >= 4; n--) {
    const cut = `${text.slice(0, n - 1)}…`;
    if (measure(cut) <= room) return cut;
  }
  return undefined;
}

/**
 * The labels of one row's items (in time order) in a canvas `widthPx` wide. A label never overlaps
 * another label or a bar other than its own; Parallel bands are background and may be written on.
 */
export function placeRowLabels(items: readonly RowItem[], widthPx: number, measure: (text: string) => number): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  // Where the row is taken up to, from the left: bars drawn so far and labels placed so far.
  let usedUntil = -Infinity;
  const nextObstacle = (from: number): number => {
    for (let j = from; j < items.length; j++) if (!items[j]!.band) return items[j]!.left;
    return widthPx;
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const width = item.right - item.left;
    if (item.name === undefined) {
      if (!item.band) usedUntil = Math.max(usedUntil, item.right);
      continue;
    }
    const inside = width - 2 * LABEL_PAD;
    const put = (text: string, x: number, onBar: boolean) => {
      const w = measure(text);
      placed.push({ step: item.step, text, x, width: w, inside: onBar });
      usedUntil = Math.max(usedUntil, x + w, item.band ? -Infinity : item.right);
    };
    const start = Math.max(item.left + LABEL_PAD, usedUntil + LABEL_PAD);
    if (item.band) {
      // A Parallel's band spans its branches: its label sits inside, shortened if it must be.
      const text = width >= MIN_INSIDE_PX ? shortened(item.name, item.right - LABEL_PAD - start, measure) : undefined;
      if (text) put(text, start, false);
      continue;
    }
    const full = item.full ?? item.name;
    if (width >= MIN_INSIDE_PX && measure(full) <= inside) {
      put(full, item.left + LABEL_PAD, true);
      continue;
    }
    if (width >= MIN_INSIDE_PX && measure(item.name) <= inside) {
      put(item.name, item.left + LABEL_PAD, true);
      continue;
    }
    // Beside it, right: up to the next bar (or the canvas' edge).
    const rightRoom = nextObstacle(i + 1) - LABEL_PAD - (item.right + LABEL_PAD);
    const besideRight = measure(full) <= rightRoom ? full : measure(item.name) <= rightRoom ? item.name : undefined;
    if (besideRight) {
      put(besideRight, item.right + LABEL_PAD, false);
      continue;
    }
    // Else left: back to the bar or label before it.
    const leftEnd = item.left - LABEL_PAD;
    const leftRoom = leftEnd - Math.max(0, usedUntil + LABEL_PAD);
    if (measure(item.name) <= leftRoom) {
      const w = measure(item.name);
      placed.push({ step: item.step, text: item.name, x: leftEnd - w, width: w, inside: false });
      usedUntil = Math.max(usedUntil, item.right);
      continue;
    }
    // No room either side: shortened inside, if a few letters fit.
    const cut = width >= MIN_INSIDE_PX ? shortened(item.name, inside, measure) : undefined;
    if (cut) put(cut, item.left + LABEL_PAD, true);
    else usedUntil = Math.max(usedUntil, item.right);
  }
  return placed;
}
