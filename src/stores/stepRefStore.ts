// A post-mortem's step link (#of=<shape>&step=N, core/share/stepRef.ts) as the page read it: the
// step it asks for, until a trace opens and it is checked against that trace; and, when it cannot
// be followed, why, for the notice that says so.
import { create } from 'zustand';
import type { StepRef } from '../core/share/stepRef';

interface StepRefState {
  /** read from the address, not yet checked against an open trace */
  readonly pending: StepRef | undefined;
  /** what is wrong with the last step link, in words for the person */
  readonly problem: string | undefined;
  expect(ref: StepRef): void;
  settle(problem: string | undefined): void;
  dismiss(): void;
}

export const useStepRefStore = create<StepRefState>()((set) => ({
  pending: undefined,
  problem: undefined,
  expect: (ref) => set({ pending: ref, problem: undefined }),
  settle: (problem) => set({ pending: undefined, problem }),
  dismiss: () => set({ problem: undefined })
}));
