// Reading a replay's hits the way the panels show them: per logpoint, per step, as of a step.
import type { LogHit, LogReport } from './types';

/** Hits of one logpoint, in time order. */
export const hitsOf = (logs: LogReport | undefined, id: string): LogHit[] => (logs ? logs.hits.filter((h) => h.id === id) : []);

/** The hits that belong to step `step` (by its place in the report's steps), in time order. */
export const hitsOfStep = (logs: LogReport | undefined, step: number): LogHit[] => (logs ? logs.hits.filter((h) => h.step === step) : []);

/**
 * What a logpoint showed as of step `step`: its last hit that belongs to that step or an earlier
 * one (a debugger's "value at this point"). Undefined when its line had not run by then.
 */
export function hitAsOf(logs: LogReport | undefined, id: string, step: number): LogHit | undefined {
  if (!logs) return undefined;
  let found: LogHit | undefined;
  for (const h of logs.hits) if (h.id === id && h.step !== undefined && h.step <= step) found = h;
  return found;
}

/** How many times its line ran (counted even past the kept hits). */
export const hitCount = (logs: LogReport | undefined, id: string): number => logs?.counts[id] ?? 0;
