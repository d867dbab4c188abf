// The one way panels reach recorded values: the outline on this thread has
// none, so a step's value is read from the engine client's cache, fetched
// when missing, and the component re-renders when it arrives.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { RecordedModel, TraceModel } from '../core/trace/model';
import type { StepValue } from '../core/trace/values';
import { loadRecorded, loadValues, recordedModel, stepValue, subscribeValues, valuesLost } from '../worker/engineClient';

/** The step's value, or undefined while it is on its way. */
export function useStepValue(model: TraceModel, index: number): StepValue | undefined {
  const value = useSyncExternalStore(subscribeValues, () => stepValue(model, index));
  useEffect(() => {
    if (value === undefined) void loadValues(model, [index]).catch(() => undefined);
  }, [model, index, value]);
  return value;
}

/** True once the values still missing can no longer come (the engine worker stopped). */
export function useValuesLost(model: TraceModel): boolean {
  return useSyncExternalStore(subscribeValues, () => valuesLost(model));
}

/** The model with every value (for narration, export and sharing), or undefined while a big trace's values come over. */
export function useRecordedModel(model: TraceModel | undefined): RecordedModel | undefined {
  const recorded = useSyncExternalStore(subscribeValues, () => (model ? recordedModel(model) : undefined));
  useEffect(() => {
    if (model && recorded === undefined) void loadRecorded(model).catch(() => undefined);
  }, [model, recorded]);
  return recorded;
}

/** Several steps' values, fetched together; the getter reads what is here (undefined while on its way). */
export function useStepValues(model: TraceModel | undefined, indices: readonly number[]): (index: number) => StepValue | undefined {
  // How many have arrived: a number, so the snapshot compares by value and the hook re-renders only when one lands.
  const arrived = useSyncExternalStore(subscribeValues, () => (model ? indices.reduce((n, i) => n + (stepValue(model, i) ? 1 : 0), 0) : 0));
  useEffect(() => {
    if (model && arrived < indices.length) void loadValues(model, indices).catch(() => undefined);
  }, [model, indices, arrived]);
  return useCallback((index: number) => (model ? stepValue(model, index) : undefined), [model, arrived]); // eslint-disable-line react-hooks/exhaustive-deps
}
