// Whether overrides fit the open trace, judged on its model (the page holds no raw trace for a big
// one: the engine worker does). The same rules as applyOverrides, on entries rebuilt from what the
// model keeps of each step: its command, its path and, for a decision, the decision.
import type { TraceModel } from '../trace/model';
import { applyOverrides, type StepOverride } from './apply';

export function overrideProblems(model: Pick<TraceModel, 'steps'>, overrides: readonly StepOverride[]): string[] {
  if (!overrides.length) return [];
  const entries = Array.from(model.steps, (s) => ({
    command: s.command,
    ...(s.path !== undefined ? { path: s.path } : {}),
    ...(s.decision ? { result: s.decision } : {})
  }));
  return applyOverrides({ trace: entries }, overrides).problems;
}

/** How the What if… dialog addresses a step of this model: its path, or `#<index>` when matched by position. */
export function addressOf(model: Pick<TraceModel, 'matching' | 'steps'>, index: number): string {
  const path = model.steps.at(index)?.path;
  return model.matching === 'path' && path !== undefined ? path : `#${index}`;
}
