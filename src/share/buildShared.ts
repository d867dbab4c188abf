// What leaves the browser when the person shares: the incident as one payload
// (trace, optionally the flow source and its edits, the step, the notes and
// the replay context), redacted first unless they turn that off, with the
// rules the person set (stores/redactionStore). The pseudonym secret is made
// per incident and kept in this browser (persist/secretDb), so the same value
// keeps the same token across shares and reloads, and never travels.
import { fullModel } from '../worker/engineClient';
import type { TraceModel } from '../core/trace/model';
import { toRawTrace } from '../core/trace/raw';
import { recordingShape, traceIdentity } from '../core/trace/identity';
import type { IncidentPayload } from '../core/share/payload';
import { createPseudonymizer, redactText, redactTrace, ruleIds, type Pseudonymize, type RedactionReport, type RedactionRules } from '../core/redact';
import { encodeLink } from '../core/share/link';
import { stepRefOf } from '../core/share/stepRef';
import { appBase, linkAt } from '../core/share/appAddress';
import { useSettingsStore } from '../stores/settingsStore';
import { rulesFor, standInsFor, useRedactionStore } from '../stores/redactionStore';
import { withStandIns } from '../core/redact/standIn';
import { secretFor } from '../persist/secretDb';
import { useSourceStore } from '../stores/sourceStore';
import { useReplayStore } from '../stores/replayStore';
import { useViewStore } from '../stores/viewStore';
import { useNotesStore } from '../stores/notesStore';
import { useWhatIfStore } from '../stores/whatIfStore';
import { redactOverrides } from './redactOverrides';
import { redactFacts } from './redactFacts';
import { factsOf } from '../core/share/facts';
import type { IncidentNotes } from '../core/notes/notes';
import { useCompareStore } from '../stores/compareStore';
import { useLogpointStore } from '../stores/logpointStore';
import { sharedLogpointsOf } from '../core/share/logpoints';
import { redactPins, withPinsReport } from './redactPins';

export interface ShareChoice {
  readonly includeSource: boolean;
  readonly redact: boolean;
  /** the logpoints and pinned hits go too (off unless the person chooses it) */
  readonly includeLogpoints?: boolean;
  /** the step the link opens at; the selected one when absent */
  readonly step?: number;
}

export interface Shared {
  readonly payload: IncidentPayload;
  /** what redaction changed, when it ran */
  readonly report: RedactionReport | undefined;
}

// Keyed by the secret's promise, so Forget (which drops the secret) also drops its pseudonymizer.
const pseudonymizers = new WeakMap<Promise<Uint8Array<ArrayBuffer>>, Promise<Pseudonymize>>();

/** One pseudonymizer per incident, so a value keeps its token (and its widened prefix) across shares. */
function tokensFor(traceId: string): Promise<Pseudonymize> {
  const secret = secretFor(traceId);
  let p = pseudonymizers.get(secret);
  if (!p) {
    p = secret.then((bytes) => createPseudonymizer(bytes));
    // a failure (no WebCrypto) is said each time, not kept
    p.catch(() => pseudonymizers.delete(secret));
    pseudonymizers.set(secret, p);
  }
  return p;
}

/**
 * How this incident's values are replaced: its keyed tokens, with the format-preserving stand-ins the
 * person chose for some token types (the Share dialog's repro fix). Exported for that check.
 */
export async function pseudonymizerFor(traceId: string): Promise<Pseudonymize> {
  const tokens = await tokensFor(traceId);
  const types = standInsFor(useRedactionStore.getState(), traceId);
  return Object.keys(types).length ? withStandIns(tokens, { types }) : tokens;
}

async function redactNotes(notes: IncidentNotes, rules: RedactionRules, p: Pseudonymize): Promise<IncidentNotes> {
  const text = async (t: string | undefined) => (t === undefined ? undefined : (await redactText(t, rules, p)).text);
  const steps: Record<string, { text?: string; starred?: boolean }> = {};
  for (const [k, n] of Object.entries(notes.steps ?? {})) {
    const t = await text(n.text);
    steps[k] = { ...(t !== undefined ? { text: t } : {}), ...(n.starred ? { starred: true } : {}) };
  }
  const [title, summary, impact] = [await text(notes.title), await text(notes.summary), await text(notes.impact)];
  const actionItems = notes.actionItems ? await Promise.all(notes.actionItems.map(async (a) => (await text(a)) ?? '')) : undefined;
  return {
    ...(title !== undefined ? { title } : {}),
    ...(summary !== undefined ? { summary } : {}),
    ...(impact !== undefined ? { impact } : {}),
    ...(actionItems ? { actionItems } : {}),
    ...(notes.steps ? { steps } : {})
  };
}

