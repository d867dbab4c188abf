// A sandbox worker's side of a corpus replay, in the CLI's worker threads (sandbox/node/
// batchWorker.ts) and the app's batch Web Workers (worker/replay.worker.ts) alike: the realm is
// locked once, the flow's files arrive once, and every trace is replayed in a fresh Compartment
// with a fresh evaluation of the flow's modules, so nothing a flow did to its own state survives
// into the next trace (sucrase's output is cached by source text, so each file is transpiled once
// per worker). Each batch's items are byte ranges in corpus chunks the worker was sent: it
// decodes its own traces, and answers each batch with its rows packed (core/batch/packedRows.ts),
// the row computed here, by the same rules for both (core/batch/verdict.ts).
import { configureEffect } from '../../core/effect/hooks';
import { parseItem } from '../../core/batch/corpus';
import { rowPacker, type RowPacker } from '../../core/batch/packedRows';
import { flowErrorRow } from '../../core/batch/row';
import { batchRowOf } from '../../core/batch/verdict';
import { withAmbient } from '../../core/batch/ambient';
import type { RunResult } from '../../core/source/runFlow';
import { applyOverrides } from '../../core/whatif/apply';
import { signatureOf } from '../../core/minimize/sameFailure';
import { transpile } from '../../core/source/transpile';
import { runInSandbox } from '../realm';
import { IDLE, ITEM_STRIDE, type BatchFlow, type OtherResult, type PoolToWorker, type WorkerToPool } from './protocol';

/** What a batch server needs from the worker it runs in. */
export interface BatchWorkerIo {
  post(m: WorkerToPool, transfer?: ArrayBuffer[]): void;
  /** the worker is on item `seq` now (IDLE between batches), for its host's watchdog */
  running(seq: number): void;
  /** the text of bytes start..end of a chunk, decoded as the CLI decodes a whole file (a BOM kept, broken sequences as U+FFFD) */
  decode(bytes: Uint8Array, start: number, end: number): string;
  /** settles once the worker may replay (its realm locked and warmed); items wait for it */
  readonly ready?: Promise<unknown>;
  /** after the first batch (the CLI saves its code cache then) */
  afterFirstBatch?(): void;
}

/** Handle each message of the scheduler (scheduler.ts) in order. */
export function batchServer(io: BatchWorkerIo): (m: PoolToWorker) => void {
  let flow: BatchFlow | undefined;
  const chunks: Uint8Array[] = [];
  const queue: Extract<PoolToWorker, { type: 'batch' }>[] = [];
  const packer = rowPacker<OtherResult>();
  let busy = false;
  let first = true;

  async function drain(): Promise<void> {
    busy = true;
    await io.ready;
    while (queue.length > 0) {
      const { items, undefinedErrors } = queue.shift()!;
      for (let at = 0; at < items.length; at += ITEM_STRIDE) {
        const seq = items[at]!;
        io.running(seq);
        const text = io.decode(chunks[items[at + 1]!]!, items[at + 2]!, items[at + 3]!);
        await replayItem(flow!, seq, text, packer, undefinedErrors?.[seq]);
      }
      io.running(IDLE);
      const packed = packer.pack();
      io.post({ type: 'rows', ...packed }, [packed.replayed.buffer as ArrayBuffer]);
      if (first) {
        first = false;
        io.afterFirstBatch?.();
      }
    }
    busy = false;
  }

  return (m) => {
    if (m.type === 'flow') {
      flow = m.flow;
      // Transpiled now, while the watchdog sees the worker idle: a fresh worker's first trace (after
      // one was stopped, on a loaded machine) must not be charged for sucrase's cold start.
      for (const f of [...flow.files, ...(flow.baselineFiles ?? [])]) transpile(f.name, f.text);
      return;
    }
    if (m.type === 'chunks') {
      for (const c of m.chunks) chunks[c.index] = c.bytes;
      return;
    }
    queue.push(m);
    if (!busy) drain().catch((e: unknown) => io.post({ type: 'failed', message: e instanceof Error ? e.message : 'the sandbox failed' }));
  };
}

async function replayItem(flow: BatchFlow, seq: number, text: string, out: RowPacker<OtherResult>, undefinedErrors: readonly number[] | undefined): Promise<void> {
  const started = performance.now();
  const parsed = parseItem(text);
  if ('problem' in parsed) return out.other({ seq, kind: 'problem', message: parsed.problem });
  if (undefinedErrors) withUndefinedErrors(parsed.trace, undefinedErrors);
  // A candidate's signature reads the steps (the failing step, the Commands it asked).
  const base = { entry: flow.entry, exportName: flow.exportName, steps: flow.candidates === true, ...(flow.ambient ? { ambient: flow.ambient } : {}) } as const;
  const request = (files: BatchFlow['files'], trace: unknown) => ({ ...base, files, trace });
  try {
    if (flow.candidates) {
      const replayed = await runInSandbox(request(flow.files, parsed.trace));
      if (replayed.kind !== 'report') return out.other({ seq, kind: 'unusable', which: 'flow', result: replayed });
      return out.other({ seq, kind: 'candidate', signature: signatureOf(replayed.report) });
    }
    let before: RunResult | undefined;
    if (flow.baselineFiles) {
      before = await runInSandbox(request(flow.baselineFiles, parsed.trace));
      if (before.kind !== 'report') return out.other({ seq, kind: 'unusable', which: 'baseline', result: before });
    }
    const baseline = before?.kind === 'report' ? before.report : undefined;
    const beforeRow = baseline ? batchRowOf(parsed.trace, baseline) : undefined;
    // A what-if is the flow's run alone, and the verdict still compares with the recording as it was.
    const whatIf = flow.overrides?.length ? applyOverrides(parsed.trace, flow.overrides) : undefined;
    if (whatIf?.problems.length) {
      return out.row(seq, flowErrorRow(`the what-if does not fit this trace: ${whatIf.problems.join('; ')}`), performance.now() - started, beforeRow);
    }
    const after = await runInSandbox(request(flow.files, whatIf ? whatIf.trace : parsed.trace));
    if (after.kind !== 'report') return out.other({ seq, kind: 'unusable', which: 'flow', result: after });
    // The flow's reads only: the baseline is loaded under the flow file's name, so its lines would be misnamed (it gets the same clock and seed).
    const row = withAmbient(batchRowOf(parsed.trace, after.report, baseline), after.ambient);
    out.row(seq, row, performance.now() - started, beforeRow);
  } finally {
    // Hook layers a flow's module installed (configureEffect at its top level) are the runtime's
    // module state. Replay ignores them today (it runs with inherit: false), but they must not pile
    // up over 40,000 evaluations, nor reach a later trace should a replay ever inherit them.
    configureEffect();
  }
}

/** Put back the `error: undefined` keys JSON text could not carry (as readRawTrace does for a single replay). */
function withUndefinedErrors(trace: unknown, indexes: readonly number[]): void {
  const entries = (trace as { trace?: unknown }).trace;
  if (!Array.isArray(entries)) return;
  for (const i of indexes) {
    const entry: unknown = entries[i];
    if (typeof entry === 'object' && entry !== null) (entry as Record<string, unknown>).error = undefined;
  }
}
