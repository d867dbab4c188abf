// The first screen as data and as text, for `timescope explain` and agents: what failed, where in
// the code, and why (the value the failing step received and what produced it), then the steps
// worth a look (Retry tries, fallbacks, Parallel cancellations, other throws) and what the
// recorded code never reached. The facts come from the incident's replay (the recorded code
// against the recording) when there is one; without it, only what the recording alone shows.
import type { CodeLocation, ReplayReport } from '../replay/report';
import type { Lane, TraceModel, TraceStep } from '../trace/model';
import type { StepValue } from '../trace/values';
import { explainingStep } from './explains';
import { errorSummary, formatMs, preview, statusText } from './step-text';
import { shortError, whyOf } from './why';

export interface ExplainedStep {
  /** 1-based, as the app numbers steps */
  readonly step: number;
  readonly command: string;
  readonly path: string | undefined;
  /** "threw Error: …", "returned", "cancelled by branch 1 of 2" */
  readonly status: string;
  readonly threw: boolean;
  /** the recorded error (stored form) or result */
  readonly error?: unknown;
  readonly result?: unknown;
  readonly durationMs?: number;
  /** "try 2 of the Retry at 6", "branch 1 of the Parallel at 0p", "the fallback of the Retry at 6" */
  readonly where: readonly string[];
  /** where its Command was built, from the incident's replay */
  readonly location?: CodeLocation;
  /** where the Failure(…) its next returned was built */
  readonly failureLocation?: CodeLocation;
  /** from the incident's replay: what it received, what produced it, and what changed on the way */
  readonly received?: unknown;
  readonly hasReceived: boolean;
  readonly why?: string;
  readonly producedBy?: string;
  readonly changes?: readonly { readonly path: string; readonly kind: 'changed' | 'added' | 'removed'; readonly after?: unknown }[];
  /** a fallback's: the error that made the Retry give up */
  readonly lastError?: string;
}

export interface Explained {
  readonly flow: string | undefined;
  readonly build: string | undefined;
  readonly steps: number;
  readonly threw: number;
  /** Failure (proven by the recording or by the replay of the recorded code), Success, or not known */
  readonly outcome: { readonly type: 'Failure'; readonly error: string } | { readonly type: 'Success' } | { readonly type: 'unknown'; readonly reason: string };
  /** the step that explains the Failure */
  readonly explains?: ExplainedStep;
  /** Retry tries that threw, fallbacks, Parallel cancellations, other steps that threw */
  readonly notable: readonly { readonly step: number; readonly command: string; readonly path: string | undefined; readonly text: string }[];
  /** recorded Commands the recorded code's replay never reached, by name */
  readonly unreached: readonly string[];
  /** where the facts came from */
  readonly source: 'replay' | 'recording';
  readonly warnings: readonly string[];
}

function laneWords(lane: Lane): string {
  if (lane.kind === 'attempt') return `try ${lane.attempt + 1} of the Retry at ${lane.retryPath}`;
  if (lane.kind === 'fallback') return `the fallback of the Retry at ${lane.retryPath}`;
  return `branch ${lane.branch} of the Parallel at ${lane.parallelPath}`;
}

/** A trace's outline and its values on demand. */
export interface Recording {
  readonly model: TraceModel;
  valueAt(index: number): StepValue;
}

/** One step's details: recorded, and with the incident's replay, what it received and why. */
export function explainStep({ model, valueAt }: Recording, index: number, incident: ReplayReport | undefined): ExplainedStep | undefined {
  const outline: TraceStep | undefined = model.steps.at(index);
  if (!outline) return undefined;
  const s = { ...outline, ...valueAt(index) };
  const here = incident?.steps.find((r) => r.entryIndex === index);
  const why = incident && here ? whyOf(incident, index, (i) => (model.steps.at(i)?.kind === 'threw' ? valueAt(i).error : undefined)) : undefined;
  return {
    step: index + 1,
    command: s.command,
    path: s.path,
    status: statusText(s),
    threw: s.threw,
    ...(s.kind === 'threw' && s.hasValue ? { error: s.error } : {}),
    ...(s.kind !== 'threw' && s.hasValue ? { result: s.result } : {}),
    ...(s.durationMs !== undefined ? { durationMs: s.durationMs } : {}),
    where: s.lanes.map(laneWords),
    ...(here?.location ? { location: here.location } : {}),
    ...(here?.failureLocation ? { failureLocation: here.failureLocation } : {}),
    hasReceived: here?.hasBefore === true,
    ...(here?.hasBefore ? { received: here.before } : {}),
    ...(why ? { why: why.sentence, producedBy: why.from } : {}),
    ...(why ? { changes: why.changes.map((c) => ({ path: c.path, kind: c.kind, ...(c.kind !== 'removed' ? { after: c.after } : {}) })) } : {}),
    ...(why?.hasLastError ? { lastError: shortError(why.lastError) } : {})
  };
}

