// A sandbox worker that serves many traces (`timescope replay-all`): the realm is locked once, the
// flow's files arrive once, and every trace is replayed in a fresh Compartment with a fresh
// evaluation of the flow's modules, so nothing a flow did to its own state survives into the next
// trace (sucrase's output is cached by source text, so each file is transpiled once per worker).
// The corpus arrives as shared bytes and each batch as byte ranges in them: the worker decodes its
// own lines, and answers each batch with its rows packed (core/batch/packedRows.ts).
// Before each trace the worker writes its number into shared memory; the pool's watchdog reads it
// to stop a trace that runs past its time, the one thing a worker cannot do for itself.
import { Buffer } from 'node:buffer';
import type { MessagePort } from 'node:worker_threads';
import { configureEffect } from '../../core/effect/hooks';
import { parseItem } from '../../core/batch/corpus';
import { rowPacker, type RowPacker } from '../../core/batch/packedRows';
import { batchRowOf } from '../../core/batch/verdict';
import type { RunResult } from '../../core/source/runFlow';
import { runInSandbox } from '../realm';
import { IDLE, ITEM_STRIDE, RUNNING, type BatchFlow, type OtherResult, type PoolToWorker, type WorkerToPool } from './batchProtocol';

/** Host globals the Compartments share as endowments; frozen, so no trace can leave anything on them for the next. */
const SHARED_GLOBALS = ['Intl', 'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'atob', 'btoa', 'structuredClone', 'AbortController', 'AbortSignal'];

export function serveBatches(port: MessagePort, progress: Int32Array, saveCodeCache: (() => void) | undefined): void {
  const g = globalThis as Record<string, unknown>;
  for (const name of SHARED_GLOBALS) if (g[name] !== undefined) harden(g[name]);
  const post = (m: WorkerToPool, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);
  let flow: BatchFlow | undefined;
  // Buffers over the pool's shared corpus bytes: decoded as the main thread's Buffer decodes a
  // whole file (toString('utf8'): a BOM kept, broken sequences as U+FFFD), a line at a time.
  const chunks: Buffer[] = [];
  const queue: Int32Array[] = [];
  const packer = rowPacker<OtherResult>();
  let busy = false;
  let saved = false;

  async function drain(): Promise<void> {
    busy = true;
    while (queue.length > 0) {
      const items = queue.shift()!;
      for (let at = 0; at < items.length; at += ITEM_STRIDE) {
        const seq = items[at]!;
        Atomics.store(progress, RUNNING, seq);
        const text = chunks[items[at + 1]!]!.toString('utf8', items[at + 2], items[at + 3]);
        await replayItem(flow!, seq, text, packer);
      }
      Atomics.store(progress, RUNNING, IDLE);
      const packed = packer.pack();
      post({ type: 'rows', ...packed }, [packed.replayed.buffer as ArrayBuffer]);
      if (!saved) {
        saved = true;
        saveCodeCache?.();
      }
    }
    busy = false;
  }

  port.on('message', (m: PoolToWorker) => {
    if (m.type === 'flow') {
      flow = m.flow;
      return;
    }
    if (m.type === 'chunks') {
      for (const c of m.chunks) chunks[c.index] = Buffer.from(c.bytes.buffer, c.bytes.byteOffset, c.bytes.byteLength);
      return;
    }
    queue.push(m.items);
    if (!busy) {
      drain().catch((e: unknown) => post({ type: 'failed', message: e instanceof Error ? e.message : 'the sandbox failed' }));
    }
  });
  post({ type: 'ready' });
}

async function replayItem(flow: BatchFlow, seq: number, text: string, out: RowPacker<OtherResult>): Promise<void> {
  const started = performance.now();
  const parsed = parseItem(text);
  if ('problem' in parsed) return out.other({ seq, kind: 'problem', message: parsed.problem });
  const base = { entry: flow.entry, exportName: flow.exportName, steps: false } as const;
  const request = (files: BatchFlow['files']) => ({ ...base, files, trace: parsed.trace });
  try {
    let before: RunResult | undefined;
    if (flow.baselineFiles) {
      before = await runInSandbox(request(flow.baselineFiles));
      if (before.kind !== 'report') return out.other({ seq, kind: 'unusable', which: 'baseline', result: before });
    }
    const after = await runInSandbox(request(flow.files));
    if (after.kind !== 'report') return out.other({ seq, kind: 'unusable', which: 'flow', result: after });
    const baseline = before?.kind === 'report' ? before.report : undefined;
    const row = batchRowOf(parsed.trace, after.report, baseline);
    const ms = performance.now() - started;
    out.row(seq, row, ms, baseline ? batchRowOf(parsed.trace, baseline) : undefined);
  } finally {
    // Hook layers a flow's module installed (configureEffect at its top level) are the runtime's
    // module state. Replay ignores them today (it runs with inherit: false), but they must not pile
    // up over 40,000 evaluations, nor reach a later trace should a replay ever inherit them.
    configureEffect();
  }
}
