// `timescope explain`: the app's first screen as text or JSON (core/present/explain.ts). The
// recorded code, when given (or inside the capsule), is replayed once in the sandbox for the
// incident's facts; a capsule without code may carry them; otherwise the recording alone speaks.
import { explainIncident, explainStep, explainText, stepText } from '../core/present/explain';
import type { ReplayReport } from '../core/replay/report';
import { reportOfFacts } from '../core/share/facts';
import { looksEncrypted } from '../core/share/encrypted';
import { isZip } from '../core/share/zipDirectory';
import { traceFlowName } from '../core/source/choose';
import { buildModel } from '../core/trace/build';
import { startSandbox } from '../sandbox/node/host';
import type { ExplainArgs } from './explainArgs';
import { InputError, readBytes } from './files';
import { heldFromModel, type HeldTrace } from '../core/trace/held';
import { holdTraceBytes } from '../core/trace/hold';
import { copyOutline, decodeOutline } from '../core/trace/outline';
import { loadInput } from './input';
import { describeRejection, runProblem } from './output';
import { sandboxWorker } from './sandboxWorker';
import type { CliIo, ReplayInput } from './types';

interface Facts {
  /** the trace as the engine holds it: its outline, values read when asked for */
  readonly held: HeldTrace;
  readonly incident: ReplayReport | undefined;
  readonly shown: (file: string) => string;
}

/** The recording, and the incident's replay when there is code to run or facts carried. */
async function factsOf(args: ExplainArgs, io: CliIo): Promise<Facts | number> {
  const bytes = readBytes(io.cwd, args.trace, 'trace file');
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (args.sources.length === 0 && !isZip(bytes) && !looksEncrypted(view)) {
    // The byte scanner reads a trace without making an object of each value: a 100,000-step trace
    // answers in about the time its bytes take to scan.
    const held = holdTraceBytes(view, args.trace);
    if (held.kind === 'trace') return { held: held.held, incident: undefined, shown: (f) => f };
    if (held.kind === 'error') throw new InputError(`'${args.trace}' is not a trace Timescope can read: ${held.problem.message}`);
    throw new InputError(`'${args.trace}' holds several traces: explain one (replay-all takes a corpus)`);
  }
  const input = await loadInput(io.cwd, { ...args, sourcesOptional: true });
  for (const notice of input.notices) io.stderr(`timescope: ${notice}\n`);
  const shown = (file: string) => input.display.get(file) ?? file;
  if (input.files.length === 0) {
    const carried = input.incident && 'facts' in input.incident ? reportOfFacts(input.incident.facts) : undefined;
    return { held: heldOf(input.trace, args.trace), incident: carried, shown };
  }
  const replayed = await replayRecorded(args, input, shown, io);
  return typeof replayed === 'number' ? replayed : { held: heldOf(input.trace, args.trace), incident: replayed, shown };
}

async function replayRecorded(args: ExplainArgs, input: ReplayInput, shown: (file: string) => string, io: CliIo): Promise<ReplayReport | number> {
  const worker = sandboxWorker();
  const sandbox = startSandbox(worker.file, { timeoutMs: args.timeoutMs, maxMemoryMb: args.maxMemoryMb }, worker.execArgv);
  try {
    const outcome = await sandbox.run({
      files: input.files,
      ...(input.entry !== undefined ? { entry: input.entry } : {}),
      traceText: input.traceText,
      ...(input.exportName !== undefined ? { exportName: input.exportName } : {}),
      ...(input.context !== undefined ? { context: input.context } : {}),
      ...(args.ambient ? { ambient: args.ambient } : {}),
      steps: true
    });
    if (outcome.kind !== 'result') {
      io.stderr(`timescope: the recorded code's replay stopped: ${outcome.kind === 'crashed' ? outcome.message : outcome.kind === 'timeout' ? `it ran past ${args.timeoutMs / 1000} s` : 'it ran out of memory'}\n`);
      return 2;
    }
    if (outcome.result.kind !== 'report') {
      io.stderr(`timescope: ${runProblem(outcome.result, shown, traceFlowName(input.trace))}\n`);
      return 2;
    }
    const report = outcome.result.report;
    if (report.status === 'rejected') io.stderr(`timescope: the recorded code's replay stopped with ${describeRejection(report)}; what follows is what it reached\n`);
    return report;
  } finally {
    sandbox.dispose();
  }
}

function heldOf(trace: unknown, file: string): HeldTrace {
  try {
    return heldFromModel(buildModel(trace));
  } catch (e) {
    throw new InputError(`'${file}' cannot be read as a trace: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export async function explain(args: ExplainArgs, io: CliIo): Promise<number> {
  const facts = await factsOf(args, io);
  if (typeof facts === 'number') return facts;
  const { held } = facts;
  const recording = { model: decodeOutline(copyOutline(held.index)), valueAt: (i: number) => held.valueAt(i) };
  if (args.step !== undefined) {
    const step = explainStep(recording, args.step - 1, facts.incident);
    if (!step) throw new InputError(`there is no step ${args.step}: the recording holds ${recording.model.steps.length} (numbered from 1)`);
    io.stdout(args.json ? `${JSON.stringify(step, null, 2)}\n` : stepText(step, facts.shown));
    return 0;
  }
  const explained = explainIncident(recording, facts.incident);
  io.stdout(args.json ? `${JSON.stringify(explained, null, 2)}\n` : explainText(explained, facts.shown));
  return 0;
}
