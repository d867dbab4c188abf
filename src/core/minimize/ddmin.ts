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
      for (const chunk of chunks) {
        if (await test(chunk)) {
          current = chunk;
          n = 2;
          reduced = true;
          break;
        }
      }
      if (!reduced && chunks.length > 2) {
        // Everything but one chunk still fails: drop that chunk.
        for (const chunk of chunks) {
          const drop = new Set(chunk);
          const complement = current.filter((i) => !drop.has(i));
          if (await test(complement)) {
            current = complement;
            n = Math.max(n - 1, 2);
            reduced = true;
            break;
          }
        }
      }
      if (!reduced) {
        if (n >= current.length) break;
        n = Math.min(n * 2, current.length);
      }
    }
    // 1-minimal, proven: remove each remaining part once more; any removal that still fails is kept
    // and the pass starts over, until a whole pass removes nothing.
    let changed = true;
    while (changed) {
      changed = false;
      for (const i of current) {
        const without = current.filter((j) => j !== i);
        if (await test(without)) {
          current = without;
          changed = true;
          break;
        }
      }
    }
    best = current;
    return result(true);
  } catch (e) {
    if (e instanceof Stop) return result(false, e.reason);
    throw e;
  }
}
