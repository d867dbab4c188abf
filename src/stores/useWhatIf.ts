// The open trace's overridden steps by entry index, for the marks every step view draws.
import { useMemo } from 'react';
import type { TraceModel } from '../core/trace/model';
import type { StepOverride } from '../core/whatif/apply';
import { overriddenIndices } from '../core/whatif/describe';
import { traceIdentity } from '../core/trace/identity';
import { useWhatIfStore } from './whatIfStore';

const NONE: readonly StepOverride[] = [];
const NOTHING: ReadonlyMap<number, StepOverride> = new Map();

export function useOverridden(model: TraceModel | undefined): ReadonlyMap<number, StepOverride> {
  const id = useMemo(() => (model ? traceIdentity(model) : undefined), [model]);
  const overrides = useWhatIfStore((s) => (id !== undefined && s.traceId === id ? s.overrides : NONE));
  // Without overrides the path record is not read: on a big trace it is made on first read (core/trace/outline.ts).
  return useMemo(() => (model && overrides.length ? overriddenIndices(overrides, model.byPath, model.steps.length) : NOTHING), [overrides, model]);
}

/** The override on one step, or undefined. */
export function useOverrideOf(model: TraceModel, index: number): StepOverride | undefined {
  return useOverridden(model).get(index);
}
