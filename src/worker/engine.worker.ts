// The engine worker: one per opened file. It reads the bytes, holds the
// traces (core/trace/held.ts: the file's own bytes and their index for a
// trace the scanner read), and sends the UI thread only their index, as
// transferred columns. Afterwards it answers for the values of the steps on
// screen, runs the step filter, and hands replays their trace directly, on a
// port the page passes through.
import { holdTraceBytes, type HeldResult } from '../core/trace/hold';
import { combineCorpus } from '../core/trace/corpus';
import { packCorpus } from '../core/batch/corpusBytes';
import type { HeldTrace } from '../core/trace/held';
import { copyOutline, outlineTransfer } from '../core/trace/outline';
import { summarize } from '../core/trace/summary';
import type { EngineRequest, EngineResponse, OutlinePart } from './engine.protocol';
import { engineSearch } from './engineSearch';
import { warmUpEngine } from './engineWarmUp';

const post = (message: EngineResponse, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

let held: readonly HeldTrace[] = [];
const search = engineSearch(post);

/**
 * Below this a file is read in one call: at 30 MB that takes ~15 ms, where
 * reading the stream chunk by chunk (to report progress) took 65-110 ms, and
 * the progress bar would not be seen anyway.
 */
const READ_AT_ONCE = 64 * 1024 * 1024;

async function readWithProgress(id: number, blob: Blob): Promise<Uint8Array> {
  const total = blob.size;
  if (total <= READ_AT_ONCE) return new Uint8Array(await blob.arrayBuffer());
  const bytes = new Uint8Array(total);
  const reader = blob.stream().getReader();
  let loaded = 0;
  let lastReport = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, loaded);
    loaded += value.byteLength;
    // Report at most every 1% so the message queue never floods.
    if (loaded - lastReport > total / 100) {
      lastReport = loaded;
      post({ type: 'progress', id, phase: 'reading', loaded, total });
    }
  }
  return loaded === total ? bytes : bytes.subarray(0, loaded);
}

/** One trace's part of the answer: a copy of its index to transfer (the engine keeps its own), and its values when the file is small. */
function partOf(h: HeldTrace, inline: boolean, transfer: Transferable[]): OutlinePart {
  const outline = copyOutline(h.index);
  transfer.push(...outlineTransfer(outline));
  return inline ? { outline, values: Array.from({ length: h.index.columns.count }, (_, i) => h.valueAt(i)) } : { outline };
}

const summaryOf = (h: HeldTrace, line: number) => summarize({ ...h.index.head, steps: { length: h.index.columns.count } }, line);

function answer(id: number, result: HeldResult, inline: boolean, ms: () => { read: number; parse: number; encode: number }) {
  const transfer: Transferable[] = [];
  if (result.kind === 'trace') {
    const part = partOf(result.held, inline, transfer);
    held = [result.held];
    post({ type: 'parsed', id, result: { kind: 'trace', part }, ms: ms() }, transfer);
    // The filter's names and paths, while the UI thread draws the trace: the first key then only scans.
    const first = held[0]!;
    setTimeout(() => search.corpusOf(first), 0);
  } else if (result.kind === 'collection') {
    const parts = result.held.map((h) => partOf(h, inline, transfer));
    held = result.held;
    post({ type: 'parsed', id, result: { kind: 'collection', summaries: result.summaries, parts, ...(result.skipped ? { skipped: result.skipped } : {}) }, ms: ms() }, transfer);
  } else post({ type: 'parsed', id, result, ms: ms() });
}

async function parse(request: Extract<EngineRequest, { type: 'parse' }>) {
  const { id } = request;
  const t0 = performance.now();
  const bytes = await readWithProgress(id, request.blob);
  post({ type: 'progress', id, phase: 'parsing', loaded: bytes.byteLength, total: bytes.byteLength });
  const t1 = performance.now();
  const result = holdTraceBytes(bytes, request.fileName);
  const t2 = performance.now();
  answer(id, result, bytes.byteLength <= request.inlineBytes, () => ({ read: t1 - t0, parse: t2 - t1, encode: performance.now() - t2 }));
}

