// Thin worker entry for the step filter: holds one trace's corpus and runs
// the core matcher over it in chunks, answering only the newest query.
import { addSteps, corpusSize, emptyCorpus, warmTexts, type SearchCorpus } from '../core/filter/corpus';
import { matchSteps } from '../core/filter/match';
import { needsValueText, parseQuery } from '../core/filter/query';
import type { SearchRequest, SearchResponse } from './search.protocol';

const post = (message: SearchResponse, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

/** About 5 ms of JSON.stringify per chunk while idle. */
const WARM_CHUNK = 2_000;

let trace = -1;
let total = 0;
let corpus: SearchCorpus = emptyCorpus();
let latestQuery = 0;
let warmedTo = 0;
let warming = false;
/** a query is between chunks: warming waits, so the person's answer never shares the thread with it */
let querying = 0;

// A MessageChannel hop, not setTimeout: nested timeouts are clamped to 4 ms,
// which over ten chunks would cost more than the matching.
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
const nextTask = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });

/** Makes the value text index in the background once all steps are in, so the first value search is a scan too. */
async function warm(forTrace: number) {
  if (warming) return;
  warming = true;
  try {
    while (trace === forTrace && warmedTo < corpusSize(corpus)) {
      if (querying) {
        await nextTask();
        continue;
      }
      warmedTo = warmTexts(corpus, warmedTo, warmedTo + WARM_CHUNK);
      await nextTask();
    }
  } finally {
    warming = false;
  }
}

async function runQuery(request: Extract<SearchRequest, { type: 'query' }>) {
  latestQuery = request.id;
  const started = performance.now();
  if (request.trace !== trace) return post({ type: 'failed', id: request.id, message: 'The trace changed.' });
  const query = parseQuery(request.text);
  const run = matchSteps(query, corpus, request.status);
  querying++;
  try {
    await drive();
  } finally {
    querying--;
  }
  async function drive() {
  for (;;) {
    const next = run.next();
    if (next.done) {
      const matches = next.value;
      post({ type: 'matches', id: request.id, matches, ms: performance.now() - started }, [matches.buffer]);
      if (needsValueText(query)) warmedTo = Math.max(warmedTo, corpusSize(corpus));
      return;
    }
    await nextTask();
    // Dropped without an answer: the client already gave up on it when it sent the newer one.
    if (latestQuery !== request.id || request.trace !== trace) return;
  }
  }
}

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'trace') {
      trace = request.trace;
      total = request.total;
      corpus = emptyCorpus();
      warmedTo = 0;
    } else if (request.type === 'steps') {
      if (request.trace !== trace) return;
      addSteps(corpus, request.steps);
      if (corpusSize(corpus) >= total) void warm(trace);
    } else void runQuery(request).catch((error: unknown) => post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }));
  } catch (error) {
    if (request.type === 'query') post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
