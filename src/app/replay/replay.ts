// Pressing Replay: gather the edited flow, the trace and the context, run
// them in the replay sandbox (a fresh worker, in a frame of its own) under the
// time limit, and turn the answer into a verdict. Nothing here runs flow code
// itself: the answer arrives as JSON text and is parsed as plain data.
import type { TraceModel } from '../../core/trace/model';
import { productionOutcome, verdictOf } from '../../core/verdict/verdict';
import type { RunResult } from '../../core/source/runFlow';
import { useReplayStore, type ReplayRunState } from '../../stores/replayStore';
import { effectiveFiles, useSourceStore, type SourceFile } from '../../stores/sourceStore';
import type { ReplayRun } from '../../worker/replay.protocol';
import { useViewStore } from '../../stores/viewStore';
import { explainingStep } from '../../core/present/explains';
import { openingStep } from '../navigation/stepHash';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { traceIdentity } from '../../core/trace/identity';
import { replayInWorker, type EarlyDone } from '../../worker/replayClient';
import { nextTask } from '../../worker/nextTask';
import { ReplayOutOfMemory, ReplayTimeout } from '../../worker/replayErrors';
import { useLogpointStore } from '../../stores/logpointStore';
import { loadExpressionCheck } from '../../stores/expressionCheck';
import { logsMatch, sendable } from '../../core/logpoints/send';
import type { Logpoint } from '../../core/logpoints/types';
import type { AmbientSettings } from '../../core/source/ambient';
import { useSettingsStore } from '../../stores/settingsStore';


