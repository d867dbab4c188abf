// Typed calls into a compare worker (compare.worker.ts): one per comparison,
// ended when it closes. A run the engine holds goes to it straight from the
// engine, on a port, never through this thread.
import type { AlignmentWire, RowDetail, SideSummary } from '../core/compare/session';
import type { TraceModel } from '../core/trace/model';
import { readRawTrace } from '../core/trace/rawBytes';
import type { CompareRequest, CompareResponse, CompareSource, SideProblem } from './compare.protocol';
import { deliverRawTrace } from './engineClient';

/** A run to compare: a model on screen (held by an engine), a file, or a raw trace object from a link. */
export type CompareInput = { readonly model: TraceModel; readonly label: string } | { readonly file: Blob; readonly label: string } | { readonly trace: unknown; readonly label: string };

export interface CompareHandle {
  readonly a: SideSummary;
  readonly b: SideSummary;
  readonly alignment: AlignmentWire;
  detail(row: number): Promise<RowDetail>;
  /** both runs as the replay reads them (for a compare link) */
  raw(): Promise<{ readonly a: unknown; readonly b: unknown }>;
  close(): void;
}

export type Opened = { readonly ok: true; readonly handle: CompareHandle } | { readonly ok: false; readonly problem: SideProblem };

type Waiting = (m: CompareResponse) => void;

export function openComparison(a: CompareInput, b: CompareInput): Promise<Opened> {
  const worker = new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module', name: 'timescope-compare' });
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let opened: ((m: CompareResponse) => void) | undefined;
  let lost: Error | undefined;
  const fail = (error: Error) => {
    lost ??= error;
    worker.terminate();
    opened?.({ type: 'failed', message: error.message });
    for (const w of waiting.values()) w({ type: 'failed', message: error.message });
    waiting.clear();
  };
  worker.onmessage = (event: MessageEvent<CompareResponse>) => {
    const m = event.data;
    if ((m.type === 'detail' || m.type === 'raw') && waiting.has(m.id)) {
      const w = waiting.get(m.id)!;
      waiting.delete(m.id);
      return w(m);
    }
    if (m.type === 'failed' && !opened) return fail(new Error(m.message));
    opened?.(m);
  };
  worker.onerror = (event) => fail(new Error(`The comparison stopped unexpectedly: ${event.message || 'unknown error'}`));

  const ask = <T extends CompareResponse['type']>(request: (id: number) => CompareRequest, type: T): Promise<Extract<CompareResponse, { type: T }>> => {
    if (lost) return Promise.reject(lost);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, (m) => (m.type === type ? resolve(m as Extract<CompareResponse, { type: T }>) : reject(new Error(m.type === 'failed' ? m.message : 'The comparison answered out of turn.'))));
      worker.postMessage(request(id));
    });
  };

  const ports: MessagePort[] = [];
  const sourceOf = (input: CompareInput): CompareSource => {
    if ('file' in input) return { kind: 'file', label: input.label, blob: input.file };
    if ('trace' in input) return { kind: 'trace', label: input.label, trace: input.trace };
    const channel = new MessageChannel();
    deliverRawTrace(input.model, channel.port1);
    ports.push(channel.port2);
    return { kind: 'engine', label: input.label };
  };

  return new Promise<Opened>((resolve) => {
    opened = (m) => {
      opened = undefined;
      if (m.type === 'refused') {
        worker.terminate();
        return resolve({ ok: false, problem: m.problem });
      }
      if (m.type !== 'opened') {
        worker.terminate();
        return resolve({ ok: false, problem: { side: 'A', reason: 'failed', message: m.type === 'failed' ? m.message : 'the comparison answered out of turn' } });
      }
      resolve({
        ok: true,
        handle: {
          a: m.a,
          b: m.b,
          alignment: m.alignment,
          detail: (row) => ask((id) => ({ type: 'detail', id, row }), 'detail').then((d) => d.detail),
          raw: () => ask((id) => ({ type: 'raw', id }), 'raw').then((r) => ({ a: readRawTrace(r.a), b: readRawTrace(r.b) })),
          close: () => fail(new Error('The comparison was closed.'))
        }
      });
    };
    try {
      const request: CompareRequest = { type: 'open', a: sourceOf(a), b: sourceOf(b) };
      worker.postMessage(request, ports);
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
