// What the person is looking at. Small and serializable on purpose: the
// selected step goes to the URL fragment, and permalinks will carry the rest.
import { create } from 'zustand';

export type Dialog = 'none' | 'shortcuts' | 'paste' | 'url' | 'share' | 'settings' | 'postmortem' | 'regression-test';
export type InspectorTab = 'value' | 'pipeline' | 'input' | 'context' | 'incident';

interface ViewState {
  /** index into model.steps (recorded order) */
  readonly selected: number;
  readonly playing: boolean;
  /** steps per second while playing */
  readonly speed: number;
  readonly narrationOpen: boolean;
  readonly dialog: Dialog;
  readonly inspectorTab: InspectorTab;
  /** warning kinds dismissed for the current trace */
  readonly dismissed: readonly string[];
  /** group paths (Retry or Parallel) folded in the timeline */
  readonly folded: readonly string[];
  select(index: number): void;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
  toggleNarration(open?: boolean): void;
  openDialog(dialog: Dialog): void;
  setInspectorTab(tab: InspectorTab): void;
  dismiss(kind: string): void;
  toggleFold(path: string): void;
  /** a new trace was opened: forget per-trace state */
  resetForTrace(selected: number): void;
}

export const useViewStore = create<ViewState>()((set) => ({
  selected: 0,
  playing: false,
  speed: 2,
  narrationOpen: false,
  dialog: 'none',
  inspectorTab: 'value',
  dismissed: [],
  folded: [],
  select: (index) => set({ selected: index }),
  setPlaying: (playing) => set({ playing }),
  setSpeed: (speed) => set({ speed }),
  toggleNarration: (open) => set((s) => ({ narrationOpen: open ?? !s.narrationOpen })),
  openDialog: (dialog) => set({ dialog }),
  setInspectorTab: (tab) => set({ inspectorTab: tab }),
  dismiss: (kind) => set((s) => ({ dismissed: [...s.dismissed, kind] })),
  toggleFold: (path) =>
    set((s) => ({ folded: s.folded.includes(path) ? s.folded.filter((p) => p !== path) : [...s.folded, path] })),
  resetForTrace: (selected) => set({ selected, playing: false, dismissed: [], folded: [], inspectorTab: 'value' })
}));