function parseContext(text: string | undefined): { ok: true; value?: unknown } | { ok: false; message: string } {
  if (text === undefined) return { ok: true };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `The replay context is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const reportOf = (result: RunResult | undefined) => (result?.kind === 'report' ? result.report : undefined);

export interface ReplayOptions {
  /** the app replays by itself on load (see useAutoReplay): quiet about missing input, never moves the view */
  readonly auto?: boolean;
  /**
   * The app replays by itself because logpoints changed (useLogpointReplay): it never moves the view,
   * and the unchanged code's replay stays one that only fills in values, as the one on load.
   */
  readonly forLogpoints?: boolean;
}

/** The open trace's logpoints a replay takes: those whose expression the checker accepts (none while it cannot load). */
async function logpointsOf(model: TraceModel): Promise<Logpoint[]> {
  const { traceId, points } = useLogpointStore.getState();
  if (traceId !== traceIdentity(model) || points.length === 0) return [];
  try {
    return sendable(points, await loadExpressionCheck());
  } catch {
    return [];
  }
}

/** The settings' fixed clock and seed, for every replay the app runs; undefined when both are the real ones. */
export function replayAmbient(): AmbientSettings | undefined {
  const { replayClock, replaySeed } = useSettingsStore.getState();
  if (replayClock === null && replaySeed === null) return undefined;
  return { ...(replayClock !== null ? { clock: replayClock } : {}), ...(replaySeed !== null ? { seed: replaySeed } : {}) };
}

/** What a replay of the code on screen runs with (the edits, the context, the what-ifs), or why it cannot run. */
export type RunInputs =
  | { readonly ok: true; readonly run: ReplayRun; readonly edited: boolean; readonly originals: readonly SourceFile[] }
  | { readonly ok: false; readonly message: string };

export async function runInputs(model: TraceModel): Promise<RunInputs> {
  const store = useReplayStore.getState();
  const { files } = useSourceStore.getState();
  if (!files.length) return { ok: false, message: "Add the flow's source file first: drop its .ts or .js file, or paste it." };
  const context = parseContext(store.contextText);
  if (!context.ok) return { ok: false, message: context.message };
  // The what-ifs of this trace (the store may still hold the last trace's until openTrace ran).
  const whatIf = useWhatIfStore.getState();
  const overrides = whatIf.traceId === traceIdentity(model) ? whatIf.overrides : [];
  // Loaded only for a what-if: a plain replay never pays for it.
  const problems = overrides.length ? (await import('../../core/whatif/fit')).overrideProblems(model, overrides) : [];
  if (problems.length) return { ok: false, message: `A what-if does not fit this trace: ${problems.join('; ')}. Remove it to replay.` };
  // Another context or a what-if is a change as much as edited code: either way production's outcome
  // must come from elsewhere (the recording, or the baseline: the unchanged trace and flow).
  const edited = Object.keys(store.edits).length > 0 || 'value' in context || overrides.length > 0;
  const ambient = replayAmbient();
  const run: ReplayRun = {
    files: effectiveFiles(files, store.edits),
    ...(store.exportName ? { exportName: store.exportName } : {}),
    ...('value' in context ? { context: { value: context.value } } : {}),
    ...(overrides.length ? { overrides } : {}),
    ...(ambient ? { ambient } : {})
  };
  return { ok: true, run, edited, originals: files };
}

export async function runReplay(model: TraceModel, { auto: onLoad = false, forLogpoints = false }: ReplayOptions = {}): Promise<void> {
  const store = useReplayStore.getState();
  const inputs = await runInputs(model);
  if (!inputs.ok) {
    store.setRun({ status: 'failed', message: inputs.message, reason: 'input' });
    return;
  }
  const { edited, originals: files } = inputs;
  const auto = onLoad || (forLogpoints && !edited);
  const replayed = inputs.run.files;
  const overrides = inputs.run.overrides ?? [];
  const exportName = inputs.run.exportName !== undefined ? { exportName: inputs.run.exportName } : {};
  // Logpoints sit on the lines of the code on screen; the recorded code's replay gets them on its own lines.
  const points = await logpointsOf(model);
  // The line diff (and its library) loads only once there are logpoints: the first paint does not carry it.
  const recordedPoints = points.length ? (await import('../../core/logpoints/lines')).moveLogpoints(points, replayed, files).moved : [];
  const run = { ...inputs.run, ...(points.length ? { logpoints: points } : {}) };
  // The recorded code too, beside an edit, when production's outcome, its steps' values or its logpoints' hits are not here yet.
  const baseline =
    edited && (!model.outcome.known || !store.baseline || store.baselineCarried || !logsMatch(store.baseline.logs, recordedPoints))
      ? { files: [...files], ...exportName, ...recordedContext(model, inputs.run), ...(recordedPoints.length ? { logpoints: recordedPoints } : {}), ...(inputs.run.ambient ? { ambient: inputs.run.ambient } : {}) }
      : undefined;
  // Set just after the request leaves (below); the worker's answers all come later.
  let running: ReplayRunState = { status: 'idle' };
  // This replay is still the one on screen (with its early verdict, or without).
  const current = () => {
    const now = useReplayStore.getState().run;
    return now === running || (now.status === 'running' && running.status === 'running' && now.startedAt === running.startedAt);
  };
  /** The verdict, judged as the answer's will be, from the results without their steps. */
  const judged = (result: RunResult, baselineResult: RunResult | undefined, ms: number) => {
    const report = reportOf(result);
    // Production's outcome: the trace's, or the recorded code's replay with the recorded context (this
    // one when unedited, else the baseline beside it, else the last one kept).
    const production = productionOutcome(model.outcome, edited ? (reportOf(baselineResult) ?? store.baseline) : report);
    const verdict = report ? verdictOf(report, production, edited) : undefined;
    return { result, report, verdict, ms, edited, auto, files: replayed, overrides, ...(production ? { production } : {}), ...(inputs.run.ambient ? { ambient: inputs.run.ambient } : {}) };
  };
  // The verdict shows as soon as the flow has finished; the steps' record and values follow.
  const onEarly = (early: EarlyDone) => {
    if (early.result.kind === 'report') useReplayStore.getState().showEarly(running, judged(early.result, early.baseline, early.ms));
  };
  // The request leaves before the page draws "running": that drawing is no longer in the replay's way.
  const answer = replayInWorker(model, { run, ...(baseline ? { baseline } : {}) }, store.timeoutMs, onEarly);
  store.setRun({ status: 'running', startedAt: performance.now(), auto });
  running = useReplayStore.getState().run;
  try {
    const done = await answer;
    // Reading the answer was this task's work; the page renders the verdict in the next, so that
    // neither is a long task of its own sum (the store's subscribers render synchronously).
    await nextTask();
    // A newer replay started in that turn: its answer is the one to show.
    if (!current()) return;
    const { result } = done;
    if (result.kind === 'choose-export') {
      // Asking which export is the flow is for the person's Replay, never a dialog on load.
      useReplayStore.setState({ choices: auto || forLogpoints ? undefined : result.candidates, run: { status: 'idle' } });
      return;
    }
    const outcome = judged(result, done.baseline, done.ms);
    const { report, verdict } = outcome;
    store.setRun({ status: 'done', ...outcome });
    // The recorded code's replay beside an edit: the incident's own facts, when it reproduced production.
    const incident = edited ? reportOf(done.baseline) : undefined;
    if (incident && verdictOf(incident, productionOutcome(model.outcome, incident), false).kind === 'reproduced') store.setBaseline(incident);
    if (forLogpoints) return; // hits filled in: where the person is looking stays as it is
    if (auto) {
      // The replay on load fills in values; the first screen moves on from where it opened only to the
      // step that explains the Failure, which the recording alone may not show (a Failure returned by a next).
      const view = useViewStore.getState();
      const target = report ? explainingStep(model, report) : undefined;
      if (target !== undefined && target < model.steps.length && view.selected === openingStep(model)) view.select(target);
      return;
    }
    // Code that failed: show the line. A compile error or a load error points at code too.
    const location =
      result.kind === 'compile-error' ? { file: result.file, line: result.line, column: result.column } : result.kind === 'load-error' ? result.location : report?.rejection?.location;
    store.setFocus(location);
    // Where the new code parts from production is the first thing to look at.
    if (verdict?.kind === 'diverged' && verdict.entryIndex !== undefined) useViewStore.getState().select(verdict.entryIndex);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    const reason = error instanceof ReplayTimeout ? 'timeout' : error instanceof ReplayOutOfMemory ? 'memory' : 'sandbox';
    store.setRun({ status: 'failed', message: error instanceof Error ? error.message : String(error), reason });
  }
}

/**
 * The baseline replays with the recorded context, never the one being tried: only that proves what
 * production did. A trace whose context the recorder left out has none to replay with, and the
 * library refuses it (spec §6.2): then the context given is the only one there is.
 */
function recordedContext(model: TraceModel, run: ReplayRun): Pick<ReplayRun, 'context'> {
  return model.unrecorded?.context && run.context ? { context: run.context } : {};
}
