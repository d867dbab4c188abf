// manifest.json, the capsule's first file: what the capsule is and which of its files to read. Its
// own schema number, for the same reason as the payload's `v`: a capsule from a newer Timescope is
// named as such. Unknown fields are stripped, as in payload.ts.
import { z } from '../zod';
import { redactionSchema } from './payload';

export const CAPSULE_SCHEMA = 1;

export const manifestSchema = z.object({
  schema: z.literal(CAPSULE_SCHEMA),
  /** the incident's title (also in notes.json), for a glance at the zip */
  title: z.string().optional(),
  /** the trace's flowName and recorded build, for the same glance */
  flowName: z.string().optional(),
  version: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  redaction: redactionSchema,
  /** every other file in the capsule, in order; the reader reads these and nothing else */
  files: z.array(z.string()),
  /** the selected step, 0-based (payload.step) */
  step: z.number().int().nonnegative().optional(),
  /** the flow export the person picked (payload.exportName) */
  exportName: z.string().min(1).optional(),
  /** a minimized incident's manifest (core/minimize): what was removed, and whether it is proven 1-minimal */
  minimized: z
    .object({
      kept: z.string().max(500),
      minimal: z.boolean(),
      replays: z.number().int().nonnegative()
    })
    .optional()
});

export type CapsuleManifest = z.infer<typeof manifestSchema>;

/** The capsule's fixed file names. */
export const CAPSULE_FILES = {
  manifest: 'manifest.json',
  trace: 'trace.json',
  notes: 'notes.json',
  context: 'context.json',
  /** a compare capsule's run B and labels (payload.compare); a reader that predates it skips it */
  compare: 'compare.json',
  /** the what-if overrides (core/whatif), if any: an array of StepOverride, as --override-file reads */
  overrides: 'overrides.json',
  /** the incident's facts (core/share/facts): what each step received in the replay of the recorded code */
  facts: 'facts.json',
  /** the logpoints and pinned hits, when the sender included them (core/share/logpoints); a reader that predates it skips it */
  logpoints: 'logpoints.json',
  readme: 'README.md',
  sources: 'sources/',
  edits: 'edits/'
} as const;
