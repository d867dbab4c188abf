// What each MCP tool does, on the CLI's own commands: a tool runs `explain`, `replay`, `replay-all`
// or `export-test` in this process with its output captured (--json where there is one), so an
// agent gets exactly what a person at a terminal gets, from the same engine and the same sandbox
// (a fresh worker per replay). Listing steps uses the app's filter; a share link, its redaction.
import { inSurface, refusalAdvice } from '../../core/verdict/refusal';
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { corpusOfSteps } from '../../core/filter/corpus';
import { matchAll } from '../../core/filter/match';
import { isEmptyQuery, parseQuery, queryProblem } from '../../core/filter/query';
import { IS_DIVERGED, IS_UNREACHED } from '../../core/filter/status';
import { narrateRecording, narrationText } from '../../core/narration/recorded';
import { statusText } from '../../core/present/step-text';
import { createPseudonymizer, DEFAULT_RULES, redactTrace, ruleIds, type Pseudonymize } from '../../core/redact';
import { withStandIns, type StandInKind } from '../../core/redact/standIn';
import { encodeLink } from '../../core/share/link';
import type { IncidentPayload } from '../../core/share/payload';
import { buildModel } from '../../core/trace/build';
import type { RecordedModel } from '../../core/trace/model';
import { checkTrace, parseJson, readBytes } from '../files';
import { loadInput } from '../input';
import type { ShownHit } from '../logpoints';
import type { LogPlacement } from '../../core/logpoints/types';
import type { CliIo } from '../types';
import { ToolError, type Incident } from './incidents';
import { corpusAmbient, replayWarning, type AmbientAsk } from './ambient';
import type { AmbientJson } from '../../core/source/ambientReport';
import type { AmbientPlace } from '../../core/batch/row';

export type RunCli = (argv: readonly string[], io: CliIo) => Promise<number>;

export interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one of the CLI's commands with its output kept. */
export async function capture(run: RunCli, argv: readonly string[], cwd: string): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd });
  return { code, stdout, stderr };
}

/** The command's JSON, or its own words on stderr as the tool's error. */
export function jsonOf(out: Captured): Record<string, unknown> {
  if (out.stdout.trim() === '') throw new ToolError(out.stderr.replace(/^timescope: /gm, '').trim() || `the command ended with exit status ${out.code} and said nothing`);
  return JSON.parse(out.stdout) as Record<string, unknown>;
}

const keyArgs = (i: Incident) => (i.key !== undefined ? ['--key', i.key] : []);

/** The trace of an incident, and the files it holds or was opened with, without running anything. */
export async function readIncident(i: Incident, cwd: string): Promise<{ trace: unknown; sources: { name: string; text: string }[] }> {
  const bytes = readBytes(cwd, i.file, 'trace file');
  const text = bytes.toString('utf8');
  const opened = i.flowFiles.map((f) => ({ name: f.split(/[\\/]/).pop()!, text: readFileSync(f, 'utf8') }));
  if (text.trimStart().startsWith('{') || text.trimStart().startsWith('[')) {
    const trace = parseJson(text, i.file, 'trace file');
    checkTrace(trace, i.file);
    return { trace, sources: opened };
  }
  const input = await loadInput(cwd, { trace: i.file, sources: [], json: false, timeoutMs: 5000, maxMemoryMb: 1024, sourcesOptional: true, ...(i.key ? { key: i.key } : {}) });
  return { trace: input.trace, sources: opened.length ? opened : input.files.map((f) => ({ name: f.name, text: f.text })) };
}

export async function explainIncident(run: RunCli, i: Incident, cwd: string, step?: number): Promise<Record<string, unknown>> {
  const argv = ['explain', i.file, ...i.flowFiles, ...keyArgs(i), '--json', ...(step !== undefined ? ['--step', String(step)] : [])];
  return jsonOf(await capture(run, argv, cwd));
}

export interface StepRow {
  readonly step: number;
  readonly command: string;
  readonly path: string | null;
  readonly status: string;
}

