// The contract of what-if overrides (issue 12, Contract 2): the types and applyOverrides from
// apply.ts, and the zod schema links, capsules and --override-file validate them with.
import { z } from '../zod';
import type { StepOverride } from './apply';

export { applyOverrides, matchesByPath, overrideAddress, storedError, type StepOverride, type ThrownError } from './apply';

const at = z.string().min(1, 'an override names its step: a path such as "2", or "#<entry index>"');

export const stepOverrideSchema = z.discriminatedUnion('kind', [
  z.object({ at, kind: z.literal('result'), value: z.unknown() }),
  z.object({
    at,
    kind: z.literal('throw'),
    error: z.object({ name: z.string().min(1), message: z.string(), code: z.union([z.string(), z.number()]).optional() })
  }),
  z.object({ at, kind: z.literal('cancelled'), branch: z.number().int().nonnegative().nullable() })
]);

/** zod, for links, capsules and --override-file. Capped: a link is no place for ten thousand. */
export const overridesSchema: z.ZodType<StepOverride[]> = z.array(stepOverrideSchema).max(10_000);

