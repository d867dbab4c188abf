// "Replay all": every trace of the open corpus against the flow as it is in
// the editor (and, when asked, the original flow as the baseline, and the
// what-if of the trace last open), in the sandbox's batch workers, one per
// core, on the CLI's batch path: the engine hands the corpus to the sandbox
// as bytes, the workers make each trace's row with the CLI's rules
// (core/batch/verdict.ts), and rows reach the store in bundles. A flow that
// does not compile or load fails the same way for every trace: that is said
// once, above the matrix, and the run stops.
import { flowErrorRow } from '../../core/batch/verdict';
import type { RunResult } from '../../core/source/runFlow';
import type { TraceModel } from '../../core/trace/model';
import type { StepOverride } from '../../core/whatif/apply';
import type { BatchFlow } from '../../sandbox/batch/protocol';
import type { PoolResult } from '../../sandbox/batch/scheduler';
import { replayCorpus } from '../../worker/replayClient';
import { useCorpusStore, type CorpusRow } from '../../stores/corpusStore';
import { ReplayOutOfMemory } from '../../worker/replayErrors';
import { useReplayStore } from '../../stores/replayStore';
import { effectiveFiles, useSourceStore, type SourceFile } from '../../stores/sourceStore';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { useTraceStore, type LocalLoad } from '../../stores/traceStore';
import { clearStepHash, writeHash } from '../navigation/stepHash';
import { replayAmbient } from './replay';

let current: AbortController | undefined;

/** The corpus a set of models is: its file name and size, so a matrix never outlives its corpus. */
export const corpusKey = (fileName: string, models: readonly TraceModel[]) => `${fileName}\u0000${models.length}`;

/** Why a flow gave no report at all, for the one message above the matrix. */
function noReport(result: Exclude<RunResult, { kind: 'report' }>): string {
  switch (result.kind) {
    case 'compile-error':
      return `The flow does not compile: ${result.file}:${result.line}:${result.column}: ${result.message}`;
    case 'load-error':
      return `The flow failed while loading: ${result.message}`;
    case 'no-flow':
      return result.message;
    case 'choose-export':
      return `${result.entry} exports several flows (${result.candidates.join(', ')}): open one trace, replay it and choose the export, then Replay all.`;
  }
}

/** Which flow is "before": none, the flow as loaded (before the editor's edits), or a file of the person's. */
export type BaselineChoice = { readonly kind: 'none' } | { readonly kind: 'loaded' } | { readonly kind: 'file'; readonly name: string; readonly text: string };

/**
 * The loaded files with a baseline file in place of the flow's: the file of the same name, else the
 * flow.* file, else the first. Its imports then resolve as the flow's do (the CLI's --baseline does the same).
 */
export function withBaselineFile(files: readonly SourceFile[], file: { name: string; text: string }): SourceFile[] {
  const at = Math.max(0, [files.findIndex((f) => f.name === file.name), files.findIndex((f) => /^flow\./.test(f.name))].find((i) => i >= 0) ?? 0);
  return files.map((f, i) => (i === at ? { name: f.name, text: file.text } : f));
}

/** What the run replays: the editor's flow, the baseline when one is chosen, and the what-if in every trace. */
function flowOf(baseline: BaselineChoice, overrides: readonly StepOverride[]): BatchFlow | string {
  const { files } = useSourceStore.getState();
  if (files.length === 0) return "Add the flow's source file first: drop its .ts or .js file here, or open a trace and paste it.";
  const { edits, exportName } = useReplayStore.getState();
  const ambient = replayAmbient();
  const flow: BatchFlow = { files: effectiveFiles(files, edits), ...(exportName ? { exportName } : {}), ...(overrides.length ? { overrides } : {}), ...(ambient ? { ambient } : {}) };
  if (baseline.kind === 'none') return flow;
  return { ...flow, baselineFiles: baseline.kind === 'file' ? withBaselineFile(files, baseline) : [...files] };
}

/** A result as its matrix row; undefined for a flow that cannot replay at all (the run stops on it). */
function rowOfResult(r: PoolResult, withBaseline: boolean): CorpusRow | undefined {
  switch (r.kind) {
    case 'row':
      return { index: r.seq, after: r.row, ...(r.before ? { before: r.before } : {}) };
    case 'stopped': {
      const row = flowErrorRow(r.message);
      return { index: r.seq, after: row, ...(withBaseline ? { before: row } : {}) };
    }
    case 'problem': {
      const row = flowErrorRow(`Timescope could not read this trace for its replay: ${r.message}`);
      return { index: r.seq, after: row, ...(withBaseline ? { before: row } : {}) };
    }
    case 'candidate': {
      // A corpus replay never asks for candidates' signatures (BatchFlow.candidates).
      const row = flowErrorRow('a candidate signature came back from a corpus replay');
      return { index: r.seq, after: row, ...(withBaseline ? { before: row } : {}) };
    }
    case 'unusable':
      return undefined;
  }
}

