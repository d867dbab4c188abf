// Delta debugging (ddmin, Zeller & Hildebrandt 2002): shrink a list of parts to a subset that still
// fails, then make it 1-minimal — removing any single remaining part stops it failing. Generic over
// the parts and the test, so the incident minimizer (minimize.ts) and the redaction check (which
// rules break the repro) share it. Deterministic: the same parts and answers give the same result,
// and a subset is never tested twice (answers are cached by the subset's indices).

export interface DdminOptions {
  /** at most this many tests; past it, the smallest failing subset found so far is returned */
  readonly budget: number;
  readonly signal?: AbortSignal;
  /** after each test: how many have run, and how many parts the smallest failing subset has */
  readonly onProgress?: (progress: { readonly tests: number; readonly size: number }) => void;
  /**
   * how many subsets of one step to test at once (the sandbox workers there are): of a step's
   * subsets (the chunks, then the complements, then each part left out) a window this wide is
   * tested together and the first that fails, in order, is taken, so the result is the one a
   * window of 1 gives whenever no budget stops it. 1 by default.
   */
  readonly parallel?: number;
}

export interface DdminResult<T> {
  /** the smallest failing subset found, in the parts' order */
  readonly kept: readonly T[];
  /** tests run (cached answers not counted) */
  readonly tests: number;
  /** true when every single remaining part was removed once more and the rest stopped failing */
  readonly minimal: boolean;
  /** why it stopped before proving minimality */
  readonly stopped?: 'budget' | 'cancelled';
}

/** `fails(subset)` answers whether the incident made of those parts still fails the same way. */
export type FailTest<T> = (subset: readonly T[]) => Promise<boolean>;

class Stop extends Error {
  constructor(readonly reason: 'budget' | 'cancelled') {
    super(reason);
  }
}

/** Splits `items` into `n` runs of near-equal length, in order. */
function split<T>(items: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const end = start + Math.floor((items.length - start) / (n - i));
    out.push(items.slice(start, end));
    start = end;
  }
  return out.filter((c) => c.length > 0);
}

export async function ddmin<T>(parts: readonly T[], fails: FailTest<T>, options: DdminOptions): Promise<DdminResult<T>> {
  const cache = new Map<string, boolean>();
  let tests = 0;
  let best: number[] = parts.map((_, i) => i);
  const test = async (indices: readonly number[]): Promise<boolean> => {
    const key = indices.join(',');
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    if (options.signal?.aborted) throw new Stop('cancelled');
    if (tests >= options.budget) throw new Stop('budget');
    tests++;
    const answer = await fails(indices.map((i) => parts[i]!));
    cache.set(key, answer);
    if (answer && indices.length < best.length) best = [...indices];
    options.onProgress?.({ tests, size: best.length });
    return answer;
  };
  const width = Math.max(1, Math.floor(options.parallel ?? 1));
  /** The first of `subsets`, in order, that fails: tested a window at a time. */
  const firstFailing = async (subsets: readonly (readonly number[])[]): Promise<readonly number[] | undefined> => {
    for (let at = 0; at < subsets.length; at += width) {
      const window = subsets.slice(at, at + width);
      // Within the budget: a window cut short by it still answers for what it could test, in order.
      let room = options.budget - tests;
      const affordable: (readonly number[])[] = [];
      for (const w of window) {
        if (!cache.has(w.join(','))) {
          if (room <= 0) break;
          room--;
        }
        affordable.push(w);
      }
      if (affordable.length === 0) throw new Stop(options.signal?.aborted ? 'cancelled' : 'budget');
      const answers = await Promise.all(affordable.map((w) => test(w).then((a) => a, (e: unknown) => e)));
      for (let i = 0; i < answers.length; i++) {
        if (answers[i] instanceof Error) throw answers[i];
        if (answers[i] === true) return affordable[i];
      }
      if (affordable.length < window.length) throw new Stop('budget');
    }
    return undefined;
  };
  const result = (minimal: boolean, stopped?: 'budget' | 'cancelled'): DdminResult<T> => ({
    kept: best.map((i) => parts[i]!),
    tests,
    minimal,
    ...(stopped ? { stopped } : {})
  });

  try {
    // The empty incident first: a failure that needs none of the parts is answered in one test.
    if (best.length > 0 && (await test([]))) return result(true);
    let current = best;
    let n = 2;
    while (current.length >= 2) {
      const chunks = split(current, Math.min(n, current.length));
      let reduced = false;
      // A chunk alone still fails: keep only it.
      const alone = await firstFailing(chunks);
      if (alone) {
        current = [...alone];
        n = 2;
        reduced = true;
      }
      if (!reduced && chunks.length > 2) {
        // Everything but one chunk still fails: drop that chunk.
        const from = current;
        const complement = await firstFailing(chunks.map((chunk) => {
          const drop = new Set(chunk);
          return from.filter((i) => !drop.has(i));
        }));
        if (complement) {
          current = [...complement];
          n = Math.max(n - 1, 2);
          reduced = true;
        }
      }
      if (!reduced) {
        if (n >= current.length) break;
        n = Math.min(n * 2, current.length);
      }
    }
    // 1-minimal, proven: remove each remaining part once more; any removal that still fails is kept
    // and the pass starts over, until a whole pass removes nothing.
    for (;;) {
      const from = current;
      const smaller = await firstFailing(from.map((i) => from.filter((j) => j !== i)));
      if (!smaller) break;
      current = [...smaller];
    }
    best = current;
    return result(true);
  } catch (e) {
    if (e instanceof Stop) return result(false, e.reason);
    throw e;
  }
}
