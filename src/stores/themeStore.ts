// Dark or light, following the OS until the person picks one. The choice is
// the only thing kept in local storage; index.html reads it before first paint.
import { create } from 'zustand';

export type ThemeChoice = 'system' | 'dark' | 'light';
const KEY = 'timescope.theme';

function readChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(KEY);
    return saved === 'dark' || saved === 'light' ? saved : 'system';
  } catch {
    return 'system';
  }
}

const osDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

interface ThemeState {
  readonly choice: ThemeChoice;
  readonly osDark: boolean;
  cycle(): void;
  setOsDark(dark: boolean): void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  choice: readChoice(),
  osDark: osDark(),
  cycle: () => {
    const order: ThemeChoice[] = ['system', 'dark', 'light'];
    const choice = order[(order.indexOf(get().choice) + 1) % order.length]!;
    try {
      if (choice === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, choice);
    } catch {
      // storage may be off (private mode); the choice still holds for this tab
    }
    set({ choice });
  },
  setOsDark: (dark) => set({ osDark: dark })
}));

export const resolvedTheme = (s: Pick<ThemeState, 'choice' | 'osDark'>): 'dark' | 'light' =>
  s.choice === 'system' ? (s.osDark ? 'dark' : 'light') : s.choice;
