// The matcher: which steps a query selects, as ascending indices in an
// Int32Array (transferable, 4 bytes a match). A generator that yields after
// each chunk, so whoever drives it can stop when a newer query arrives and
// the worker answers other messages in between.
import type { StepQuery } from './query';
import { isEmptyQuery } from './query';
import { corpusSize, valueText, type SearchCorpus } from './corpus';
import { IS_DIVERGED, IS_NOTED, IS_STARRED, IS_UNREACHED } from './status';

export const MATCH_CHUNK = 10_000;

const STATUS_BIT = { unreached: IS_UNREACHED, diverged: IS_DIVERGED, noted: IS_NOTED, starred: IS_STARRED } as const;

const includesAll = (text: string, needles: readonly string[]) => needles.every((n) => text.includes(n));

function matchesAt(q: StepQuery, corpus: SearchCorpus, status: Uint8Array, statusMask: number, wantThrew: boolean, i: number): boolean {
  // Cheapest tests first: flags, then names and paths, then the value text.
  if (wantThrew && !corpus.threw[i]) return false;
  if (statusMask && ((status[i] ?? 0) & statusMask) !== statusMask) return false;
  const command = corpus.commands[i]!;
  if (!includesAll(command, q.cmd)) return false;
  const path = corpus.paths[i]!;
  if (!includesAll(path, q.path)) return false;
  if (q.phrases.length && !includesAll(valueText(corpus, i), q.phrases)) return false;
  for (const w of q.words) {
    if (!command.includes(w) && !path.includes(w) && !valueText(corpus, i).includes(w)) return false;
  }
  return true;
}

/** Yields the next step index to look at after each chunk; returns the matches. An empty query matches nothing. */
export function* matchSteps(q: StepQuery, corpus: SearchCorpus, status: Uint8Array, chunk = MATCH_CHUNK): Generator<number, Int32Array, void> {
  const n = corpusSize(corpus);
  if (isEmptyQuery(q) || q.unknown.length) return new Int32Array(0);
  let statusMask = 0;
  for (const s of q.is) if (s !== 'threw') statusMask |= STATUS_BIT[s];
  const wantThrew = q.is.includes('threw');
  const out = new Int32Array(n);
  let count = 0;
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk);
    for (let i = from; i < to; i++) if (matchesAt(q, corpus, status, statusMask, wantThrew, i)) out[count++] = i;
    if (to < n) yield to;
  }
  return out.slice(0, count);
}

/** Runs the matcher to the end in one go: for tests and small traces. */
export function matchAll(q: StepQuery, corpus: SearchCorpus, status: Uint8Array): Int32Array {
  const run = matchSteps(q, corpus, status);
  for (;;) {
    const next = run.next();
    if (next.done) return next.value;
  }
}
