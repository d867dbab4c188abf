// The incident's facts as data, for a shared link and a capsule: what each
// step received in the replay of the recorded code and what produced it
// (core/effect/provenance.ts), so that whoever opens the incident sees the
// why at once, without running anyone's code. Replay then adds the
// candidate's facts beside them. Redacted by the same rules as the trace.
import { z } from '../zod';
import type { ReplayReport, ReplayStep } from '../replay/report';

const producer: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.object({ kind: z.literal('input') }),
    z.object({ kind: z.literal('step'), path: z.string(), command: z.string() }),
    z.object({ kind: z.literal('join'), path: z.string() }),
    z.object({ kind: z.literal('retry-result'), path: z.string(), from: producer.optional() }),
    z.object({ kind: z.literal('retry-restart'), retry: z.string(), attempt: z.number().int().nonnegative() }),
    z.object({ kind: z.literal('exhaustion'), retry: z.string() })
  ])
);

const via = z.union([
  z.object({ kind: z.literal('flow-input') }),
  z.object({ kind: z.literal('step'), fn: z.string(), index: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('next'), of: z.string(), path: z.string() }),
  z.object({ kind: z.literal('branch-builder'), fn: z.string(), branch: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('onExhausted'), retry: z.string() })
]);

const location = z.object({ file: z.string(), line: z.number().int().positive(), column: z.number().int().nonnegative() });

export const factStepSchema = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  type: z.enum(['Command', 'Parallel']),
  path: z.string(),
  entryIndex: z.number().int().nonnegative().optional(),
  status: z.enum(['answered', 'paradox', 'missing', 'cut', 'decision']),
  via: via.optional(),
  producer: producer.optional(),
  /** the value it received; present when `hasBefore` */
  before: z.unknown().optional(),
  hasBefore: z.boolean().optional(),
  location: location.optional(),
  ledToFailure: z.literal(true).optional()
});

const outcome = z.union([z.object({ type: z.literal('Success'), value: z.unknown() }), z.object({ type: z.literal('Failure'), error: z.unknown() })]);

/** Added after v1 shipped, optional: the incident's replay (the recorded code), step by step, and how it ended. */
export const factsSchema = z.object({ result: outcome.optional(), steps: z.array(factStepSchema).max(1_000_000) });

export type IncidentFacts = z.infer<typeof factsSchema>;

/** Steps whose received value a link carries at most: past it, the link says what it dropped by omission. */
export const MAX_FACT_STEPS = 5_000;

/** The facts of the incident's replay, as a link or capsule carries them. */
export function factsOf(report: ReplayReport): IncidentFacts {
  const steps = report.steps.slice(0, MAX_FACT_STEPS).map((s) => {
    const out: Record<string, unknown> = { index: s.index, name: s.name, type: s.type, path: s.path };
    if (s.entryIndex !== undefined) out.entryIndex = s.entryIndex;
    out.status = s.status;
    if (s.via) out.via = s.via;
    if (s.producer) out.producer = s.producer;
    if (s.hasBefore) {
      out.before = s.before;
      out.hasBefore = true;
    }
    if (s.location) out.location = s.location;
    if (s.ledToFailure) out.ledToFailure = true;
    return out as IncidentFacts['steps'][number];
  });
  return { ...(report.result ? { result: report.result } : {}), steps };
}

/** The incident's replay again, from the facts a link carried: enough for every panel that reads what production received. */
export function reportOfFacts(facts: IncidentFacts): ReplayReport {
  return { status: 'resolved', ...(facts.result ? { result: facts.result as ReplayReport['result'] } : {}), unreached: [], narration: [], steps: facts.steps as unknown as ReplayStep[] };
}