/** Steps the app's filter matches (cmd:, path:, is:threw, words…), a page at a time. */
export async function listSteps(i: Incident, cwd: string, filter: string, offset: number, limit: number): Promise<{ total: number; matched: number; offset: number; steps: StepRow[] }> {
  const { trace } = await readIncident(i, cwd);
  const model: RecordedModel = buildModel(trace);
  const query = parseQuery(filter);
  const problem = queryProblem(query);
  if (problem) throw new ToolError(`the filter ${JSON.stringify(filter)} is not one the app reads: ${problem}`);
  const bits = new Uint8Array(model.steps.length);
  for (const u of i.lastReplay?.unreached ?? []) if (u < bits.length) bits[u] = IS_UNREACHED;
  if (i.lastReplay?.diverged !== undefined && i.lastReplay.diverged < bits.length) bits[i.lastReplay.diverged]! |= IS_DIVERGED;
  const matched = isEmptyQuery(query) ? Int32Array.from(model.steps, (_, n) => n) : matchAll(query, corpusOfSteps(model.steps), bits);
  const steps = Array.from(matched.subarray(offset, offset + limit), (index) => {
    const s = model.steps[index]!;
    return { step: index + 1, command: s.command, path: s.path ?? null, status: statusText(s) };
  });
  return { total: model.steps.length, matched: matched.length, offset, steps };
}

/** The replay's narration with the flow, else the recording's own (what the app's drawer shows before a replay). */
export async function narrate(run: RunCli, i: Incident, cwd: string): Promise<string> {
  if (i.flowFiles.length > 0 || (await readIncident(i, cwd)).sources.length > 0) {
    const out = await capture(run, ['replay', i.file, ...i.flowFiles, ...keyArgs(i)], cwd);
    if (out.stdout === '') throw new ToolError(out.stderr.replace(/^timescope: /gm, '').trim());
    return out.stdout;
  }
  const { trace } = await readIncident(i, cwd);
  return `${narrationText(narrateRecording(buildModel(trace)))}\n(From the recording alone: open the incident with the flow's files for the replay's own narration.)\n`;
}

export interface ReplayAsk {
  readonly flowFiles: readonly string[];
  readonly overridesFile?: string;
  readonly contextFile?: string;
  /** the recorded code, when the flow given is a change to it */
  readonly baseline?: string;
  /** --timeout / --max-memory, --clock / --seed, as given */
  readonly limits?: readonly string[];
  /** --log specs, file:line=expr */
  readonly logs?: readonly string[];
}

export async function replay(run: RunCli, i: Incident, cwd: string, ask: ReplayAsk): Promise<Record<string, unknown>> {
  const argv = [
    'replay',
    i.file,
    ...ask.flowFiles,
    ...keyArgs(i),
    '--json',
    ...(ask.overridesFile ? ['--override-file', ask.overridesFile] : []),
    ...(ask.contextFile ? ['--context', ask.contextFile] : []),
    ...(ask.baseline ? ['--baseline', ask.baseline] : []),
    ...(ask.limits ?? []),
    // joined, so that an expression that starts with '-' is not read as an option
    ...(ask.logs ?? []).map((l) => `--log=${l}`)
  ];
  const json = jsonOf(await capture(run, argv, cwd));
  // By index, as the CLI gives them: entries parsed twice are never the same objects.
  const unreached = Array.isArray(json.unreachedIndices) ? json.unreachedIndices.filter((n): n is number => Number.isInteger(n)) : [];
  const result = json.result as { error?: { index?: unknown } } | null;
  const diverged = json.verdict === 'diverged' && typeof result?.error?.index === 'number' ? result.error.index : undefined;
  i.lastReplay = { unreached, ...(diverged !== undefined ? { diverged } : {}) };
  // Where pure code read today's clock or randomness, said in the answer: an agent reads no stderr.
  const warning = replayWarning(json.ambient as AmbientJson[] | undefined);
  const answer = { ...json, ...(warning ? { ambientWarning: warning } : {}) };
  return json.verdict === 'refused' ? mcpRefusal(answer) : answer;
}

/** A refusal's advice in this server's words: the tool's `context` argument, not the CLI's --context. */
function mcpRefusal(json: Record<string, unknown>): Record<string, unknown> {
  const refusal = json.refusal as { field?: string } | undefined;
  const field = typeof refusal?.field === 'string' ? refusal.field : undefined;
  return {
    ...json,
    ...(typeof json.verdictText === 'string' ? { verdictText: inSurface(json.verdictText, field, 'cli', 'mcp') } : {}),
    ...(refusal ? { refusal: { ...refusal, advice: refusalAdvice(field, 'mcp') } } : {})
  };
}

