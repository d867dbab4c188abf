// The step filter, inside the engine worker: the corpus is made from the
// model the engine already holds (nothing is uploaded from the UI thread),
// and each query runs the core matcher in chunks, answering only the newest.
import { corpusOfColumns, StepTexts, type SearchCorpus } from '../core/filter/corpus';
import { fileValueSearch } from '../core/filter/fileValues';
import { matchSteps } from '../core/filter/match';
import { needsValueText, parseQuery } from '../core/filter/query';
import type { HeldTrace } from '../core/trace/held';
import { shownValueAt } from '../core/trace/values';
import { SUPERSEDED, type EngineResponse } from './engine.protocol';
// A MessageChannel hop between chunks (nested timeouts are clamped to 4 ms, which over ten chunks
// would cost more than the matching).
import { nextTask } from './nextTask';

/** About 5 ms of JSON.stringify per chunk while idle. */
const WARM_CHUNK = 2_000;


interface Searched {
  readonly corpus: SearchCorpus;
  warmedTo: number;
}

export function engineSearch(post: (message: EngineResponse, transfer?: Transferable[]) => void) {
  const corpora = new Map<HeldTrace, Searched>();
  let latestQuery = 0;
  let warming = false;
  /** a query is between chunks: warming waits, so the person's answer never shares the thread with it */
  let querying = 0;

  function searchedOf(held: HeldTrace): Searched {
    let s = corpora.get(held);
    if (!s) {
      const c = held.index.columns;
      const perStep = () => new StepTexts(c.count, (i) => shownValueAt(c, i, held.valueAt(i)));
      // A scanned file is searched as it is written; a model's values a step at a time.
      const values = (held.scanned && fileValueSearch(held.scanned, c, perStep)) || perStep();
      corpora.set(held, (s = { corpus: corpusOfColumns(c, values), warmedTo: 0 }));
    }
    return s;
  }

  /**
   * The value text index, made in the background once the filter is first
   * used, so a value search is a scan too. Not at load: it is as big as the
   * values themselves, and most traces are never searched by value.
   */
  async function warm(s: Searched) {
    if (warming) return;
    warming = true;
    try {
      while (s.warmedTo < s.corpus.count && s.corpus.values.warm) {
        if (querying) {
          await nextTask();
          continue;
        }
        s.warmedTo = s.corpus.values.warm(s.warmedTo, s.warmedTo + WARM_CHUNK);
        await nextTask();
      }
    } finally {
      warming = false;
    }
  }

  /** Called when the filter gets focus: by the first key the value text is (being) made. */
  function prepare(model: HeldTrace) {
    void warm(searchedOf(model));
  }

  async function query(id: number, model: HeldTrace, text: string, status: Uint8Array) {
    latestQuery = id;
    const started = performance.now();
    const s = searchedOf(model);
    const parsed = parseQuery(text);
    const run = matchSteps(parsed, s.corpus, status);
    querying++;
    try {
      for (;;) {
        const next = run.next();
        if (next.done) {
          const matches = next.value;
          post({ type: 'matches', id, matches, ms: performance.now() - started }, [matches.buffer]);
          if (needsValueText(parsed)) s.warmedTo = Math.max(s.warmedTo, s.corpus.count);
          break;
        }
        await nextTask();
        // Dropped: the client already gave up on it when it sent the newer one.
        if (latestQuery !== id) return post({ type: 'failed', id, message: SUPERSEDED });
      }
    } finally {
      querying--;
    }
    void warm(s);
  }

  return { query, prepare, corpusOf: searchedOf };
}