/** One report for a compare link's two runs: counts added, run B's places named as such. */
function bothRuns(a: RedactionReport, b: RedactionReport): RedactionReport {
  const counts = new Map<string, number>();
  for (const f of [...a.fired, ...b.fired]) counts.set(f.rule, (counts.get(f.rule) ?? 0) + f.count);
  return {
    applied: a.applied,
    fired: a.applied.filter((rule) => counts.has(rule)).map((rule) => ({ rule, count: counts.get(rule)! })),
    replacements: a.replacements + b.replacements,
    changedPaths: [...a.changedPaths, ...b.changedPaths.map((path) => `run B ${path}`)],
    changedPathsTruncated: a.changedPathsTruncated || b.changedPathsTruncated
  };
}

export async function buildShared(model: TraceModel, choice: ShareChoice): Promise<Shared> {
  // While two runs are compared, the link carries both: A as the trace, B beside it.
  const compare = useCompareStore.getState();
  const comparison = compare.comparison;
  const both = comparison ? await compare.rawTraces() : undefined;
  const raw = (both ? both.a : toRawTrace(await fullModel(model))) as IncidentPayload['trace'];
  const rawB = both?.b as IncidentPayload['trace'] | undefined;
  const { files } = useSourceStore.getState();
  const { edits, contextText, exportName, baseline } = useReplayStore.getState();
  // The incident's facts travel with it, so the receiver sees the why without running anyone's code.
  let facts = baseline ? factsOf(baseline) : undefined;
  const notes = useNotesStore.getState().notes;
  const whatIf = useWhatIfStore.getState();
  // The what-ifs are part of the replay's inputs: the receiver replays the same question.
  let overrides = whatIf.traceId === traceIdentity(model) ? whatIf.overrides : [];
  const step = choice.step ?? useViewStore.getState().selected;
  const traceId = traceIdentity(model);
  const rules = rulesFor(traceId);
  let trace = raw;
  let traceB = rawB;
  let sharedNotes = notes;
  let report: RedactionReport | undefined;
  // The open trace's logpoints only: the store may still hold another's while a new one opens.
  const logpoints = useLogpointStore.getState();
  const withLogpoints = choice.includeLogpoints === true && logpoints.traceId === traceId && logpoints.points.length + logpoints.pinned.length > 0;
  let pinned = withLogpoints ? logpoints.pinned : [];
  if (choice.redact) {
    // One pseudonymizer for both runs, so a value both hold keeps one token and still compares equal.
    const p = await pseudonymizerFor(traceId);
    const redacted = await redactTrace(raw, rules, p);
    trace = redacted.trace as IncidentPayload['trace'];
    report = redacted.report;
    if (rawB) {
      const redactedB = await redactTrace(rawB, rules, p);
      traceB = redactedB.trace as IncidentPayload['trace'];
      report = bothRuns(redacted.report, redactedB.report);
    }
    sharedNotes = await redactNotes(notes, rules, p);
    if (facts) facts = await redactFacts(facts, raw, redacted.trace, rules, p);
    if (overrides.length) overrides = await redactOverrides(model, overrides, rules, p);
    // A pinned value is a value of the trace's, moved about by the flow: redacted as one, as text.
    if (pinned.length) {
      const before = pinned;
      pinned = await redactPins(pinned, raw, redacted.trace, rules, p);
      report = await withPinsReport(report, before, pinned, rules, p);
    }
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
    ...(overrides.length ? { overrides: [...overrides] } : {}),
    ...(facts && !comparison ? { facts } : {}),
    ...(withLogpoints ? { logpoints: sharedLogpointsOf(logpoints.points, pinned) } : {}),
    redaction: { applied: choice.redact, rules: choice.redact ? ruleIds(rules) : [] },
    ...(comparison && traceB ? { compare: { trace: traceB, labelA: comparison.a.label, labelB: comparison.b.label } } : {})
  };
  return { payload, report };
}

/** The app's address every link this app makes starts with: the public one (Settings) when set, else this page's. */
const appPage = () => appBase(useSettingsStore.getState().appUrl, window.location.href);

/**
 * The link that opens this payload: on the app's public address when one is set, else on this
 * page's; everything after `#`, nothing sent to a server.
 */
export const linkFor = (payload: IncidentPayload) => linkAt(appPage(), encodeLink(payload));

/** A post-mortem's short link to one step of this incident, opened once the incident is (core/share/stepRef.ts). */
export const stepRefFor = (model: TraceModel, stepIndex: number) => stepRefOf(appPage(), recordingShape(model), stepIndex);
