// Typed calls into the engine workers. Each opened file gets an engine; the
// model it sends back is an outline, and this module remembers which engine
// holds its values (a WeakMap, so the model stays plain data). Values come by
// step and are cached here; search and replay are served by the engine.
//
// One load at a time: a newer load terminates the engine still parsing, so a
// stale result never lands. A finished engine lives until a later load
// succeeds, so "Back to …" after a bad file still has its values.
import type { ParseResult } from '../core/trace/parse';
import type { RecordedModel, TraceModel } from '../core/trace/model';
import { decodeOutline } from '../core/trace/outline';
import { toRawTrace } from '../core/trace/raw';
import { rawTraceOfModel } from '../core/trace/rawBytes';
import { packCorpus } from '../core/batch/corpusBytes';
import { withValues, type StepValue } from '../core/trace/values';
import { SUPERSEDED, type EngineRequest, type EngineResponse, type OutlinePart, type ParsePhase } from './engine.protocol';
import type { PrimeRequest, ReplayRequest } from './replay.protocol';

export interface ParseProgress {
  readonly phase: ParsePhase;
  readonly loaded: number;
  readonly total: number;
}

/**
 * Values travel with the outline up to this file size, so a trace of a few
 * thousand steps shows every value at once. Past it they are fetched for the
 * step on screen: at 30 MB, cloning them all would cost the UI thread ~400 ms.
 */
export const INLINE_VALUE_BYTES = 1_500_000;

type Answer = Extract<EngineResponse, { type: 'values' | 'matches' | 'failed' | 'parsed' }>;

class Engine {
  readonly worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'timescope-engine' });
  private readonly waiting = new Map<number, { resolve(m: Answer): void; reject(e: Error): void; onProgress?: (m: ParseProgress) => void }>();
  private nextId = 1;
  dead = false;
  /** asked to warm up already (primeEngine) */
  primed = false;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<EngineResponse>) => {
      const m = event.data;
      const w = this.waiting.get(m.id);
      if (!w) return;
      if (m.type === 'progress') return w.onProgress?.(m);
      this.waiting.delete(m.id);
      w.resolve(m);
    };
    this.worker.onerror = (event) => this.stop(new Error(`The trace engine stopped unexpectedly: ${event.message || 'unknown error'}`));
  }

  ask(build: (id: number) => EngineRequest, transfer: Transferable[] = [], onProgress?: (m: ParseProgress) => void): Promise<Answer> {
    if (this.dead) return Promise.reject(new Error('The trace engine for this trace has stopped: open the trace again.'));
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      this.worker.postMessage(build(id), transfer);
    });
  }

  post(message: EngineRequest, transfer: Transferable[]) {
    if (!this.dead) this.worker.postMessage(message, transfer);
  }

  stop(error: Error) {
    this.dead = true;
    this.worker.terminate();
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
    // Whoever waits for a value from it hears that none will come (valuesLost).
    changed();
  }
}

interface Owned {
  readonly engine: Engine;
  /** the model's place in its load */
  readonly slot: number;
  readonly values: (StepValue | undefined)[];
  complete: boolean;
  recorded?: RecordedModel;
  inflight?: Promise<void>;
}

