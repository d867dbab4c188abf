// A sandbox worker that serves many traces (`timescope replay-all`): the realm is locked once, the
// flow's files arrive once, and every trace is replayed in a fresh Compartment with a fresh
// evaluation of the flow's modules, so nothing a flow did to its own state survives into the next
// trace (sucrase's output is cached by source text, so each file is transpiled once per worker).
// Before each trace the worker writes its number into shared memory; the pool's watchdog reads it
// to stop a trace that runs past its time, the one thing a worker cannot do for itself.
import type { MessagePort } from 'node:worker_threads';
import { configureEffect } from '../../core/effect/hooks';
import { parseItem } from '../../core/batch/corpus';
import { batchRowOf } from '../../core/batch/verdict';
import type { RunResult } from '../../core/source/runFlow';
import { runInSandbox } from '../realm';
import { IDLE, RUNNING, type BatchFlow, type BatchItem, type ItemResult, type PoolToWorker, type WorkerToPool } from './batchProtocol';

/** Host globals the Compartments share as endowments; frozen, so no trace can leave anything on them for the next. */
const SHARED_GLOBALS = ['Intl', 'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'atob', 'btoa', 'structuredClone', 'AbortController', 'AbortSignal'];

export function serveBatches(port: MessagePort, progress: Int32Array, saveCodeCache: (() => void) | undefined): void {
  const g = globalThis as Record<string, unknown>;
  for (const name of SHARED_GLOBALS) if (g[name] !== undefined) harden(g[name]);
  const post = (m: WorkerToPool) => port.postMessage(m);
  let flow: BatchFlow | undefined;
  const queue: (readonly BatchItem[])[] = [];
  let busy = false;
  let saved = false;

  async function drain(): Promise<void> {
    busy = true;
    while (queue.length > 0) {
      const items = queue.shift()!;
      const out: ItemResult[] = [];
      for (const item of items) {
        Atomics.store(progress, RUNNING, item.seq);
        out.push(await replayItem(flow!, item));
      }
      Atomics.store(progress, RUNNING, IDLE);
      post({ type: 'rows', json: JSON.stringify(out) });
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
    queue.push(m.items);
    if (!busy) {
      drain().catch((e: unknown) => post({ type: 'failed', message: e instanceof Error ? e.message : 'the sandbox failed' }));
    }
  });
  post({ type: 'ready' });
}

async function replayItem(flow: BatchFlow, item: BatchItem): Promise<ItemResult> {
  const started = performance.now();
  const parsed = parseItem(item.text);
  if ('problem' in parsed) return { seq: item.seq, kind: 'problem', message: parsed.problem };
  const base = { entry: flow.entry, exportName: flow.exportName, steps: false } as const;
  const request = (files: BatchFlow['files']) => ({ ...base, files, trace: parsed.trace });
  try {
    let before: RunResult | undefined;
    if (flow.baselineFiles) {
      before = await runInSandbox(request(flow.baselineFiles));
      if (before.kind !== 'report') return { seq: item.seq, kind: 'unusable', which: 'baseline', result: before };
    }
    const after = await runInSandbox(request(flow.files));
    if (after.kind !== 'report') return { seq: item.seq, kind: 'unusable', which: 'flow', result: after };
    const baseline = before?.kind === 'report' ? before.report : undefined;
    const row = batchRowOf(parsed.trace, after.report, baseline);
    const ms = performance.now() - started;
    return baseline ? { seq: item.seq, kind: 'row', row, ms, before: batchRowOf(parsed.trace, baseline) } : { seq: item.seq, kind: 'row', row, ms };
  } finally {
    // Hook layers a flow's module installed (configureEffect at its top level) are the runtime's
    // module state. Replay ignores them today (it runs with inherit: false), but they must not pile
    // up over 40,000 evaluations, nor reach a later trace should a replay ever inherit them.
    configureEffect();
  }
}
