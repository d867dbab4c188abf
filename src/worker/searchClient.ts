// Typed calls into the search worker. One long-lived worker keeps the open
// trace's corpus (terminating it per query, as singleFlight does, would throw
// the value text index away). The steps go over once per trace, in slices
// with a task break between them; a newer query supersedes an older one.
import type { TraceStep } from '../core/trace/model';
import type { SearchStep } from '../core/filter/corpus';
import type { SearchRequest, SearchResponse } from './search.protocol';

/**
 * Measured at 100k steps of ~230-byte results (Node, same V8): structured
 * clone of whole TraceSteps ≈ 350 ms in all; JSON.stringify of the values on
 * this thread ≈ 300 ms plus ≈ 100 ms to send the strings; the slim records
 * below ≈ 190–250 ms. So the slim records, with JSON made in the worker, in
 * slices of a few ms each, so no task comes near a long one.
 */
const STEPS_PER_SLICE = 1_000;

let worker: Worker | undefined;
let traceSeq = 0;
let current: { readonly steps: readonly TraceStep[]; readonly trace: number; readonly uploaded: Promise<void> } | undefined;
let nextId = 1;
const pending = new Map<number, (answer: Int32Array | undefined) => void>();

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'timescope-search' });
  w.onmessage = (event: MessageEvent<SearchResponse>) => {
    const message = event.data;
    const resolve = pending.get(message.id);
    if (!resolve) return;
    pending.delete(message.id);
    // The worker's own share of each answer, for the e2e and profiling.
    if (message.type === 'matches') performance.mark('timescope:search', { detail: message.ms });
    resolve(message.type === 'matches' ? message.matches : undefined);
  };
  w.onerror = () => {
    // A crashed worker answers nothing: settle every waiter, and start afresh next time.
    for (const resolve of pending.values()) resolve(undefined);
    pending.clear();
    worker = undefined;
    current = undefined;
  };
  worker = w;
  return w;
}

const slim = (s: TraceStep): SearchStep => ({ command: s.command, path: s.path, threw: s.threw, result: s.result, error: s.error });
const taskBreak = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function upload(w: Worker, steps: readonly TraceStep[], trace: number): Promise<void> {
  const post = (message: SearchRequest) => w.postMessage(message);
  const started = performance.now();
  let longest = 0;
  post({ type: 'trace', trace, total: steps.length });
  for (let from = 0; from < steps.length; from += STEPS_PER_SLICE) {
    if (current?.trace !== trace) return;
    const t = performance.now();
    post({ type: 'steps', trace, steps: steps.slice(from, from + STEPS_PER_SLICE).map(slim) });
    longest = Math.max(longest, performance.now() - t);
    await taskBreak();
  }
  // For the e2e and anyone profiling: what sending the steps cost this thread.
  performance.measure('timescope:search-upload', { start: started, detail: { steps: steps.length, longestSliceMs: longest } });
}

function traceFor(steps: readonly TraceStep[]) {
  const w = ensureWorker();
  if (current?.steps !== steps) {
    const trace = ++traceSeq;
    // Set before upload starts: its first check, which runs at once, must see this trace as current.
    current = { steps, trace, uploaded: Promise.resolve() };
    current = { steps, trace, uploaded: upload(w, steps, trace) };
  }
  return { w, trace: current.trace, uploaded: current.uploaded };
}

/** Start sending a trace's steps before the first query needs them. */
export function prepareSearch(steps: readonly TraceStep[]): void {
  traceFor(steps);
}

/** The matching step indices, or undefined when a newer query (or trace) replaced this one. */
export async function searchSteps(steps: readonly TraceStep[], text: string, status: Uint8Array): Promise<Int32Array | undefined> {
  const id = nextId++;
  // Older queries will never be answered (the worker drops them): let their callers go now.
  for (const [old, resolve] of pending) if (old < id) resolve(undefined);
  pending.clear();
  const { w, trace, uploaded } = traceFor(steps);
  const answer = new Promise<Int32Array | undefined>((resolve) => pending.set(id, resolve));
  await uploaded;
  if (!pending.has(id)) return undefined;
  const message: SearchRequest = { type: 'query', id, trace, text, status };
  w.postMessage(message);
  return answer;
}
