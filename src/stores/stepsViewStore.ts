// How the Steps panel shows the steps: the list (recorded order, values at a
// glance) or the waterfall (time across, Parallel branches as rows). Its own
// store so the header toggle, the `v` key and the panel meet without
// importing each other.
import { create } from 'zustand';

export type StepsView = 'list' | 'waterfall';

interface StepsViewState {
  readonly view: StepsView;
  setView(view: StepsView): void;
  toggle(): void;
}

export const useStepsViewStore = create<StepsViewState>()((set) => ({
  view: 'list',
  setView: (view) => set({ view }),
  toggle: () => set((s) => ({ view: s.view === 'list' ? 'waterfall' : 'list' }))
}));
