// From loaded source files and a trace to a replay report: compile, load, pick the flow function,
// replay. The replay worker and the CLI both call this, so they agree on every rule.
//
// This evaluates the person's code. That is fine only where network and storage are out of reach:
// the worker entry removes them before calling us; the CLI runs the person's own checkout.

import type { SourceFile } from './locate';
import type { CodeLocation, ReplayReport } from '../replay/report';
import type { ReplayTraceRequest } from '../replay/replayTrace';

export type { ReplayTraceRequest };
import { transpile, isCodeFile } from './transpile';
import { CompileFailure, createLoader, loadedScripts, locateInStack, type Evaluate } from './loader';
import { describeThrown } from '../values/describeThrown';
import { collectRefusals, type SandboxError } from './refusals';
import { chooseExport, entryOrder, exportNamed, traceFlowName, type ExportChoice } from './choose';
import type { LoadedFile } from './loader';
import type { Logpoint } from '../logpoints/types';
import { prepareLogpoints } from '../logpoints/prepare';
import { collectAmbient, summarizeAmbient, type AmbientRead, type AmbientSettings } from './ambient';

export interface FlowSourceRequest {
  readonly files: readonly SourceFile[];
  /** the entry file's name; by default the loaded file that exports a matching flow, preferring flow.* */
  readonly entry?: string;
  /** the export to replay; by default chosen from the trace's flowName (choose.ts) */
  readonly exportName?: string;
  readonly trace: unknown;
  /** replaces the recorded context (timeTravel's context option) */
  readonly context?: unknown;
  /** the build being replayed (timeTravel's version option) */
  readonly version?: string;
  /** false: the report keeps no per-step record (replayTrace's steps option) */
  readonly steps?: boolean;
  /** values to show at lines of the flow, every time they run (core/logpoints); they change nothing else */
  readonly logpoints?: readonly Logpoint[];
  /** a fixed clock and seed for what pure code reads of them (ambient.ts); the real ones by default */
  readonly ambient?: AmbientSettings;
  /** the narration made when first read (replayTrace's deferNarration): for a trace parsed for this replay alone */
  readonly deferNarration?: boolean;
}

export interface FlowSourceOptions {
  /** how module code is evaluated (the sandbox's Compartment); indirect eval by default */
  readonly evaluate?: Evaluate;
}

export type ReplayTraceFn = (req: ReplayTraceRequest) => Promise<ReplayReport>;

/** Something the flow's code reached for and the sandbox refused, even if the flow caught it or never awaited it. */
export interface Refusal {
  readonly message: string;
  readonly location?: CodeLocation;
  /** how many times the same refusal happened at the same place */
  readonly times: number;
}

export type RunResult =
  | {
      readonly kind: 'report';
      readonly report: ReplayReport;
      readonly exportName: string;
      readonly entry: string;
      readonly refused?: readonly Refusal[];
      /** each place pure code read the clock or drew randomness (ambient.ts) */
      readonly ambient?: readonly AmbientRead[];
    }
  | { readonly kind: 'compile-error'; readonly file: string; readonly line: number; readonly column: number; readonly message: string }
  | { readonly kind: 'choose-export'; readonly candidates: readonly string[]; readonly entry: string }
  | { readonly kind: 'no-flow'; readonly message: string }
  /** a throw while evaluating a module's top level (for example a stand-in used at import time) */
  | { readonly kind: 'load-error'; readonly message: string; readonly location?: CodeLocation };

type Attempt = { entry: string; choice: ExportChoice; exports: unknown } | { entry: string; error: unknown };

export async function replayFlowSource(req: FlowSourceRequest, runtime: unknown, replayTrace: ReplayTraceFn, options: FlowSourceOptions = {}): Promise<RunResult> {
  const refusals = collectRefusals();
  const ambient = collectAmbient(req.ambient);
  try {
    const result = await replayFlowSourceOnce(req, runtime, replayTrace, options);
    // The refusal that stopped the replay is its rejection already; the list is for the others.
    const stoppedBy = result.kind === 'report' ? result.report.rejection : undefined;
    const refused = summarize(refusals.stop(), req.files).filter((r) => !(stoppedBy && r.message === stoppedBy.text.message && sameLocation(r.location, stoppedBy.location)));
    const reads = summarizeAmbient(ambient.stop(), (stack) => locateInStack(stack, req.files));
    if (result.kind !== 'report') return result;
    return { ...result, ...(refused.length > 0 ? { refused } : {}), ...(reads.length > 0 ? { ambient: reads } : {}) };
  } finally {
    refusals.stop();
    ambient.stop();
  }
}

function sameLocation(a: CodeLocation | undefined, b: CodeLocation | undefined): boolean {
  return a?.file === b?.file && a?.line === b?.line && a?.column === b?.column;
}

function summarize(errors: readonly SandboxError[], files: readonly SourceFile[]): Refusal[] {
  const out = new Map<string, { message: string; location?: CodeLocation; times: number }>();
  for (const e of errors) {
    const location = locateThrown(e, files);
    const key = `${e.message}\u0000${location ? `${location.file}:${location.line}:${location.column}` : ''}`;
    const seen = out.get(key);
    if (seen) seen.times += 1;
    else out.set(key, { message: e.message, ...(location ? { location } : {}), times: 1 });
  }
  return [...out.values()];
}

