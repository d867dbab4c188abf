// The walkthrough: a presenter view of the steps, one at a time, that an
// audience window can follow. It keeps the recorded step on screen rather
// than a position in the walk, so "All steps" and "Starred only" can swap
// (or a star change) without losing the place; core/walkthrough/walk.ts
// turns the step into a position and moves it.
import { create } from 'zustand';
import type { WalkMode } from '../core/walkthrough/walk';
import { MAX_PRESENTER_NAME } from '../core/walkthrough/channel';

export type WalkRole = 'presenter' | 'audience';

const NAME_KEY = 'timescope.presenterName';

function loadName(): string {
  try {
    return (localStorage.getItem(NAME_KEY) ?? '').slice(0, MAX_PRESENTER_NAME);
  } catch {
    return '';
  }
}

interface WalkthroughState {
  readonly open: boolean;
  readonly mode: WalkMode;
  /** the recorded step on screen (0-based) */
  readonly step: number;
  /** an audience window only follows; its role never changes */
  readonly role: WalkRole;
  /** shown to the audience as "Following <name>"; kept in this browser */
  readonly presenterName: string;
  openAt(step: number): void;
  show(step: number): void;
  close(): void;
  setMode(mode: WalkMode): void;
  setPresenterName(name: string): void;
  becomeAudience(): void;
}

export const useWalkthroughStore = create<WalkthroughState>()((set) => ({
  open: false,
  mode: 'all',
  step: 0,
  role: 'presenter',
  presenterName: loadName(),
  openAt: (step) => set({ open: true, step }),
  show: (step) => set({ step }),
  close: () => set({ open: false }),
  setMode: (mode) => set({ mode }),
  setPresenterName: (name) => {
    const presenterName = name.slice(0, MAX_PRESENTER_NAME);
    set({ presenterName });
    try {
      localStorage.setItem(NAME_KEY, presenterName);
    } catch {
      // storage off: the name lasts for this tab
    }
  },
  becomeAudience: () => set({ role: 'audience', open: true })
}));
