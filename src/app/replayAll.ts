// "Replay all": every trace of the open corpus against the flow as it is in
// the editor (and, when asked, the original flow as the baseline), in the
// sandbox's batch workers, one per core. The first trace goes alone: a flow
// that does not compile or load fails the same way for all of them, and is
// said once instead of filling the matrix. Rows are computed here from each
// answer (plain JSON) and the trace's model, with the CLI's rules
// (core/batch/verdict.ts), and reach the store in batches.
import { batchRowOfRecorded, flowErrorRow, type BatchRow } from '../core/batch/verdict';
import type { RunResult } from '../core/source/runFlow';
import type { TraceModel } from '../core/trace/model';
import type { ReplayRun } from '../worker/replay.protocol';
import { batchResult, endBatch, replayInBatch } from '../worker/replayClient';
import { batchSize } from '../worker/batchSize';
import { useCorpusStore, type CorpusRow } from '../stores/corpusStore';
import { useReplayStore } from '../stores/replayStore';
import { effectiveFiles, useSourceStore, type SourceFile } from '../stores/sourceStore';
import { useTraceStore, type LocalLoad } from '../stores/traceStore';
import { clearStepHash, writeHash } from './stepHash';

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

function rowOf(model: TraceModel, result: RunResult | undefined, baseline?: RunResult): BatchRow {
  if (!result) return flowErrorRow('no answer');
  if (result.kind !== 'report') return flowErrorRow(noReport(result));
  const recorded = { outcome: model.outcome, entries: model.steps };
  return batchRowOfRecorded(recorded, result.report, baseline?.kind === 'report' ? baseline.report : undefined);
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

/** A row, or a flow-error row saying what went wrong reading the answer: one odd answer never stops the corpus. */
function safeRow(make: () => BatchRow): BatchRow {
  try {
    return make();
  } catch (error) {
    return flowErrorRow(`Timescope could not read this replay's answer: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What the run replays: the editor's flow, and the baseline when one is chosen. */
function runs(baseline: BaselineChoice): { run: ReplayRun; baseline?: ReplayRun } | string {
  const { files } = useSourceStore.getState();
  if (files.length === 0) return "Add the flow's source file first: drop its .ts or .js file here, or open a trace and paste it.";
  const { edits, exportName } = useReplayStore.getState();
  const chosen = exportName ? { exportName } : {};
  const run = { files: effectiveFiles(files, edits), ...chosen };
  if (baseline.kind === 'none') return { run };
  const before = baseline.kind === 'file' ? withBaselineFile(files, baseline) : [...files];
  return { run, baseline: { files: before, ...chosen } };
}

/** One trace's replay, as its row (the "before" row too when the run has a baseline). */
async function replayOne(model: TraceModel, index: number, request: { run: ReplayRun; baseline?: ReplayRun }, timeoutMs: number, signal: AbortSignal): Promise<{ row: CorpusRow; result?: RunResult }> {
  const answer = batchResult(await replayInBatch(model, request, timeoutMs, signal), timeoutMs);
  if (!answer.ok) {
    const failed = flowErrorRow(answer.message);
    return { row: { index, after: failed, ...(request.baseline ? { before: failed } : {}) } };
  }
  const after = safeRow(() => rowOf(model, answer.result, answer.baseline));
  const before = request.baseline ? safeRow(() => rowOf(model, answer.baseline)) : undefined;
  return { row: { index, after, ...(before ? { before } : {}) }, result: answer.result };
}

export async function replayAll(fileName: string, models: readonly TraceModel[], baseline: BaselineChoice): Promise<void> {
  current?.abort();
  const controller = (current = new AbortController());
  const { signal } = controller;
  const store = useCorpusStore.getState();
  const key = corpusKey(fileName, models);
  const request = runs(baseline);
  if (typeof request === 'string') {
    store.fail(key, request);
    return;
  }
  const { timeoutMs } = useReplayStore.getState();
  const { edits, exportName } = useReplayStore.getState();
  store.begin(key, models.length, request.baseline !== undefined, { edits, exportName });
  let pending: CorpusRow[] = [];
  // A newer Replay all replaced this one: nothing of this one may reach the store any more.
  const mine = () => current === controller;
  const flush = () => {
    if (mine()) useCorpusStore.getState().addRows(pending);
    pending = [];
  };
  const ticker = setInterval(flush, 100);
  try {
    const first = await replayOne(models[0]!, 0, request, timeoutMs, signal);
    if (first.result && first.result.kind !== 'report') {
      if (mine()) store.fail(key, noReport(first.result));
      return;
    }
    if (!signal.aborted) pending.push(first.row);
    let next = 1;
    const lane = async () => {
      while (!signal.aborted && next < models.length) {
        const index = next++;
        const { row } = await replayOne(models[index]!, index, request, timeoutMs, signal);
        // After Cancel, the replays still in flight answer "cancelled": those are not verdicts.
        if (!signal.aborted) pending.push(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(batchSize(), models.length - 1) }, lane));
    flush();
    if (mine()) useCorpusStore.getState().end(signal.aborted ? 'cancelled' : 'done');
  } catch (error) {
    // A bug of ours, not the flow's: the run says so rather than showing "Replayed n of N…" for ever.
    if (mine()) store.fail(key, `Replay all stopped: ${error instanceof Error ? error.message : String(error)}. Try again; if it keeps failing, please report it.`);
  } finally {
    clearInterval(ticker);
    if (mine()) {
      current = undefined;
      endBatch();
    }
  }
}

/** Open one trace of the corpus at the step its row points to, with the flow the corpus was replayed against. */
export function openCorpusRow(load: Extract<LocalLoad, { status: 'picking' }>, index: number, step: number | undefined): void {
  const flow = useCorpusStore.getState().flow;
  if (flow) useReplayStore.getState().carryToNextTrace(flow.edits, flow.exportName);
  if (step === undefined) clearStepHash();
  else writeHash(step);
  useTraceStore.getState().pick(load, index);
}

/** Cancel: replays in flight are dropped, what answered stays in the matrix (the run ends itself, as 'cancelled'). */
export function cancelReplayAll(): void {
  current?.abort();
}
