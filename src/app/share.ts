// What leaves the browser when the person shares: the incident as one payload
// (trace, optionally the flow source and its edits, the step, the notes and
// the replay context), redacted first unless they turn that off. The
// pseudonym secret is made per incident and kept in memory only, so the same
// value keeps the same token across shares in this tab and never travels.
import type { TraceModel } from '../core/trace/model';
import { toRawTrace } from '../core/trace/raw';
import { traceIdentity } from '../core/trace/identity';
import type { IncidentPayload } from '../core/share/payload';
import { createPseudonymizer, DEFAULT_RULES, generateSecret, redactText, redactTrace, ruleIds, type Pseudonymize, type RedactionReport } from '../core/redact';
import { useSourceStore } from '../stores/sourceStore';
import { useReplayStore } from '../stores/replayStore';
import { useViewStore } from '../stores/viewStore';
import { useNotesStore } from '../stores/notesStore';
import type { IncidentNotes } from '../core/notes/notes';

export interface ShareChoice {
  readonly includeSource: boolean;
  readonly redact: boolean;
}

export interface Shared {
  readonly payload: IncidentPayload;
  /** what redaction changed, when it ran */
  readonly report: RedactionReport | undefined;
}

const pseudonymizers = new Map<string, Pseudonymize>();

function pseudonymizerFor(traceId: string): Pseudonymize {
  let p = pseudonymizers.get(traceId);
  if (!p) {
    p = createPseudonymizer(generateSecret());
    pseudonymizers.set(traceId, p);
  }
  return p;
}

async function redactNotes(notes: IncidentNotes, p: Pseudonymize): Promise<IncidentNotes> {
  const text = async (t: string | undefined) => (t === undefined ? undefined : (await redactText(t, DEFAULT_RULES, p)).text);
  const steps: Record<string, { text?: string; starred?: boolean }> = {};
  for (const [k, n] of Object.entries(notes.steps ?? {})) {
    const t = await text(n.text);
    steps[k] = { ...(t !== undefined ? { text: t } : {}), ...(n.starred ? { starred: true } : {}) };
  }
  const title = await text(notes.title);
  const summary = await text(notes.summary);
  return { ...(title !== undefined ? { title } : {}), ...(summary !== undefined ? { summary } : {}), ...(notes.steps ? { steps } : {}) };
}

export async function buildShared(model: TraceModel, choice: ShareChoice): Promise<Shared> {
  const raw = toRawTrace(model) as IncidentPayload['trace'];
  const { files } = useSourceStore.getState();
  const { edits, contextText, exportName } = useReplayStore.getState();
  const notes = useNotesStore.getState().notes;
  const step = useViewStore.getState().selected;
  let trace = raw;
  let sharedNotes = notes;
  let report: RedactionReport | undefined;
  if (choice.redact) {
    const p = pseudonymizerFor(traceIdentity(model));
    const redacted = await redactTrace(raw, DEFAULT_RULES, p);
    trace = redacted.trace as IncidentPayload['trace'];
    report = redacted.report;
    sharedNotes = await redactNotes(notes, p);
  }
  const sources = choice.includeSource && files.length ? files.map((f) => ({ name: f.name, text: f.text })) : undefined;
  const sharedEdits = sources && Object.keys(edits).length ? { ...edits } : undefined;
  const payload: IncidentPayload = {
    v: 1,
    trace,
    ...(sources ? { sources } : {}),
    ...(sharedEdits ? { edits: sharedEdits } : {}),
    step,
    ...(Object.keys(sharedNotes).length ? { notes: sharedNotes } : {}),
    ...(contextText !== undefined ? { context: contextText } : {}),
    ...(exportName ? { exportName } : {}),
    redaction: { applied: choice.redact, rules: choice.redact ? ruleIds(DEFAULT_RULES) : [] }
  };
  return { payload, report };
}