export async function replayCorpus(run: RunCli, cwd: string, corpus: readonly string[], flowFiles: readonly string[], baseline: string | undefined, ambient: AmbientAsk = { flags: [] }): Promise<Record<string, unknown>> {
  const out = await capture(run, ['replay-all', ...corpus, ...flowFiles, '--json', ...(baseline ? ['--baseline', baseline] : []), ...ambient.flags], cwd);
  const rows = out.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { verdict: string; ambient?: AmbientPlace[] });
  if (rows.length === 0) throw new ToolError(out.stderr.replace(/^timescope: /gm, '').trim() || 'no trace was replayed');
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.verdict] = (counts[r.verdict] ?? 0) + 1;
  const failing = rows.filter((r) => r.verdict !== 'reproduced' && r.verdict !== 'fixed');
  return { traces: rows.length, counts, passing: rows.length - failing.length, failing: failing.slice(0, 200), failingListed: Math.min(failing.length, 200), ...corpusAmbient(rows, ambient) };
}

export async function exportTest(run: RunCli, i: Incident, cwd: string, flowFiles: readonly string[], out: string | undefined, vitest: boolean): Promise<{ text?: string; written?: string; note: string }> {
  const argv = ['export-test', i.file, ...flowFiles, ...keyArgs(i), ...(vitest ? ['--vitest'] : []), ...(out ? ['--out', out] : [])];
  const done = await capture(run, argv, cwd);
  if (done.code !== 0) throw new ToolError(done.stderr.replace(/^timescope: /gm, '').trim());
  return out ? { written: out, note: done.stderr.trim() } : { text: done.stdout, note: done.stderr.trim() };
}

/**
 * A link a person can open, with personal data replaced by the app's default rules (a fresh
 * pseudonym key per link: tokens match within it, and nothing here can reverse them).
 */
export async function shareLink(i: Incident, cwd: string, appUrl: string, includeSource: boolean, step: number | undefined, standIns?: Readonly<Record<string, StandInKind>>): Promise<Record<string, unknown>> {
  const { trace, sources } = await readIncident(i, cwd);
  const secret = new Uint8Array(32);
  webcrypto.getRandomValues(secret);
  const keyed = createPseudonymizer(secret);
  const pseudonymize = standIns && Object.keys(standIns).length ? withStandIns(keyed, { types: standIns }) : keyed;
  const redacted = await redactTrace(trace, DEFAULT_RULES, pseudonymize);
  // Before it leaves: does the redacted incident still fail the same way? (core/minimize/reproCheck.ts)
  const repro = await reproOf(trace, sources, pseudonymize);
  const payload: IncidentPayload = {
    v: 1,
    trace: redacted.trace as IncidentPayload['trace'],
    ...(includeSource && sources.length ? { sources } : {}),
    ...(step !== undefined ? { step: step - 1 } : {}),
    redaction: { applied: true, rules: ruleIds(DEFAULT_RULES) }
  };
  const page = new URL(appUrl);
  const link = `${page.origin}${page.pathname}${encodeLink(payload)}${step !== undefined ? `&step=${step}` : ''}`;
  const report = redacted.report;
  return {
    link,
    characters: link.length,
    redacted: { rules: report.applied, fired: report.fired, replacements: report.replacements, places: report.changedPaths.slice(0, 50) },
    sourceIncluded: includeSource && sources.length > 0,
    repro
  };
}

/**
 * The redaction checked against the repro: the incident and its redacted form replayed against the
 * flow's code in the sandbox. Without the flow's code there is nothing to replay, and it says so.
 */
