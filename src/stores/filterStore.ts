// The step filter: what the person typed, the steps it matched (as the search
// worker answered, for `forQuery`), and which match Enter last went to.
import { create } from 'zustand';

/** One shared empty answer, so a selector's default never changes identity (a fresh one re-renders forever). */
export const NO_MATCHES: Int32Array = new Int32Array(0);

interface FilterState {
  readonly text: string;
  /** ascending step indices matching `forQuery` */
  readonly matches: Int32Array;
  /** the text these matches are for; differs from `text` while the worker is at it */
  readonly forQuery: string;
  /** position in `matches` of the match last jumped to, -1 before any */
  readonly current: number;
  /** Enter pressed before the worker answered for `text`: the jump to make once it has (0: none) */
  readonly pendingJump: -1 | 0 | 1;
  setText(text: string): void;
  setMatches(forQuery: string, matches: Int32Array): void;
  setCurrent(current: number): void;
  setPendingJump(delta: -1 | 0 | 1): void;
  clear(): void;
}

export const useFilterStore = create<FilterState>()((set) => ({
  text: '',
  matches: NO_MATCHES,
  forQuery: '',
  current: -1,
  pendingJump: 0,
  // Enter meant the text as it was then; more typing makes it a new question.
  setText: (text) => set({ text, pendingJump: 0 }),
  setMatches: (forQuery, matches) => set({ forQuery, matches: matches.length ? matches : NO_MATCHES, current: -1 }),
  setCurrent: (current) => set({ current }),
  setPendingJump: (pendingJump) => set({ pendingJump }),
  clear: () => set({ text: '', matches: NO_MATCHES, forQuery: '', current: -1, pendingJump: 0 })
}));