async function replayFlowSourceOnce(req: FlowSourceRequest, runtime: unknown, replayTrace: ReplayTraceFn, options: FlowSourceOptions): Promise<RunResult> {
  const code = req.files.filter((f) => isCodeFile(f.name));
  // Every loaded file is the person's code, so a syntax error anywhere is worth reporting first.
  for (const file of code) {
    const compiled = transpile(file.name, file.text);
    if (compiled.kind === 'compile-error') {
      const { file: name, line, column, message } = compiled;
      return { kind: 'compile-error', file: name, line, column, message };
    }
  }
  if (req.entry !== undefined && !req.files.some((f) => f.name === req.entry)) {
    return { kind: 'no-flow', message: `There is no loaded file named '${req.entry}'.` };
  }
  if (code.length === 0 && req.entry === undefined) {
    return { kind: 'no-flow', message: 'No source file is loaded: load the file that exports the flow (.ts, .tsx, .js, .jsx or .mjs).' };
  }

  // Logpoints go into the text that is compiled; lines, columns and every rule stay the source's.
  const logging = prepareLogpoints(req.files, req.logpoints);
  const files: readonly LoadedFile[] = logging.files;
  const loader = createLoader(files, runtime, options.evaluate);
  const flowName = traceFlowName(req.trace);
  const candidates = req.entry !== undefined ? [req.entry] : entryOrder(code.map((f) => f.name));
  // Stop at the first strong match, so files the flow does not need are not evaluated for nothing.
  const attempts: Attempt[] = [];
  for (const entry of candidates) {
    try {
      const exports = loader.load(entry);
      const choice = chooseExport(exports, { flowName, exportName: req.exportName, file: entry });
      attempts.push({ entry, exports, choice });
      if (choice.kind === 'found' && (choice.how === 'explicit' || choice.how === 'flow-name')) break;
    } catch (error) {
      attempts.push({ entry, error });
    }
  }

  const picked = pick(attempts);
  if (picked.kind !== 'found') return picked.result;
  const flowFn = exportNamed(picked.exports, picked.name) as (input: unknown) => unknown;
  const report = await replayTrace({
    flowFn,
    trace: req.trace,
    ...(req.context !== undefined ? { context: req.context } : {}),
    ...(req.version !== undefined ? { version: req.version } : {}),
    ...(req.steps !== undefined ? { steps: req.steps } : {}),
    ...(req.deferNarration ? { deferNarration: true } : {}),
    ...(logging.ids.length > 0 ? { logIds: logging.ids } : {}),
    sitesMarked: allSitesMarked(files),
    locate: (stack) => locateInStack(stack, files),
    isSourceScript: loadedScripts(files)
  });
  const withLogs = logging.placements.length > 0 ? { ...report, logs: { ...(report.logs ?? { hits: [], counts: {}, dropped: 0 }), placements: logging.placements } } : report;
  return { kind: 'report', report: withLogs, exportName: picked.name, entry: picked.entry };

  function pick(all: Attempt[]): { kind: 'found'; entry: string; name: string; exports: unknown } | { kind: 'result'; result: RunResult } {
    const loaded = all.filter((a): a is Extract<Attempt, { choice: ExportChoice }> => 'choice' in a);
    // Strong matches (explicit or by flowName) win over weak ones, in entry order.
    for (const strength of [['explicit', 'flow-name'], ['only-flow'], ['only-function']]) {
      for (const a of loaded) {
        if (a.choice.kind === 'found' && strength.includes(a.choice.how)) {
          return { kind: 'found', entry: a.entry, name: a.choice.name, exports: a.exports };
        }
      }
    }
    const failed = all.find((a): a is Extract<Attempt, { error: unknown }> => 'error' in a);
    if (failed) return { kind: 'result', result: failure(failed.entry, failed.error) };
    const ambiguous = loaded.find((a) => a.choice.kind === 'ambiguous');
    if (ambiguous && ambiguous.choice.kind === 'ambiguous') {
      return { kind: 'result', result: { kind: 'choose-export', candidates: ambiguous.choice.candidates, entry: ambiguous.entry } };
    }
    const badName = loaded.find((a) => a.choice.kind === 'bad-name');
    if (badName && badName.choice.kind === 'bad-name') return { kind: 'result', result: { kind: 'no-flow', message: badName.choice.message } };
    const names = all.map((a) => `'${a.entry}'`).join(', ');
    return { kind: 'result', result: { kind: 'no-flow', message: `No exported function in ${names}: export the function that builds the flow from its input.` } };
  }

  function failure(entry: string, error: unknown): RunResult {
    if (isCompileFailure(error)) {
      const { file, line, column, message } = error.error;
      return { kind: 'compile-error', file, line, column, message };
    }
    // Whatever was thrown (a Symbol, a Proxy, a getter that throws), described without running more of it.
    const { name: thrownName, message: text } = describeThrown(error);
    const name = thrownName !== 'Error' && thrownName !== 'StandInError' ? `${thrownName}: ` : '';
    const location = locateThrown(error, files);
    const message = location ? `${name}${text}` : `${name}${text} (while loading '${entry}')`;
    return location ? { kind: 'load-error', message, location } : { kind: 'load-error', message };
  }
}

/** Every loaded code file compiled with its constructor calls' sites marked (siteMarks.ts). */
function allSitesMarked(files: readonly LoadedFile[]): boolean {
  return files.every((f) => {
    if (!isCodeFile(f.name)) return true;
    const compiled = transpile(f.name, f.text, f.compile);
    return compiled.kind === 'ok' && compiled.sitesMarked;
  });
}

function locateThrown(error: unknown, files: readonly SourceFile[]): CodeLocation | undefined {
  try {
    const stack = (error as { stack?: unknown } | null)?.stack;
    return typeof stack === 'string' ? locateInStack(stack, files) : undefined;
  } catch {
    return undefined;
  }
}

function isCompileFailure(error: unknown): error is CompileFailure {
  try {
    return error instanceof CompileFailure;
  } catch {
    return false; // a thrown Proxy whose getPrototypeOf trap throws
  }
}
