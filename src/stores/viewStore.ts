// What the person is looking at. Small and serializable on purpose: the
// selected step goes to the URL fragment, and permalinks will carry the rest.
import { create } from 'zustand';

export type Dialog = 'none' | 'shortcuts' | 'paste' | 'url' | 'share' | 'settings' | 'postmortem' | 'regression-test' | 'minimize';
export type InspectorTab = 'value' | 'pipeline' | 'input' | 'context' | 'incident';
/** What the drawer under the workspace shows: the narration, or the logpoints' hits. */
export type Drawer = 'narration' | 'logs';

interface ViewState {
  /** index into model.steps (recorded order) */
  readonly selected: number;
  readonly playing: boolean;
  /** steps per second while playing */
  readonly speed: number;
  /** the drawer under the workspace is open (showing `drawer`) */
  readonly narrationOpen: boolean;
  readonly drawer: Drawer;
  readonly dialog: Dialog;
  readonly inspectorTab: InspectorTab;
  /** warning kinds dismissed for the current trace */
  readonly dismissed: readonly string[];
  /** group paths (Retry or Parallel) folded in the timeline */
  readonly folded: readonly string[];
  select(index: number): void;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
  /** Shows the narration in the drawer, or closes the drawer when it shows it already. */
  toggleNarration(open?: boolean): void;
  /** The same for the Logs panel. */
  toggleLogs(open?: boolean): void;
  openDialog(dialog: Dialog): void;
  setInspectorTab(tab: InspectorTab): void;
  dismiss(kind: string): void;
  toggleFold(path: string): void;
  /** a new trace was opened: forget per-trace state */
  resetForTrace(selected: number): void;
}

/** Open on `which` (switching from the other), or closed when it is shown already or `open` is false. */
function toggled(s: { narrationOpen: boolean; drawer: Drawer }, which: Drawer, open: boolean | undefined): { narrationOpen: boolean; drawer: Drawer } {
  const shown = s.narrationOpen && s.drawer === which;
  const next = open ?? !shown;
  return next ? { narrationOpen: true, drawer: which } : { narrationOpen: shown ? false : s.narrationOpen, drawer: s.drawer };
}

export const useViewStore = create<ViewState>()((set) => ({
  selected: 0,
  playing: false,
  speed: 2,
  narrationOpen: false,
  drawer: 'narration',
  dialog: 'none',
  inspectorTab: 'value',
  dismissed: [],
  folded: [],
  select: (index) => set({ selected: index }),
  setPlaying: (playing) => set({ playing }),
  setSpeed: (speed) => set({ speed }),
  toggleNarration: (open) => set((s) => toggled(s, 'narration', open)),
  toggleLogs: (open) => set((s) => toggled(s, 'logs', open)),
  openDialog: (dialog) => set({ dialog }),
  setInspectorTab: (tab) => set({ inspectorTab: tab }),
  dismiss: (kind) => set((s) => ({ dismissed: [...s.dismissed, kind] })),
  toggleFold: (path) =>
    set((s) => ({ folded: s.folded.includes(path) ? s.folded.filter((p) => p !== path) : [...s.folded, path] })),
  resetForTrace: (selected) => set({ selected, playing: false, dismissed: [], folded: [], inspectorTab: 'value' })
}));
