// Overrides in words, for the post-mortem, the CLI and the marks' titles: "cmdChargeCard (path 2)
// returns {…}". Values are previewed, never rendered as markup.
import { preview } from '../present/step-text';
import type { StepOverride } from './apply';

/** What the override makes the step do, without naming the step. */
export function overrideOutcomeText(o: StepOverride): string {
  switch (o.kind) {
    case 'result':
      return o.value === undefined ? 'returns nothing (undefined)' : `returns ${preview(o.value)}`;
    case 'throw':
      return `throws ${o.error.name}: ${o.error.message}${o.error.code !== undefined ? ` (code ${JSON.stringify(o.error.code)})` : ''}`;
    case 'cancelled':
      return o.branch === null ? 'no recorded cancellation: by timing' : `branch ${o.branch} cancels the others`;
  }
}

/** Where the override applies, as people read it: "path 2" or "entry #3" (1-based, as the step list counts). */
export function overrideWhereText(at: string): string {
  const position = /^#(\d+)$/.exec(at);
  return position ? `step ${Number(position[1]) + 1}` : `path ${at}`;
}

/** "what-if: 1 step changed", "what-if: 3 steps changed" */
export function whatIfCountText(n: number): string {
  return `what-if: ${n} ${n === 1 ? 'step' : 'steps'} changed`;
}

/** The entry index each override addresses, given the trace's steps (path, or #index): for marks. */
export function overriddenIndices(
  overrides: readonly StepOverride[],
  byPath: Readonly<Record<string, number>>,
  stepCount: number
): Map<number, StepOverride> {
  const out = new Map<number, StepOverride>();
  for (const o of overrides) {
    const position = /^#(0|[1-9]\d*)$/.exec(o.at);
    const index = position ? Number(position[1]) : Object.hasOwn(byPath, o.at) ? byPath[o.at] : undefined;
    if (index !== undefined && index < stepCount && !out.has(index)) out.set(index, o);
  }
  return out;
}
