// Resizable split views: a Group of Panels with Separators between them,
// moved by pointer or keyboard (arrows by 5%, Home and End to a bound), as the
// WAI-ARIA window splitter pattern describes.
//
// Ours rather than react-resizable-panels: that library measured the group
// (offsetLeft, getBoundingClientRect) in a layout effect as its panels
// registered, which laid out the whole new page inside the commit that opens a
// trace: ~30 ms of that commit's task at 10,000 steps, the opening's longest.
// Here sizes are shares of the group (flex-grow), so drawing them needs no
// measurement; only a drag measures the group, when it starts.
import { createContext, useContext, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { initialLayout, resizeAt, type Layout, type PanelSpec } from './layout';

export type { Layout, PanelSpec } from './layout';

type Orientation = 'horizontal' | 'vertical';

interface GroupState {
  readonly orientation: Orientation;
  readonly panels: readonly PanelSpec[];
  readonly layout: Layout;
  readonly element: () => HTMLElement | null;
  /** Moves the separator after panel `index`; `done`: the move ends here (a key, a drag let go). */
  readonly resize: (from: Layout, index: number, delta: number, done: boolean) => void;
}

const GroupContext = createContext<GroupState | null>(null);

function useGroup(what: string): GroupState {
  const group = useContext(GroupContext);
  if (!group) throw new Error(`${what} must be inside a split Group`);
  return group;
}

/** Keyboard step, in percent of the group (as react-resizable-panels, whose saved sizes carry over). */
const KEY_STEP = 5;

export function Group({ orientation, panels, defaultLayout, onLayoutChanged, className, children }: {
  orientation: Orientation;
  panels: readonly PanelSpec[];
  /** saved sizes; used when they are for exactly these panels */
  defaultLayout?: Layout | undefined;
  /** after each finished move (a key press, a drag let go) */
  onLayoutChanged?: (layout: Layout) => void;
  className?: string;
  children: ReactNode;
}) {
  const key = panels.map((p) => p.id).join('\n');
  const [state, setState] = useState(() => ({ key, layout: initialLayout(panels, defaultLayout) }));
  // A panel shown or hidden: the sizes for the new set (saved for it, or its defaults), in this render.
  let current = state;
  if (state.key !== key) {
    current = { key, layout: initialLayout(panels, defaultLayout) };
    setState(current);
  }
  const ref = useRef<HTMLDivElement>(null);
  const group: GroupState = {
    orientation,
    panels,
    layout: current.layout,
    element: () => ref.current,
    resize: (from, index, delta, done) => {
      const next = resizeAt(panels, from, index, delta);
      setState({ key, layout: next });
      if (done) onLayoutChanged?.(next);
    }
  };
  return (
    <div ref={ref} data-group className={className} style={{ display: 'flex', flexDirection: orientation === 'horizontal' ? 'row' : 'column', overflow: 'hidden' }}>
      <GroupContext.Provider value={group}>{children}</GroupContext.Provider>
    </div>
  );
}

export function Panel({ id, children }: { id: string; children?: ReactNode }) {
  const { layout } = useGroup('Panel');
  return (
    <div id={id} data-panel style={{ flex: `${layout[id] ?? 0} 1 0px`, overflow: 'hidden', minWidth: 0, minHeight: 0 }}>
      {children}
    </div>
  );
}

/** The separator after the panel `controls`: it resizes that panel and the next one. */
export function Separator({ controls, className, 'aria-label': label }: { controls: string; className?: string; 'aria-label': string }) {
  const group = useGroup('Separator');
  const [state, setState] = useState<'inactive' | 'focus' | 'active'>('inactive');
  const drag = useRef<{ x: number; y: number; size: number; from: Layout } | null>(null);
  const index = group.panels.findIndex((p) => p.id === controls);
  const panel = group.panels[index];
  const horizontal = group.orientation === 'horizontal';

  const onKeyDown = (e: KeyboardEvent) => {
    const [less, more] = horizontal ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
    const delta = e.key === less ? -KEY_STEP : e.key === more ? KEY_STEP : e.key === 'Home' ? -100 : e.key === 'End' ? 100 : 0;
    if (delta === 0) return;
    e.preventDefault();
    group.resize(group.layout, index, delta, true);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    const box = group.element()?.getBoundingClientRect();
    const size = box ? (horizontal ? box.width : box.height) : 0;
    if (size <= 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, size, from: group.layout };
    setState('active');
  };
  const move = (e: PointerEvent, done: boolean) => {
    const d = drag.current;
    if (!d) return;
    const px = horizontal ? e.clientX - d.x : e.clientY - d.y;
    group.resize(d.from, index, (px / d.size) * 100, done);
    if (done) {
      drag.current = null;
      setState(document.activeElement === e.currentTarget ? 'focus' : 'inactive');
    }
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      // The window splitter pattern: the line runs across the group's direction.
      aria-orientation={horizontal ? 'vertical' : 'horizontal'}
      aria-valuenow={Math.round(group.layout[controls] ?? 0)}
      aria-valuemin={Math.round(panel?.minSize ?? 0)}
      aria-valuemax={Math.round(panel?.maxSize ?? 100)}
      data-separator={state}
      className={className}
      style={{ flex: '0 0 auto', cursor: horizontal ? 'col-resize' : 'row-resize', touchAction: 'none' }}
      onKeyDown={onKeyDown}
      onFocus={() => setState((s) => (s === 'active' ? s : 'focus'))}
      onBlur={() => setState((s) => (s === 'active' ? s : 'inactive'))}
      onPointerDown={onPointerDown}
      onPointerMove={(e) => move(e, false)}
      onPointerUp={(e) => move(e, true)}
      onPointerCancel={(e) => move(e, true)}
    />
  );
}
