// What this browser saved itself, read back without zod or the rest of core/whatif: the store
// loads it with the page's first paint.
import type { StepOverride } from './apply';

const isEntry = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isCode = (v: unknown) => v === undefined || typeof v === 'string' || typeof v === 'number';

/**
 * The overrides in `value` that have the StepOverride shape, for what this browser saved itself
 * (local storage), without zod in the page's first load. Anything from elsewhere (links, capsules,
 * files) goes through overridesSchema, which names what is wrong.
 */
export function savedOverrides(value: unknown): StepOverride[] {
  if (!Array.isArray(value)) return [];
  return value.filter((o): o is StepOverride => {
    if (!isEntry(o) || typeof o.at !== 'string' || !o.at) return false;
    if (o.kind === 'result') return true;
    if (o.kind === 'throw') return isEntry(o.error) && typeof o.error.name === 'string' && typeof o.error.message === 'string' && isCode(o.error.code);
    return o.kind === 'cancelled' && (o.branch === null || (Number.isInteger(o.branch) && (o.branch as number) >= 0));
  });
}
