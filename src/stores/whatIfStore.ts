// The open trace's what-if overrides: the steps whose recorded outcome the person changed, to
// replay as if production had answered so. Kept per trace in local storage, saved on every change
// as edits are (replayStore), and read back, validated, when the trace opens again.
import { create } from 'zustand';
import type { StepOverride } from '../core/whatif/apply';
import { savedOverrides } from '../core/whatif/saved';

const key = (traceId: string) => `timescope.whatif.${traceId}`;

function load(traceId: string): readonly StepOverride[] {
  try {
    return savedOverrides(JSON.parse(localStorage.getItem(key(traceId)) ?? '[]'));
  } catch {
    return [];
  }
}

function save(traceId: string | undefined, overrides: readonly StepOverride[]) {
  if (!traceId) return;
  try {
    if (overrides.length) localStorage.setItem(key(traceId), JSON.stringify(overrides));
    else localStorage.removeItem(key(traceId));
  } catch {
    // storage full or off: the overrides still live for this tab
  }
}

/** Forgets the saved overrides of these traces (the recent list's Forget). */
export function forgetWhatIfs(traceIds: readonly string[]) {
  for (const id of traceIds) save(id, []);
  const { traceId } = useWhatIfStore.getState();
  if (traceId && traceIds.includes(traceId)) useWhatIfStore.setState({ overrides: [] });
}

interface WhatIfState {
  readonly traceId: string | undefined;
  readonly overrides: readonly StepOverride[];
  /** the step the What if… dialog is open for (its entry index), or undefined when closed */
  readonly editing: number | undefined;
  /** what-ifs for the next trace opened (a corpus row opens with the what-if its Replay all ran), in place of its saved ones */
  readonly carried: readonly StepOverride[] | undefined;
  carryToNextTrace(overrides: readonly StepOverride[]): void;
  openTrace(traceId: string): void;
  /** adds the override, or replaces the one already at its step */
  put(override: StepOverride): void;
  remove(at: string): void;
  replaceAll(overrides: readonly StepOverride[]): void;
  edit(index: number | undefined): void;
}

export const useWhatIfStore = create<WhatIfState>()((set, get) => {
  const change = (overrides: readonly StepOverride[]) => {
    set({ overrides });
    save(get().traceId, overrides);
  };
  return {
    traceId: undefined,
    overrides: [],
    editing: undefined,
    carried: undefined,
    carryToNextTrace: (carried) => set({ carried: [...carried] }),
    openTrace: (traceId) => {
      const { carried } = get();
      // Carried what-ifs are this trace's from now on, as if set here: saved, so a reload keeps them.
      if (carried) save(traceId, carried);
      set({ traceId, overrides: carried ?? load(traceId), carried: undefined, editing: undefined });
    },
    put: (o) => {
      const rest = get().overrides.filter((x) => x.at !== o.at);
      change([...rest, o]);
    },
    remove: (at) => change(get().overrides.filter((x) => x.at !== at)),
    replaceAll: (overrides) => change([...overrides]),
    edit: (editing) => set({ editing })
  };
});
