// The matcher: which steps a query selects, as ascending indices in an
// Int32Array (transferable, 4 bytes a match). Each term is looked for once in
// the whole trace (a Command name once per name, a path or value text in one
// walk over the joined texts: corpus.ts containingIn), then the steps are
// checked against those answers in chunks. A generator that yields between
// chunks (and while value texts are made), so whoever drives it can stop when
// a newer query arrives and the worker answers other messages in between.
import type { StepQuery } from './query';
import { isEmptyQuery } from './query';
import { containingIn, type SearchCorpus } from './corpus';
import { IS_DIVERGED, IS_NOTED, IS_STARRED, IS_UNREACHED } from './status';

export const MATCH_CHUNK = 10_000;

const STATUS_BIT = { unreached: IS_UNREACHED, diverged: IS_DIVERGED, noted: IS_NOTED, starred: IS_STARRED } as const;

const includesAll = (text: string, needles: readonly string[]) => needles.every((n) => text.includes(n));

/** Yields between chunks; returns the matches. An empty query matches nothing. */
export function* matchSteps(q: StepQuery, corpus: SearchCorpus, status: Uint8Array, chunk = MATCH_CHUNK): Generator<number | void, Int32Array, void> {
  const n = corpus.count;
  if (isEmptyQuery(q) || q.unknown.length) return new Int32Array(0);
  let statusMask = 0;
  for (const s of q.is) if (s !== 'threw') statusMask |= STATUS_BIT[s];
  const wantThrew = q.is.includes('threw');

  // Per Command name: whether it holds every cmd: term, and each free word.
  const nameOk = corpus.names.map((name) => includesAll(name, q.cmd));
  const wordInName = q.words.map((w) => corpus.names.map((name) => name.includes(w)));
  // Per step, one walk per term: paths, then value texts (which may take a while to make the first time).
  const inPath = q.path.map((t) => containingIn(corpus.paths, n, t));
  const wordInPath = q.words.map((w) => containingIn(corpus.paths, n, w));
  const inValue: Uint8Array[] = [];
  for (const p of q.phrases) inValue.push(yield* corpus.values.containing(p));
  const wordInValue: (Uint8Array | undefined)[] = [];
  for (let k = 0; k < q.words.length; k++) {
    // A word every step's name or path holds needs no value text at all.
    const covered = wordInPath[k]!.every((x, i) => x === 1 || wordInName[k]![corpus.command[i]!]);
    wordInValue.push(covered ? undefined : yield* corpus.values.containing(q.words[k]!));
  }

  const out = new Int32Array(n);
  let count = 0;
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk);
    next: for (let i = from; i < to; i++) {
      // Cheapest tests first: flags, then names and paths, then the value text.
      if (wantThrew && !corpus.threw[i]) continue;
      if (statusMask && ((status[i] ?? 0) & statusMask) !== statusMask) continue;
      const name = corpus.command[i]!;
      if (!nameOk[name]) continue;
      for (const m of inPath) if (!m[i]) continue next;
      for (const m of inValue) if (!m[i]) continue next;
      for (let k = 0; k < q.words.length; k++) if (!wordInName[k]![name] && !wordInPath[k]![i] && !wordInValue[k]?.[i]) continue next;
      out[count++] = i;
    }
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
