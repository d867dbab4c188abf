// `timescope replay <trace.json> <flow.ts|js> [more…]` or `timescope replay <incident.zip>`: the same
// core as the app's replay worker (replayFlowSource over src/core/effect and the replay engine), from a terminal.
//
// The person's flow code runs in this process. That is their own checkout, as with any test runner;
// the flow cannot do I/O through its imports anyway (they are stand-ins), only through globals.
//
// Only argument parsing, file reading and output formatting are imported up front. The engine
// (runFlow and sucrase, the runtime, replayTrace) is imported when a replay starts, so --help and
// usage errors answer without loading it; the CLI build keeps those imports as separate chunks.
import { traceFlowName } from '../core/source/choose';
import { startSandbox, type SandboxHandle, type SandboxOutcome } from '../sandbox/node/host';
import { MISSING_FLOW, parseCommandLine, USAGE } from './args';
import { EXPORT_TEST_USAGE } from './exportTestArgs';
import { MINIMIZE_USAGE } from './minimizeArgs';
import type { ReplayAllArgs } from './replayAllArgs';
import { InputError, peekZip } from './files';
import { loadInput } from './input';
import { withOverrides } from './overrides';
import { logsJson, logsText, refusalLine, resolveLogFiles } from './logpoints';
import { describeRejection, exitCodeOf, formatLocation, jsonSummary, narrationText, runProblem } from './output';
import { sandboxWorker } from './sandboxWorker';
import type { ReplayReport } from '../core/replay/report';
import type { AmbientRead } from '../core/source/ambient';
import { ambientFields, ambientText, cliWords } from './ambient';
import type { CliIo, Replayed, ReplayArgs } from './types';

export type { CliIo } from './types';

/** What the MCP server calls itself, with the tools' shapes it answers with. */
const MCP_VERSION = '1.0.0';

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd()
};

/** Runs one command line and returns the exit status (the caller sets process.exitCode, so output drains). */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (parsed.kind === 'help') {
    io.stdout(`${parsed.text}\n`);
    return 0;
  }
  if (parsed.kind === 'usage-error') {
    io.stderr(`timescope: ${parsed.message}\n\n${parsed.usage}\n`);
    return 2;
  }
  if (parsed.kind === 'replay-all') return runReplayAll(parsed.args, io);
  if (parsed.kind === 'mcp') {
    // Loaded only for this command (with the SDK), as the engine is. It answers on stdout, so it
    // serves until its client closes stdin.
    const { serveMcp } = await import('./mcp/server');
    await serveMcp(runCli, io.cwd, MCP_VERSION);
    return 0;
  }
  if (parsed.kind === 'explain') {
    try {
      // Loaded only for this command, as the engine is.
      const { explain } = await import('./explain');
      return await explain(parsed.args, io);
    } catch (e) {
      return failedWith(e, io);
    }
  }
  if (parsed.kind === 'share') {
    try {
      // Loaded only for this command, as the engine is.
      const { share } = await import('./share');
      return await share(parsed.args, io);
    } catch (e) {
      return failedWith(e, io);
    }
  }
  if (parsed.kind === 'minimize') {
    if (parsed.args.sources.length === 0 && peekZip(io.cwd, parsed.args.trace) === 'not-zip') {
      io.stderr(`timescope: ${MISSING_FLOW}\n\n${MINIMIZE_USAGE}\n`);
      return 2;
    }
    try {
      // Loaded only for this command, as the engine is.
      const { minimize } = await import('./minimize');
      return await minimize(parsed.args, io);
    } catch (e) {
      return failedWith(e, io);
    }
  }
  // A capsule holds its flow's files; a JSON trace alone cannot be replayed.
  if (parsed.args.sources.length === 0 && peekZip(io.cwd, parsed.args.trace) === 'not-zip') {
    io.stderr(`timescope: ${MISSING_FLOW}\n\n${parsed.kind === 'export-test' ? EXPORT_TEST_USAGE : USAGE}\n`);
    return 2;
  }
  try {
    if (parsed.kind === 'export-test') {
      // Loaded only for this command, as the engine is.
      const { exportTest } = await import('./exportTest');
      return await exportTest(parsed.args, io, (args) => replayReport(args, io, true));
    }
    return await replay(parsed.args, io);
  } catch (e) {
    return failedWith(e, io);
  }
}

