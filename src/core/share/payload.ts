// The shared incident as plain data: what a link carries and what a capsule unpacks to. One
// versioned zod schema, so the app, the link codec, the capsule reader and the CLI agree on it.
//
// Versions: `v` is the major version. A later revision of the same major only adds optional
// fields; an incompatible change takes v: 2. So a v1 reader decodes any v1 object, also one with
// fields it does not know, and refuses v2 and later with a message that says to update.
//
// Unknown fields are stripped, not passed through (zod's default for z.object): the app only acts
// on what it validated, nothing unchecked rides along into the stores, and a link re-shared from
// this version carries exactly what this version understood. The trace itself is the exception:
// it is kept as it came and validated by parseTraceText (src/core/trace/parse.ts), the one judge of
// what a trace is, with its located messages.
import { z } from '../zod';
import { unsafeFileName } from './fileNames';
import { describeIssues } from './issues';
import { overridesSchema } from '../whatif/overrides';
import { factsSchema } from './facts';
import { sharedLogpointsSchema } from './logpoints';

export const PAYLOAD_VERSION = 1;

/** A raw trace as recorded: an object (the usual) or a bare array of entries. */
export type TraceJson = Record<string, unknown> | unknown[];

const traceJson = z.custom<TraceJson>((v) => typeof v === 'object' && v !== null, 'expected the recorded trace, a JSON object or array');

const fileName = z.string().superRefine((name, ctx) => {
  const why = unsafeFileName(name);
  if (why) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(name)} is not a usable file name: ${why}` });
});

/** A 0-based step index as an object key: "0", "3", "120" (no sign, no leading zeros). */
const stepKey = z.string().regex(/^(0|[1-9]\d*)$/, 'a step is named by its 0-based index, such as "3"');

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const redactionSchema = z.object({
  applied: z.boolean(),
  /** the rules that were applied, by name ("key:email", "detector:luhn"…), for "redacted with …" */
  rules: z.array(z.string())
});

export const stepNoteSchema = z.object({ text: z.string().optional(), starred: z.boolean().optional() });

export const notesSchema = z.object({
  title: z.string().optional(),
  summary: z.string().optional(),
  /** added after v1 shipped, optional, so every v1 link still decodes (the post-mortem's fields) */
  impact: z.string().optional(),
  actionItems: z.array(z.string()).max(1000).readonly().optional(),
  steps: z.record(stepKey, stepNoteSchema).optional()
});

export const sourceSchema = z.object({ name: fileName, text: z.string() });

/** A compare link's second run (added after v1 shipped, optional): the payload's `trace` is run A. */
export const compareSchema = z.object({
  trace: traceJson,
  /** what each run was called where it was compared ("incidents.jsonl · line 3") */
  labelA: z.string().max(500).optional(),
  labelB: z.string().max(500).optional()
});

export const payloadSchema = z
  .object({
    v: z.literal(PAYLOAD_VERSION),
    trace: traceJson,
    /** the flow's source files as the person loaded them (the originals) */
    sources: z.array(sourceSchema).optional(),
    /** file name -> the edited text, for files in `sources` the person changed */
    edits: z.record(z.string(), z.string()).optional(),
    /** the selected step, 0-based */
    step: z.number().int().nonnegative().optional(),
    notes: notesSchema.optional(),
    /** the JSON text of the replay context the person set (Ask), instead of the recorded one */
    context: z.string().refine(isJsonText, 'expected the JSON text of a replay context').optional(),
    /** what redaction was applied before sharing, so the receiver can say "redacted" */
    redaction: redactionSchema.optional(),
    /** the flow export the person picked, when the trace's flowName did not decide it */
    exportName: z.string().min(1).optional(),
    /** present on a compare link: run B, so the link opens the Compare view of `trace` against it */
    compare: compareSchema.optional(),
    /** added after v1 shipped, optional, so every v1 link still decodes: the what-if overrides (core/whatif) */
    overrides: overridesSchema.optional(),
    /** added after v1 shipped, optional: the incident's facts, what each step received and from what (core/share/facts) */
    facts: factsSchema.optional(),
    /** added after v1 shipped, optional: the logpoints and pinned hits, when the sender chose to include them (core/share/logpoints) */
    logpoints: sharedLogpointsSchema.optional()
  })
  .superRefine((p, ctx) => {
    const names = new Set<string>();
    p.sources?.forEach((s, i) => {
      if (names.has(s.name)) ctx.addIssue({ code: 'custom', path: ['sources', i, 'name'], message: `${JSON.stringify(s.name)} appears twice` });
      names.add(s.name);
    });
    // An edit is a change to a shared original; without it the receiver could not tell what changed.
    for (const name of Object.keys(p.edits ?? {})) {
      if (!names.has(name)) ctx.addIssue({ code: 'custom', path: ['edits', name], message: 'an edit of a file that is not among the sources' });
    }
  });

export type IncidentPayload = z.infer<typeof payloadSchema>;
/**
 * A capsule's incident as the capsule worker sends it: its trace.json as a Blob made in the worker,
 * which crosses to the UI thread by reference and goes on to the engine unread. (As a string it
 * cost the UI thread 244 ms at 30 MB: copied across, then encoded again for the engine.)
 */
export type CapsuleIncident = Omit<IncidentPayload, 'trace'> & { readonly traceBlob: Blob };
/** What opens an incident: a link's payload (a small trace, already data) or a capsule's. */
export type SharedIncident = IncidentPayload | CapsuleIncident;
export type IncidentNotes = z.infer<typeof notesSchema>;
export type Redaction = z.infer<typeof redactionSchema>;
export type ComparePayload = z.infer<typeof compareSchema>;

export type PayloadCheck =
  | { readonly ok: true; readonly payload: IncidentPayload }
  | { readonly ok: false; readonly kind: 'unknown-version' | 'invalid'; readonly message: string };

/** What to say about a format version newer than this build reads. */
export function newerVersionMessage(version: number, what = 'format'): string {
  return `made by a newer Timescope (${what} v${version}); this one reads up to v${PAYLOAD_VERSION}. Update Timescope to open it.`;
}

/** Validate decoded JSON as an incident payload. Never throws. */
export function checkPayload(value: unknown): PayloadCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, kind: 'invalid', message: `expected an incident object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}` };
  }
  const v = (value as { v?: unknown }).v;
  if (typeof v === 'number' && Number.isInteger(v) && v > PAYLOAD_VERSION) return { ok: false, kind: 'unknown-version', message: newerVersionMessage(v) };
  const parsed = payloadSchema.safeParse(value);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, kind: 'invalid', message: describeIssues(parsed.error) };
}

/** The flow's files to replay: the originals, or with the person's edits applied. */
export function payloadSources(payload: IncidentPayload, edited: boolean): { name: string; text: string }[] {
  const sources = payload.sources ?? [];
  if (!edited) return sources.map((s) => ({ ...s }));
  return sources.map((s) => ({ name: s.name, text: payload.edits?.[s.name] ?? s.text }));
}
