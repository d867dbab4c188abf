// Pressing Replay: gather the edited flow, the trace and the context, run
// them in the replay sandbox (a fresh worker, in a frame of its own) under the
// time limit, and turn the answer into a verdict. Nothing here runs flow code
// itself: the answer arrives as JSON text and is parsed as plain data.
import type { TraceModel } from '../../core/trace/model';
import { productionOutcome, verdictOf } from '../../core/verdict/verdict';
import type { RunResult } from '../../core/source/runFlow';
import { useReplayStore } from '../../stores/replayStore';
import { effectiveFiles, useSourceStore } from '../../stores/sourceStore';
import { useViewStore } from '../../stores/viewStore';
import { explainingStep } from '../../core/present/explains';
import { openingStep } from '../navigation/stepHash';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { traceIdentity } from '../../core/trace/identity';
import { replayInWorker } from '../../worker/replayClient';
import { ReplayOutOfMemory, ReplayTimeout } from '../../worker/replayErrors';


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
}

export async function runReplay(model: TraceModel, { auto = false }: ReplayOptions = {}): Promise<void> {
  const store = useReplayStore.getState();
  const { files } = useSourceStore.getState();
  if (!files.length) {
    store.setRun({ status: 'failed', message: "Add the flow's source file first: drop its .ts or .js file, or paste it.", reason: 'input' });
    return;
  }
  const context = parseContext(store.contextText);
  if (!context.ok) {
    store.setRun({ status: 'failed', message: context.message, reason: 'input' });
    return;
  }
  // The what-ifs of this trace (the store may still hold the last trace's until openTrace ran).
  const whatIf = useWhatIfStore.getState();
  const overrides = whatIf.traceId === traceIdentity(model) ? whatIf.overrides : [];
  // Loaded only for a what-if: a plain replay never pays for it.
  const problems = overrides.length ? (await import('../../core/whatif/fit')).overrideProblems(model, overrides) : [];
  if (problems.length) {
    store.setRun({ status: 'failed', message: `A what-if does not fit this trace: ${problems.join('; ')}. Remove it to replay.`, reason: 'input' });
    return;
  }
  // Another context or a what-if is a change as much as edited code: either way production's outcome
  // must come from elsewhere (the recording, or the baseline: the unchanged trace and flow).
  const edited = Object.keys(store.edits).length > 0 || 'value' in context || overrides.length > 0;
  const exportName = store.exportName ? { exportName: store.exportName } : {};
  const replayed = effectiveFiles(files, store.edits);
  const run = {
    files: replayed,
    ...exportName,
    ...('value' in context ? { context: { value: context.value } } : {}),
    ...(overrides.length ? { overrides } : {})
  };
  // The recorded code too, beside an edit, when production's outcome or its steps' values are not here yet.
  const baseline = edited && (!model.outcome.known || !store.baseline || store.baselineCarried) ? { files: [...files], ...exportName } : undefined;
  store.setRun({ status: 'running', startedAt: performance.now(), auto });
  try {
    const done = await replayInWorker(model, { run, ...(baseline ? { baseline } : {}) }, store.timeoutMs);
    const { result } = done;
    if (result.kind === 'choose-export') {
      // Asking which export is the flow is for the person's Replay, never a dialog on load.
      useReplayStore.setState({ choices: auto ? undefined : result.candidates, run: { status: 'idle' } });
      return;
    }
    const report = reportOf(result);
    const production = productionOutcome(model.outcome, edited ? reportOf(done.baseline) : report);
    const verdict = report ? verdictOf(report, production, edited) : undefined;
    store.setRun({ status: 'done', result, report, verdict, ms: done.ms, edited, auto, files: replayed, overrides });
    // The recorded code's replay beside an edit: the incident's own facts, when it reproduced production.
    const incident = edited ? reportOf(done.baseline) : undefined;
    if (incident && verdictOf(incident, productionOutcome(model.outcome, incident), false).kind === 'reproduced') store.setBaseline(incident);
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