/** Exit 2 for what went wrong: bad input in its own words, anything else as an unexpected error with its stack. */
function failedWith(e: unknown, io: CliIo): number {
  io.stderr(e instanceof InputError ? `timescope: ${e.message}\n` : `timescope: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  return 2;
}

/** replay-all, loaded only for that command (with the engine it needs); bad input is exit 2, as for replay. */
async function runReplayAll(args: ReplayAllArgs, io: CliIo): Promise<number> {
  try {
    const { replayAll } = await import('./replayAll');
    return await replayAll(args, io);
  } catch (e) {
    return failedWith(e, io);
  }
}

/** The replay, in a fresh sandbox; when there is no report, says why on stderr and gives the exit status. */
export async function replayReport(args: ReplayArgs, io: CliIo, steps: boolean): Promise<Replayed | number> {
  // Started first: the worker locks its realm while this thread reads the files.
  const worker = sandboxWorker();
  const sandbox = startSandbox(worker.file, { timeoutMs: args.timeoutMs, maxMemoryMb: args.maxMemoryMb }, worker.execArgv);
  try {
    return await replayIn(sandbox, args, io, steps);
  } finally {
    sandbox.dispose();
  }
}

async function replay(args: ReplayArgs, io: CliIo): Promise<number> {
  const done = await replayReport(args, io, false);
  if (typeof done === 'number') return done;
  const { input, run, shown, overrides } = done;
  const { report } = run;
  const whatIf = overrides.length ? { whatIf: { changed: overrides.length, overrides } } : {};
  // Loaded only when production's facts are here, as the engine is.
  const told = done.incident?.result?.type === 'Failure' ? await import('./incident') : undefined;
  const production = told && done.incident ? told.incidentFacts(input.trace, done.incident, report) : undefined;
  const incident = production ? { incident: production } : {};
  const shownRecorded = recordedNames(args, input, shown);
  const { replayVerdict } = await import('../core/verdict/replayVerdict');
  const { refusalMessage } = await import('../core/verdict/refusal');
  // Against the recording as it was: a what-if's answers are not production's.
  const verdict = replayVerdict(done.recordedTrace, report, done.incident, { flow: shown, recorded: shownRecorded }, overrides.length);
  // A logpoint the replay could not run changes nothing else: it is said on stderr, and the replay stands.
  for (const p of report.logs?.placements ?? []) if (!p.placed) io.stderr(`timescope: ${refusalLine(p, input.files)}\n`);
  const logs = report.logs ? { logs: logsJson(report.logs, report.steps) } : {};
  // Only a flow that read the clock or randomness, or a replay given --clock or --seed, adds the ambient fields.
  const ambient = ambientFields(run.ambient, cliWords(args.ambient, shown), args.ambient);
  if (args.json) io.stdout(`${JSON.stringify({ ...jsonSummary(report, input.trace, verdict, shown, run.refused, shownRecorded), ...whatIf, ...incident, ...logs, ...ambient }, null, 2)}\n`);
  // The library's narration byte for byte, then what Timescope adds (production's facts, the
  // logpoints' hits), the verdict last.
  // A replay timeTravel refused before its first line (a malformed trace) has no verdict: stderr says why.
  else if (report.status !== 'rejected' || report.narration.length > 0) {
    const hits = report.logs ? logsText(report.logs, report.steps, shown) : '';
    io.stdout(`${narrationText(report)}${told && production ? told.incidentText(production) : ''}\n${hits ? `${hits}\n` : ''}Verdict: ${verdict.sentence}\n`);
  }
  if (report.status === 'rejected' && verdict.verdict === 'refused') {
    // The library's refusal, not the flow's code: none of it ran, and the advice is this CLI's own option.
    io.stderr(`timescope: the library refused to replay this recording: ${refusalMessage(report.rejection?.text.message ?? '', verdict.refusal?.field, 'cli')}\n`);
  } else if (report.status === 'rejected') {
    const where = formatLocation(report.rejection?.location, shown);
    io.stderr(`timescope: the replay stopped with ${describeRejection(report)}${where ? `\n    at ${where}` : ''}\n`);
  }
  return exitCodeOf(report);
}

/** How to name a file of the recorded code: a --baseline file is loaded under the flow's name (so that its imports resolve alike), and named as given. */
function recordedNames(args: ReplayArgs, input: Replayed['input'], shown: (file: string) => string): (file: string) => string {
  const baselineEntry = input.incident && 'files' in input.incident ? input.incident.entry : undefined;
  return (file) => (args.baseline !== undefined && file === baselineEntry ? args.baseline : shown(file));
}

/** Production's facts, and where the recorded code's pure code read the clock or randomness for them. */
interface IncidentRun {
  readonly report: ReplayReport;
  readonly ambient?: readonly AmbientRead[];
}

/**
 * Production's facts: the recorded code replayed in a sandbox of its own (each runs one replay),
 * beside the flow's, or the facts a capsule carries; undefined when that replay gave no report.
 * `recorded` is the input as loaded, before any what-if: production's answers, not the ones tried.
 * Without --baseline the files given are production's code; replayed with another context or other
 * answers, they are replayed once more as recorded, for production's outcome to judge against.
 */
async function incidentReport(args: ReplayArgs, input: Replayed['input'], recorded: Replayed['input'], whatIf: boolean): Promise<IncidentRun | undefined> {
  const changed = (input.context !== undefined && !sameJson(input.context, (recorded.trace as { context?: unknown } | null)?.context)) || whatIf;
  const from = input.incident ?? (changed ? { files: input.files, ...(input.entry !== undefined ? { entry: input.entry } : {}) } : undefined);
  if (!from) return undefined;
  if ('facts' in from) return { report: (await import('../core/share/facts')).reportOfFacts(from.facts) };
  const worker = sandboxWorker();
  const sandbox = startSandbox(worker.file, { timeoutMs: args.timeoutMs, maxMemoryMb: args.maxMemoryMb }, worker.execArgv);
  try {
    return await replayRecorded(sandbox, from, recorded, args);
  } finally {
    sandbox.dispose();
  }
}

/** Production's code with production's trace and context: only that replay proves production's outcome. */
async function replayRecorded(sandbox: SandboxHandle, from: { readonly files: Replayed['input']['files']; readonly entry?: string }, input: Replayed['input'], args: ReplayArgs): Promise<IncidentRun | undefined> {
  const outcome = await sandbox.run({
    files: from.files,
    ...(from.entry !== undefined ? { entry: from.entry } : {}),
    traceText: input.traceText,
    ...(input.exportName !== undefined ? { exportName: input.exportName } : {}),
    // The recorded context, never --context: unless the recorder left it out (spec §6.2), when the one given is all there is.
    ...(input.context !== undefined && contextUnrecorded(input.trace) ? { context: input.context } : {}),
    // The same clock and seed as the flow's replay: production's facts and the change's must not differ by the day they ran.
    ...(args.ambient ? { ambient: args.ambient } : {}),
    steps: true
  });
  if (outcome.kind !== 'result' || outcome.result.kind !== 'report') return undefined;
  return { report: outcome.result.report, ...(outcome.result.ambient ? { ambient: outcome.result.ambient } : {}) };
}

async function replayIn(sandbox: SandboxHandle, args: ReplayArgs, io: CliIo, steps: boolean): Promise<Replayed | number> {
  const loaded = await loadInput(io.cwd, args);
  const { input, overrides } = await withOverrides(io.cwd, args, loaded);
  const { traceText, trace, files, display, entry, context, exportName, notices } = input;
  const shown = (file: string) => display.get(file) ?? file;
  for (const notice of notices) io.stderr(`timescope: ${notice}\n`);
  const incidentRun = incidentReport(args, input, loaded, overrides.length > 0);

  // --log: placed and run in the sandbox's replay with the rest of the flow's code (core/logpoints).
  const logpoints = args.logpoints?.length ? resolveLogFiles(args.logpoints, files, display, io.cwd) : undefined;
  const request = {
    files,
    ...(entry !== undefined ? { entry } : {}),
    traceText,
    ...(exportName !== undefined ? { exportName } : {}),
    ...(context !== undefined ? { context } : {}),
    ...(args.build !== undefined ? { version: args.build } : {}),
    ...(logpoints ? { logpoints } : {}),
    ...(args.ambient ? { ambient: args.ambient } : {})
  };
  // replay prints the narration or the --json summary, never the per-step record the app's
  // step list and Pipeline tab show, so it skips building one (a large part of a long replay).
  // export-test reads the last step's value from it, to choose what to assert; production's
  // facts are set beside this replay's steps; a logpoint's hits are given to the steps.
  const withSteps = steps || input.incident !== undefined || logpoints !== undefined;
  const outcome = await sandbox.run({ ...request, steps: withSteps });
  if (outcome.kind !== 'result') {
    io.stderr(`timescope: ${sandboxProblem(outcome, args)}\n`);
    return 2;
  }
  let run = outcome.result;
  if (run.kind !== 'report') {
    io.stderr(`timescope: ${runProblem(run, shown, traceFlowName(trace))}\n`);
    return 2;
  }
  // A replay that parts from the recording is run once more with its steps, in a sandbox of its
  // own, for the line of the flow that asked what the recording does not hold (the verdict's
  // divergence). Only a diverging replay pays for it.
  if (!withSteps && run.report.fault) run = (await replayWithSteps(args, request)) ?? run;
  const incidentRan = await incidentRun;
  const incident = incidentRan?.report;

  // Attempts the sandbox refused though the flow went on (it caught the error, or never awaited it).
  for (const r of run.refused ?? []) {
    const where = formatLocation(r.location, shown);
    io.stderr(`timescope: the sandbox refused: ${r.message}${r.times > 1 ? ` (${r.times} times)` : ''}${where ? `\n    at ${where}` : ''}\n`);
  }
  // Where pure code read the clock or randomness: today's values, unless --clock and --seed fixed them.
  const said = ambientText(run.ambient ?? [], cliWords(args.ambient, shown), incidentRan?.ambient, cliWords(args.ambient, recordedNames(args, input, shown)));
  if (said) io.stderr(said);
  return { input, recordedTrace: loaded.trace, overrides, run, shown, ...(incident ? { incident } : {}) };
}

async function replayWithSteps(args: ReplayArgs, request: Parameters<SandboxHandle['run']>[0]): Promise<Replayed['run'] | undefined> {
  const worker = sandboxWorker();
  const sandbox = startSandbox(worker.file, { timeoutMs: args.timeoutMs, maxMemoryMb: args.maxMemoryMb }, worker.execArgv);
  try {
    const outcome = await sandbox.run({ ...request, steps: true });
    return outcome.kind === 'result' && outcome.result.kind === 'report' ? outcome.result : undefined;
  } finally {
    sandbox.dispose();
  }
}

function sandboxProblem(outcome: Exclude<SandboxOutcome, { kind: 'result' }>, args: ReplayArgs): string {
  switch (outcome.kind) {
    case 'timeout':
      return (
        `the flow's code did not finish within ${args.timeoutMs / 1000} s, so it was stopped. ` +
        'It may loop forever: check loops and recursion in pure steps, or allow more time with --timeout SECONDS.'
      );
    case 'memory':
      return (
        `the flow's code used more than the ${outcome.maxMemoryMb} MB of memory it may have, so it was stopped. ` +
        'It may allocate without bound; check loops that collect values, or allow more with --max-memory MB.'
      );
    case 'crashed':
      return `the replay's sandbox stopped unexpectedly: ${outcome.message}`;
  }
}

function contextUnrecorded(trace: unknown): boolean {
  const unrecorded = (trace as { unrecorded?: { context?: unknown } } | null)?.unrecorded;
  return typeof unrecorded === 'object' && unrecorded !== null && Boolean(unrecorded.context);
}

/** A --context that is the recorded one changes nothing (JSON from two files, so key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : typeof v === 'object' && v !== null ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