const owned = new WeakMap<TraceModel, Owned>();
/** started ahead, so a load does not wait for a worker to start and load its code (~30-50 ms) */
let spare: Engine | undefined;
let loading: Engine | undefined;
let kept: Engine[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** For useSyncExternalStore: called whenever values arrive. */
export function subscribeValues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function adopt(engine: Engine, part: OutlinePart, slot: number): TraceModel {
  const started = performance.now();
  // No loop over the steps: each becomes an object when a panel first asks for it (core/trace/outline.ts).
  const model = decodeOutline(part.outline);
  performance.measure('timescope:decode', { start: started, detail: { steps: model.steps.length } });
  const values = part.values ? [...part.values] : new Array<StepValue | undefined>(model.steps.length);
  owned.set(model, { engine, slot, values, complete: part.values !== undefined });
  return model;
}

/** Start an engine now, for the next file to open. */
export function warmEngine(): void {
  spare ??= new Engine();
}

/**
 * A file is about to come (files dragged over the window, the file picker opened): the spare
 * engine reads a synthetic trace meanwhile (engineWarmUp.ts), so the real one meets compiled
 * code. Asked on intent, not whenever an engine starts: the warm-up is ~200 ms of CPU that would
 * otherwise compete with a replay on a 2-core machine.
 */
export function primeEngine(): void {
  warmEngine();
  if (spare && !spare.primed) {
    spare.primed = true;
    spare.post({ type: 'warm-up' }, []);
  }
}

/**
 * The empty screen, a moment after it shows: prime the spare, unless a trace is open or on its
 * way by then (a restored session, a link, a quick drop), whose reading the warm-up would only slow.
 */
export function primeEngineWhileEmpty(): void {
  if (loading || kept.length > 0) return;
  primeEngine();
}

export function parseInEngine(blob: Blob, fileName: string, onProgress?: (p: ParseProgress) => void): Promise<ParseResult<TraceModel>> {
  return loadInEngine((id) => ({ type: 'parse', id, blob, fileName, inlineBytes: INLINE_VALUE_BYTES }), onProgress);
}

/** Several files as one corpus (a folder, several JSONL files or capsules), named `fileName` as a whole. */
export function parseManyInEngine(files: readonly { blob: Blob; name: string }[], fileName: string, onProgress?: (p: ParseProgress) => void): Promise<ParseResult<TraceModel>> {
  return loadInEngine((id) => ({ type: 'parse-many', id, files, fileName, inlineBytes: INLINE_VALUE_BYTES }), onProgress);
}

async function loadInEngine(request: (id: number) => EngineRequest, onProgress?: (p: ParseProgress) => void): Promise<ParseResult<TraceModel>> {
  loading?.stop(new DOMException('A newer request replaced this one.', 'AbortError'));
  const engine = (loading = spare ?? new Engine());
  spare = undefined;
  try {
    const answer = await engine.ask(request, [], onProgress);
    if (answer.type === 'failed') throw new Error(`The trace reader stopped unexpectedly: ${answer.message}`);
    if (answer.type !== 'parsed') throw new Error('The trace reader answered out of turn.');
    const { result } = answer;
    // For the benchmark and anyone profiling: where a load's time went, the engine's part and this thread's.
    performance.measure('timescope:engine', { start: performance.now() - answer.ms.read - answer.ms.parse - answer.ms.encode, duration: answer.ms.read + answer.ms.parse + answer.ms.encode, detail: answer.ms });
    if (result.kind === 'error') {
      engine.stop(new Error('no trace'));
      return result;
    }
    const models: TraceModel[] = [];
    for (const [i, part] of (result.kind === 'trace' ? [result.part] : result.parts).entries()) models.push(adopt(engine, part, i));
    // A newer load began while the outline was decoded: this one is not to land.
    if (engine.dead) throw new DOMException('A newer request replaced this one.', 'AbortError');
    // This load has models now: the engines of earlier loads are no longer on screen.
    for (const old of kept) old.stop(new Error('The trace engine for this trace has stopped: open the trace again.'));
    kept = [engine];
    // The next file gets a warm engine too, started once this one's work is done.
    setTimeout(warmEngine, 1_000);
    return result.kind === 'trace' ? { kind: 'trace', model: models[0]! } : { kind: 'collection', summaries: result.summaries, models, ...(result.skipped?.length ? { skipped: [...result.skipped] } : {}) };
  } catch (error) {
    if (!kept.includes(engine)) engine.stop(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    if (loading === engine) loading = undefined;
  }
}

const isRecorded = (model: TraceModel): model is RecordedModel => (model as Partial<RecordedModel>).recorded === true;

/** The step's value if it is here; undefined while it has to be fetched (loadValues). */
export function stepValue(model: TraceModel, index: number): StepValue | undefined {
  if (isRecorded(model)) {
    const s = model.steps[index];
    return s && ('error' in s ? { error: s.error } : 'result' in s ? { result: s.result } : {});
  }
  return owned.get(model)?.values[index];
}

/** The engine holding this model's values has stopped (it crashed, most likely out of memory): missing values will not come. */
export function valuesLost(model: TraceModel): boolean {
  const o = owned.get(model);
  return o !== undefined && o.engine.dead && !o.complete;
}

/** Fetch the values of these steps (those not here yet). */
export async function loadValues(model: TraceModel, indices: readonly number[]): Promise<void> {
  const o = owned.get(model);
  if (!o || o.complete) return;
  const missing = indices.filter((i) => i >= 0 && i < o.values.length && o.values[i] === undefined);
  if (missing.length === 0) return;
  const answer = await o.engine.ask((id) => ({ type: 'values', id, model: o.slot, indices: Int32Array.from(missing) }));
  if (answer.type !== 'values') throw new Error(answer.type === 'failed' ? answer.message : 'The trace engine answered out of turn.');
  missing.forEach((i, k) => (o.values[i] ??= answer.values[k] ?? {}));
  changed();
}

/** The model with every value, when it is here (always for a small trace). */
export function recordedModel(model: TraceModel): RecordedModel | undefined {
  if (isRecorded(model)) return model;
  const o = owned.get(model);
  if (!o?.complete) return undefined;
  return (o.recorded ??= withValues(model, o.values as StepValue[]));
}

/** Fetch every value of a big trace: for the work that reads them all (narration, export, sharing). */
export function loadRecorded(model: TraceModel): Promise<void> {
  const o = owned.get(model);
  if (!o || o.complete) return Promise.resolve();
  return (o.inflight ??= o.engine
    .ask((id) => ({ type: 'all-values', id, model: o.slot }))
    .then((answer) => {
      if (answer.type !== 'values') throw new Error(answer.type === 'failed' ? answer.message : 'The trace engine answered out of turn.');
      answer.values.forEach((v, i) => (o.values[i] = v));
      o.complete = true;
      changed();
    })
    .finally(() => (o.inflight = undefined)));
}

/** The model with every value, fetched first when it is a big trace's outline. */
export async function fullModel(model: TraceModel): Promise<RecordedModel> {
  await loadRecorded(model);
  const recorded = recordedModel(model);
  if (!recorded) throw new Error('This trace is no longer open in the engine: open it again.');
  return recorded;
}

/**
 * Hand a replay its request (or a spare its prime) on `port`: the engine adds the trace it holds,
 * so the trace goes from the engine worker to the replay worker directly.
 */
export function deliverReplay(model: TraceModel, request: Omit<ReplayRequest, 'trace'> | Omit<PrimeRequest, 'trace'>, port: MessagePort): void {
  if (isRecorded(model)) return port.postMessage({ ...request, trace: toRawTrace(model) });
  const o = owned.get(model);
  if (!o) throw new Error('This trace is no longer open in the engine: open it again.');
  o.engine.post({ type: 'replay', model: o.slot, request }, [port]);
}

/** Hand a comparison the trace a replay of `model` reads, on `port` ({traceJson}: compare.protocol.ts), from wherever it is held. */
export function deliverRawTrace(model: TraceModel, port: MessagePort): void {
  if (isRecorded(model)) {
    const traceJson = rawTraceOfModel(model);
    return port.postMessage({ traceJson }, [traceJson.bytes.buffer]);
  }
  const o = owned.get(model);
  if (!o) throw new Error('This trace is no longer open in the engine: open it again.');
  o.engine.post({ type: 'raw-trace', model: o.slot }, [port]);
}

/**
 * Hand a corpus replay its traces on `port`, as one CorpusBytes (core/batch/corpusBytes.ts): from the
 * engine that holds them (a corpus is one load, so one engine), or made here for models held whole.
 */
export function deliverCorpus(models: readonly TraceModel[], port: MessagePort): void {
  if (models.every(isRecorded)) {
    const corpus = packCorpus(models.map(rawTraceOfModel));
    return port.postMessage(corpus, [corpus.bytes.buffer]);
  }
  const first = owned.get(models[0]!);
  const slots = models.map((m) => {
    const o = owned.get(m);
    if (!o || o.engine !== first?.engine) throw new Error('These traces are no longer open together in the engine: open the corpus again.');
    return o.slot;
  });
  first!.engine.post({ type: 'raw-traces', models: Int32Array.from(slots) }, [port]);
}

/** The person is about to filter (the box has focus): the engine makes its value text index now. */
export function prepareSearch(model: TraceModel): void {
  const o = owned.get(model);
  if (o) o.engine.post({ type: 'search-prepare', model: o.slot }, []);
}

let latestSearch = 0;

/** The matching step indices, or undefined when a newer query replaced this one. */
export async function searchInEngine(model: TraceModel, text: string, status: Uint8Array): Promise<Int32Array | undefined> {
  const o = owned.get(model);
  if (!o) return undefined;
  const mine = ++latestSearch;
  const answer = await o.engine.ask((id) => ({ type: 'search', id, model: o.slot, text, status }));
  if (mine !== latestSearch || (answer.type === 'failed' && answer.message === SUPERSEDED)) return undefined;
  if (answer.type !== 'matches') throw new Error(answer.type === 'failed' ? answer.message : 'The trace engine answered out of turn.');
  // The worker's own share of each answer, for the e2e and profiling.
  performance.mark('timescope:search', { detail: answer.ms });
  return answer.matches;
}
