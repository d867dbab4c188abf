// The sizes of a split view's panels, in percent of the group: what the saved
// or default sizes make of a set of panels, and a separator moved by some
// percent. Sizes are shares of the group, never pixels, so drawing them needs
// no measurement (components/split/Split.tsx).

/** A panel's id and its constraints, in percent of the group. */
export interface PanelSpec {
  readonly id: string;
  readonly defaultSize?: number;
  readonly minSize?: number;
  readonly maxSize?: number;
}

/** Each panel's size by id, in percent; they add up to 100. */
export type Layout = Readonly<Record<string, number>>;

const minOf = (p: PanelSpec) => p.minSize ?? 0;
const maxOf = (p: PanelSpec) => p.maxSize ?? 100;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Each size held to its panel's constraints, then the panels made to fill the group: what is
 * missing or over goes to the panels from the last to the first, each as far as its constraints let.
 */
export function fitLayout(panels: readonly PanelSpec[], sizes: readonly number[]): Layout {
  const out = panels.map((p, i) => clamp(Number.isFinite(sizes[i]) ? sizes[i]! : 0, minOf(p), maxOf(p)));
  let rest = 100 - out.reduce((a, b) => a + b, 0);
  for (let i = panels.length - 1; i >= 0 && Math.abs(rest) > 1e-9; i--) {
    const next = clamp(out[i]! + rest, minOf(panels[i]!), maxOf(panels[i]!));
    rest -= next - out[i]!;
    out[i] = next;
  }
  return Object.fromEntries(panels.map((p, i) => [p.id, out[i]!]));
}

/** The saved sizes when they are for exactly these panels; else the defaults, the rest shared. */
export function initialLayout(panels: readonly PanelSpec[], saved?: Layout): Layout {
  if (saved && Object.keys(saved).length === panels.length && panels.every((p) => Number.isFinite(saved[p.id]))) {
    return fitLayout(
      panels,
      panels.map((p) => saved[p.id]!)
    );
  }
  const given = panels.reduce((sum, p) => sum + (p.defaultSize ?? 0), 0);
  const open = panels.filter((p) => p.defaultSize === undefined).length;
  const share = open > 0 ? Math.max(0, 100 - given) / open : 0;
  return fitLayout(
    panels,
    panels.map((p) => p.defaultSize ?? share)
  );
}

/**
 * The separator after panel `index` moved by `delta` percent (positive: that panel grows, the next
 * one shrinks), as far as both panels' constraints allow.
 */
export function resizeAt(panels: readonly PanelSpec[], layout: Layout, index: number, delta: number): Layout {
  const a = panels[index];
  const b = panels[index + 1];
  if (!a || !b) return layout;
  const sa = layout[a.id] ?? 0;
  const sb = layout[b.id] ?? 0;
  const lo = Math.max(minOf(a) - sa, sb - maxOf(b));
  const hi = Math.min(maxOf(a) - sa, sb - minOf(b));
  const d = lo > hi ? 0 : clamp(delta, lo, hi);
  if (d === 0) return layout;
  return { ...layout, [a.id]: sa + d, [b.id]: sb - d };
}