/** Why a corpus replay ended without every row, in words above the matrix. */
function endText(end: Exclude<Awaited<ReturnType<typeof replayCorpus>>, { kind: 'done' | 'cancelled' }>): string {
  switch (end.kind) {
    case 'no-sandbox':
      return 'The replay sandbox did not start: sandbox.html or its script did not load. Reload the page; if it persists, the server may not serve sandbox.html.';
    case 'lost':
      return new ReplayOutOfMemory().message;
    case 'failed':
      return `Replay all stopped: the replay sandbox failed (${end.message}).`;
  }
}

export async function replayAll(fileName: string, models: readonly TraceModel[], baseline: BaselineChoice, overrides: readonly StepOverride[] = []): Promise<void> {
  current?.abort();
  const controller = (current = new AbortController());
  const { signal } = controller;
  const store = useCorpusStore.getState();
  const key = corpusKey(fileName, models);
  const flow = flowOf(baseline, overrides);
  if (typeof flow === 'string') {
    store.fail(key, flow);
    return;
  }
  const { timeoutMs, edits, exportName } = useReplayStore.getState();
  const withBaseline = flow.baselineFiles !== undefined;
  store.begin(key, models.length, withBaseline, { edits, exportName, overrides });
  // A newer Replay all replaced this one: nothing of this one may reach the store any more.
  const mine = () => current === controller;
  let unusable: string | undefined;
  try {
    const end = await replayCorpus(
      models,
      flow,
      timeoutMs,
      (results) => {
        if (!mine() || unusable !== undefined) return;
        const rows: CorpusRow[] = [];
        for (const r of results) {
          const row = rowOfResult(r, withBaseline);
          if (row) rows.push(row);
          else if (r.kind === 'unusable') {
            // The flow does not load for this trace, so for none: said once, and the rest is not replayed.
            unusable = r.which === 'baseline' ? `The baseline: ${noReport(r.result)}` : noReport(r.result);
            controller.abort();
            break;
          }
        }
        useCorpusStore.getState().addRows(rows);
      },
      signal
    );
    if (!mine()) return;
    if (unusable !== undefined) store.fail(key, unusable);
    else if (end.kind === 'done' || end.kind === 'cancelled') useCorpusStore.getState().end(end.kind);
    else store.fail(key, endText(end));
  } catch (error) {
    // A bug of ours, not the flow's: the run says so rather than showing "Replayed n of N…" for ever.
    if (mine()) store.fail(key, `Replay all stopped: ${error instanceof Error ? error.message : String(error)}. Try again; if it keeps failing, please report it.`);
  } finally {
    if (mine()) current = undefined;
  }
}

/** Open one trace of the corpus at the step its row points to, with the flow (and what-if) the corpus was replayed against. */
export function openCorpusRow(load: Extract<LocalLoad, { status: 'picking' }>, index: number, step: number | undefined): void {
  const flow = useCorpusStore.getState().flow;
  if (flow) {
    useReplayStore.getState().carryToNextTrace(flow.edits, flow.exportName);
    const model = load.models[index];
    // Only what-ifs this trace has a step for: one it does not fit made its row a flow-error, and says so there.
    if (model) useWhatIfStore.getState().carryToNextTrace(flow.overrides.filter((o) => fitsTrace(model, o.at)));
  }
  if (step === undefined) clearStepHash();
  else writeHash(step);
  useTraceStore.getState().pick(load, index);
}

/** Whether the trace has the step an override addresses: its path, or #index by position. */
function fitsTrace(model: TraceModel, at: string): boolean {
  const position = /^#(0|[1-9]\d*)$/.exec(at);
  if (position) return Number(position[1]) < model.steps.length;
  for (let i = 0; i < model.steps.length; i++) if (model.steps.at(i)?.path === at) return true;
  return false;
}

/** Cancel: replays in flight are dropped, what answered stays in the matrix (the run ends itself, as 'cancelled'). */
export function cancelReplayAll(): void {
  current?.abort();
}
