// The incident's minimization (issue 34): running, with its progress and Cancel, or its result, the
// minimized trace and the fields the failure depends on. One at a time, for the open incident; the
// step details read `kept` to mark those fields. The work itself is app/minimize/runMinimize.ts.
import { create } from 'zustand';
import type { KeptField } from '../core/minimize/kept';
import type { Manifest, MinimizeProgress } from '../core/minimize/minimize';

export interface MinimizeResult {
  readonly trace: Record<string, unknown>;
  readonly manifest: Manifest;
  readonly minimal: boolean;
  readonly stopped?: 'budget' | 'cancelled';
  readonly replays: number;
  readonly kept: readonly KeptField[];
}

export type MinimizeState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly progress: MinimizeProgress | undefined; readonly cancel: () => void }
  | { readonly status: 'done'; readonly result: MinimizeResult }
  | { readonly status: 'failed'; readonly message: string };

interface MinimizeStore {
  /** the incident this state is about: another trace opening leaves it behind */
  readonly traceId: string | undefined;
  readonly state: MinimizeState;
  set(traceId: string, state: MinimizeState): void;
  reset(): void;
}

export const useMinimizeStore = create<MinimizeStore>()((set) => ({
  traceId: undefined,
  state: { status: 'idle' },
  set: (traceId, state) => set({ traceId, state }),
  reset: () => set({ traceId: undefined, state: { status: 'idle' } })
}));

/**
 * The finished minimization that speaks for this incident: its own, or the one whose minimized
 * trace is now open (same flow; its fields are found by Command and path, which minimizing keeps).
 */
export const minimizedFor = (s: { traceId: string | undefined; state: MinimizeState }, traceId: string | undefined, flowName: string | undefined): MinimizeResult | undefined => {
  if (s.state.status !== 'done' || traceId === undefined) return undefined;
  if (s.traceId === traceId) return s.state.result;
  return flowName !== undefined && s.state.result.trace.flowName === flowName ? s.state.result : undefined;
};
