// The engine worker: one per opened file. It reads and parses the bytes,
// keeps the models with every value, and sends the UI thread only their
// outlines (typed-array columns, transferred). Afterwards it answers for the
// values of the steps on screen, runs the step filter, and hands replays
// their trace directly, on a port the page passes through.
import { parseTraceBytes } from '../core/trace/parse';
import { combineCorpus } from '../core/trace/corpus';
import type { RecordedModel } from '../core/trace/model';
import { encodeOutline, outlineTransfer } from '../core/trace/outline';
import { toRawTrace } from '../core/trace/raw';
import { valueOf } from '../core/trace/values';
import type { EngineRequest, EngineResponse, OutlinePart } from './engine.protocol';
import { engineSearch } from './engineSearch';

const post = (message: EngineResponse, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

let models: readonly RecordedModel[] = [];
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

/**
 * What the engine keeps once the outline has gone: the steps and the head.
 * The structure tree and the path index were only needed to build the
 * outline (the UI thread has them now); at 100k steps they are ~8 MB.
 */
const kept = (model: RecordedModel): RecordedModel => ({ ...model, byPath: {}, root: { prefix: '', children: [] } });

function partOf(model: RecordedModel, inline: boolean, transfer: Transferable[]): OutlinePart {
  const outline = encodeOutline(model);
  transfer.push(...outlineTransfer(outline));
  return inline ? { outline, values: model.steps.map(valueOf) } : { outline };
}

async function parse(request: Extract<EngineRequest, { type: 'parse' }>) {
  const { id } = request;
  const t0 = performance.now();
  const bytes = await readWithProgress(id, request.blob);
  post({ type: 'progress', id, phase: 'parsing', loaded: bytes.byteLength, total: bytes.byteLength });
  const t1 = performance.now();
  const result = parseTraceBytes(bytes, request.fileName);
  const t2 = performance.now();
  const inline = bytes.byteLength <= request.inlineBytes;
  const transfer: Transferable[] = [];
  const ms = () => ({ read: t1 - t0, parse: t2 - t1, encode: performance.now() - t2 });
  if (result.kind === 'trace') {
    const part = partOf(result.model, inline, transfer);
    models = [kept(result.model)];
    post({ type: 'parsed', id, result: { kind: 'trace', part }, ms: ms() }, transfer);
    // The filter's names and paths, while the UI thread draws the trace: the first key then only scans.
    const model = models[0]!;
    setTimeout(() => search.corpusOf(model), 0);
  } else if (result.kind === 'collection') {
    const parts = result.models.map((m) => partOf(m, inline, transfer));
    models = result.models.map(kept);
    post({ type: 'parsed', id, result: { kind: 'collection', summaries: result.summaries, parts, ...(result.skipped ? { skipped: result.skipped } : {}) }, ms: ms() }, transfer);
  } else post({ type: 'parsed', id, result, ms: ms() });
}

/** Several files as one corpus: each parsed on its own, files without a trace set aside and named. */
async function parseMany(request: Extract<EngineRequest, { type: 'parse-many' }>) {
  const { id } = request;
  const t0 = performance.now();
  const total = request.files.reduce((n, f) => n + f.blob.size, 0);
  let loaded = 0;
  let readMs = 0;
  const parsed = [];
  for (const file of request.files) {
    const r0 = performance.now();
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    readMs += performance.now() - r0;
    parsed.push({ name: file.name, result: parseTraceBytes(bytes, file.name) });
    loaded += file.blob.size;
    post({ type: 'progress', id, phase: 'parsing', loaded, total });
  }
  const result = combineCorpus(parsed);
  const t2 = performance.now();
  const ms = () => ({ read: readMs, parse: t2 - t0 - readMs, encode: performance.now() - t2 });
  if (result.kind === 'error') return post({ type: 'parsed', id, result, ms: ms() });
  const transfer: Transferable[] = [];
  const parts = result.models.map((m) => partOf(m, total <= request.inlineBytes, transfer));
  models = result.models.map(kept);
  post({ type: 'parsed', id, result: { kind: 'collection', summaries: result.summaries, parts, skipped: result.skipped }, ms: ms() }, transfer);
}

function modelAt(index: number): RecordedModel {
  const model = models[index];
  if (!model) throw new Error(`the engine holds no trace number ${index}`);
  return model;
}

self.onmessage = (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
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
        const steps = modelAt(request.model).steps;
        return post({ type: 'values', id: request.id, values: Array.from(request.indices, (i) => (steps[i] ? valueOf(steps[i]) : {})) });
      }
      case 'all-values':
        return post({ type: 'values', id: request.id, values: modelAt(request.model).steps.map(valueOf) });
      case 'search-prepare':
        return search.prepare(modelAt(request.model));
      case 'search':
        return void search.query(request.id, modelAt(request.model), request.text, request.status).catch(failed);
      case 'replay': {
        // The page passed the port through: the trace goes from here to the replay worker, never by the UI thread.
        const port = event.ports[0];
        if (!port) return;
        return port.postMessage({ ...request.request, trace: toRawTrace(modelAt(request.model)) });
      }
    }
  } catch (error) {
    failed(error);
  }
};