async function reproOf(trace: unknown, sources: readonly { name: string; text: string }[], pseudonymize: Pseudonymize): Promise<Record<string, unknown>> {
  if (sources.length === 0) return { checked: false, text: "Not checked: the incident has no flow code to replay (open it with the flow's files)." };
  if (typeof trace !== 'object' || trace === null || Array.isArray(trace)) return { checked: false, text: 'Not checked: a bare array of entries has no input to replay.' };
  const { candidateReplayer } = await import('../candidateReplay');
  const { checkRedaction } = await import('../../core/minimize/reproCheck');
  const replayer = candidateReplayer({ files: sources.map((f) => ({ name: f.name, text: f.text })) }, { timeoutMs: 5_000, maxMemoryMb: 1_024 });
  try {
    const original = await replayer.replay(trace);
    if (!original) return { checked: false, text: 'Not checked: the incident itself did not replay in the sandbox.' };
    const { notMinimizable } = await import('../../core/minimize/minimize');
    const refused = notMinimizable(original);
    if (refused) return { checked: false, text: `Not checked: ${refused}.` };
    const check = await checkRedaction(trace as Record<string, unknown>, DEFAULT_RULES, pseudonymize, (t) => replayer.replay(t), original, sources, { parallel: replayer.parallel });
    return { checked: true, ...check };
  } finally {
    replayer.close();
  }
}

/** `timescope minimize --json` for an incident: the summary, with the minimized trace's and manifest's paths. */
export async function minimizeIncident(run: RunCli, i: Incident, cwd: string, out: string, budget: number | undefined): Promise<Record<string, unknown>> {
  const argv = ['minimize', i.file, ...i.flowFiles, ...keyArgs(i), '--json', '--out', out, ...(budget !== undefined ? ['--budget', String(budget)] : [])];
  return jsonOf(await capture(run, argv, cwd));
}

/** Hits an answer lists per logpoint unless asked for more: an agent reads them, and a loop's line may run 100,000 times. */
export const LOGPOINT_HITS = 100;

interface LoggedHit {
  readonly step?: number;
  readonly path?: string;
  readonly command?: string;
  readonly value?: unknown;
  /** the expression read undefined */
  readonly undefined?: true;
  /** how a value JSON cannot hold reads (NaN, -0, 10n), value then null */
  readonly text?: string;
  readonly error?: string;
}

/**
 * The replay with logpoints (`replay --json --log …`), answered per logpoint: where it went (or
 * why not), how many times its line ran, and a page of its hits, each with its step and value
 * or what reading it threw; with the replay's verdict, which the logpoints do not change.
 */
export async function logpoints(run: RunCli, i: Incident, cwd: string, ask: ReplayAsk & { readonly logs: readonly string[] }, offset: number, limit: number): Promise<Record<string, unknown>> {
  const json = await replay(run, i, cwd, ask);
  const logs = json.logs as { placements: LogPlacement[]; hits: (ShownHit & { id: string })[]; counts: Record<string, number>; dropped: number } | undefined;
  if (!logs) throw new ToolError('the replay answered without its logpoints');
  const per = logs.placements.map((p) => {
    const mine = logs.hits.filter((h) => h.id === p.id);
    const page = mine.slice(offset, offset + limit).map(
      (h): LoggedHit => ({
        ...(h.step !== undefined ? { step: h.step } : {}),
        ...(h.path !== undefined ? { path: h.path } : {}),
        ...(h.command !== undefined ? { command: h.command } : {}),
        // JSON has no undefined: said as a flag, so that it never reads as null.
        ...(!h.hasValue
          ? { error: h.error ?? 'no value' }
          : h.text === 'undefined'
            ? { undefined: true as const }
            : h.text !== undefined
            ? { value: h.value ?? null, text: h.text }
            : 'value' in h && h.value !== undefined
              ? { value: h.value }
              : { undefined: true })
      })
    );
    const where = p.placed ? { placed: true, timing: p.timing, ...(p.note ? { note: `This logpoint ${p.note}` } : {}) } : { placed: false, reason: `This logpoint ${p.reason}` };
    const more = mine.length - offset - page.length;
    return { logpoint: p.id, file: p.file, line: p.line, expr: p.expr, ...where, ran: logs.counts[p.id] ?? 0, hits: page, ...(more > 0 ? { more, nextOffset: offset + page.length } : {}) };
  });
  return {
    verdict: json.verdict,
    tier: json.tier,
    verdictText: json.verdictText,
    logpoints: per,
    ...(logs.dropped > 0 ? { notKept: logs.dropped } : {}),
    ...(json.ambient ? { ambient: json.ambient } : {}),
    ...(json.ambientWarning ? { ambientWarning: json.ambientWarning } : {})
  };
}