/** Several files as one corpus: each read on its own, files without a trace set aside and named. */
async function parseMany(request: Extract<EngineRequest, { type: 'parse-many' }>) {
  const { id } = request;
  const t0 = performance.now();
  const total = request.files.reduce((n, f) => n + f.blob.size, 0);
  let loaded = 0;
  let readMs = 0;
  const files = [];
  for (const file of request.files) {
    const r0 = performance.now();
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    readMs += performance.now() - r0;
    const result = holdTraceBytes(bytes, file.name);
    files.push({ name: file.name, result: result.kind === 'collection' ? { ...result, models: result.held } : result.kind === 'trace' ? { kind: 'trace' as const, model: result.held } : result });
    loaded += file.blob.size;
    post({ type: 'progress', id, phase: 'parsing', loaded, total });
  }
  const corpus = combineCorpus(files, summaryOf);
  const t2 = performance.now();
  const ms = () => ({ read: readMs, parse: t2 - t0 - readMs, encode: performance.now() - t2 });
  if (corpus.kind === 'error') return post({ type: 'parsed', id, result: corpus, ms: ms() });
  answer(id, { kind: 'collection', summaries: corpus.summaries, held: corpus.models, skipped: corpus.skipped }, total <= request.inlineBytes, ms);
}

function heldAt(index: number): HeldTrace {
  const h = held[index];
  if (!h) throw new Error(`the engine holds no trace number ${index}`);
  return h;
}

/** Each trace's replay bytes, made once: a replay gets a copy to transfer, so the next one can have them too. */
const rawTraces = new WeakMap<HeldTrace, ReturnType<HeldTrace['rawTrace']>>();

function rawTraceOf(h: HeldTrace) {
  let raw = rawTraces.get(h);
  if (!raw) rawTraces.set(h, (raw = h.rawTrace()));
  return { bytes: raw.bytes.slice(), undefinedErrors: raw.undefinedErrors };
}

/** Set by the first real request: a warm-up still going stops then. */
let working = false;

self.onmessage = (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
  if (request.type === 'warm-up') {
    if (!working) warmUpEngine(() => working);
    return;
  }
  working = true;
  const failed = (error: unknown) => {
    if ('id' in request) post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  };
  try {
    switch (request.type) {
      case 'parse':
        return void parse(request).catch(failed);
      case 'parse-many':
        return void parseMany(request).catch(failed);
      case 'values': {
        const h = heldAt(request.model);
        const n = h.index.columns.count;
        return post({ type: 'values', id: request.id, values: Array.from(request.indices, (i) => (i >= 0 && i < n ? h.valueAt(i) : {})) });
      }
      case 'all-values': {
        const h = heldAt(request.model);
        return post({ type: 'values', id: request.id, values: Array.from({ length: h.index.columns.count }, (_, i) => h.valueAt(i)) });
      }
      case 'search-prepare':
        return search.prepare(heldAt(request.model));
      case 'search':
        return void search.query(request.id, heldAt(request.model), request.text, request.status).catch(failed);
      case 'raw-trace': {
        const port = event.ports[0];
        if (!port) return;
        const traceJson = rawTraceOf(heldAt(request.model));
        return port.postMessage({ traceJson }, [traceJson.bytes.buffer]);
      }
      case 'raw-traces': {
        const port = event.ports[0];
        if (!port) return;
        const corpus = packCorpus(Array.from(request.models, (m) => rawTraceOf(heldAt(m))));
        return port.postMessage(corpus, [corpus.bytes.buffer]);
      }
      case 'replay': {
        // The page passed the port through: the trace goes from here to the replay worker as bytes, never by the UI thread.
        const port = event.ports[0];
        if (!port) return;
        const traceJson = rawTraceOf(heldAt(request.model));
        return port.postMessage({ ...request.request, traceJson }, [traceJson.bytes.buffer]);
      }
    }
  } catch (error) {
    failed(error);
  }
};