function notableOf(model: TraceModel, skip: number | undefined): Explained['notable'] {
  const out: { step: number; command: string; path: string | undefined; text: string }[] = [];
  const fallbacks = new Set<string>();
  let i = -1;
  for (const s of model.steps) {
    i += 1;
    if (i === skip) continue;
    const lane = s.lanes[s.lanes.length - 1];
    const item = (text: string) => out.push({ step: i + 1, command: s.command, path: s.path, text });
    if (s.kind === 'decision') {
      if (s.decision?.cancelled) item(`Parallel ${statusText(s)}`);
    } else if (lane?.kind === 'fallback' && !fallbacks.has(lane.retryPath)) {
      // A fallback's first step says it ran; its steps after are the fallback's own business.
      fallbacks.add(lane.retryPath);
      item(`the Retry at ${lane.retryPath} gave up and its fallback ran: ${s.command} ${statusText(s)}`);
    } else if (s.threw) item(`${lane ? `${laneWords(lane)}: ` : ''}${s.command} ${statusText(s)}`);
  }
  return out;
}

export function explainIncident(recording: Recording, incident: ReplayReport | undefined): Explained {
  const { model } = recording;
  const at = explainingStep(model, incident);
  const replayed = incident?.status === 'resolved' && incident.result && !incident.fault ? incident.result : undefined;
  const outcome: Explained['outcome'] = model.outcome.known
    ? { type: 'Failure', error: errorSummary(model.outcome.error) }
    : replayed
      ? replayed.type === 'Success'
        ? { type: 'Success' }
        : { type: 'Failure', error: errorSummary(replayed.error) }
      : { type: 'unknown', reason: model.outcome.reason };
  const explains = outcome.type === 'Failure' && at !== undefined ? explainStep(recording, at, incident) : undefined;
  return {
    flow: model.flowName,
    build: model.version,
    steps: model.recordedSteps,
    threw: model.errorSteps.length,
    outcome,
    ...(explains ? { explains } : {}),
    notable: notableOf(model, at),
    unreached: (incident?.unreached ?? []).map((i) => model.steps.at(i)?.command ?? `entry ${i}`),
    source: incident ? 'replay' : 'recording',
    // The build is in the heading already.
    warnings: model.warnings.filter((w) => w.kind !== 'version').map((w) => w.message)
  };
}

const clip = (text: string, n: number): string => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

type Name = (file: string) => string;

function at(l: CodeLocation | undefined, name: Name): string {
  return l ? `${name(l.file)}:${l.line}` : '';
}

/** A step's lines, indented under its heading. */
function stepLines(s: ExplainedStep, name: Name): string[] {
  const lines: string[] = [];
  const code = [at(s.location, name) && `built at ${at(s.location, name)}`, at(s.failureLocation, name) && `its Failure built at ${at(s.failureLocation, name)}`].filter(Boolean).join('; ');
  if (code) lines.push(`  ${code}`);
  if (s.where.length) lines.push(`  in ${s.where.join(', in ')}`);
  if (s.lastError) lines.push(`  last error: ${s.lastError}`);
  if (s.why) {
    const shown = (s.changes ?? []).filter((c) => c.kind !== 'removed').slice(0, 6);
    lines.push(`  ${s.why}${shown.length ? `: ${shown.map((c) => `${c.path}: ${clip(preview(c.after), 60)}`).join(', ')}` : ''}`);
  }
  if (s.hasReceived) lines.push(`  It received ${clip(preview(s.received), 240)}`);
  return lines;
}

export function explainText(e: Explained, name: Name = (f) => f): string {
  const head = [e.flow ?? 'unnamed flow', e.build ? `@ build ${e.build}` : '', `· ${e.steps} recorded step${e.steps === 1 ? '' : 's'}`, e.threw ? `· ${e.threw} threw` : ''].filter(Boolean).join(' ');
  const outcome = e.outcome.type === 'Failure' ? `✗ Failure: ${e.outcome.error}` : e.outcome.type === 'Success' ? '✓ Success' : `outcome not known: ${e.outcome.reason}`;
  const lines = [`${head} · ${outcome}`];
  const x = e.explains;
  if (x) {
    lines.push('', `What failed: Step ${x.step}: ${x.command}${x.path !== undefined ? ` (path ${x.path})` : ''} ${x.status}`);
    lines.push(...stepLines(x, name));
  }
  if (e.notable.length) {
    lines.push('', 'Also worth a look:');
    for (const n of e.notable.slice(0, 12)) lines.push(`  Step ${n.step}${n.path !== undefined ? ` (path ${n.path})` : ''}: ${n.text}`);
    if (e.notable.length > 12) lines.push(`  and ${e.notable.length - 12} more`);
  }
  if (e.unreached.length) lines.push('', `Never reached by the recorded code: ${e.unreached.join(', ')}`);
  for (const w of e.warnings) lines.push(`Note: ${w}`);
  lines.push(
    '',
    e.source === 'replay'
      ? 'What each step received comes from replaying the recorded code against the recording, in the sandbox.'
      : "From the recording alone: give the flow's source files for what the failing step received and what produced it."
  );
  return `${lines.join('\n')}\n`;
}

export function stepText(s: ExplainedStep, name: Name = (f) => f): string {
  const took = s.durationMs !== undefined ? ` in ${formatMs(s.durationMs)}` : '';
  const lines = [`Step ${s.step}: ${s.command}${s.path !== undefined ? ` (path ${s.path})` : ''} ${s.status}${took}`];
  if ('error' in s) lines.push(`  Threw: ${clip(preview(s.error), 480)}`);
  if ('result' in s) lines.push(`  Returned: ${clip(preview(s.result), 480)}`);
  lines.push(...stepLines(s, name));
  return `${lines.join('\n')}\n`;
}
