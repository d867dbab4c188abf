// A deterministic stand-in for "is this linear?": count every property read a function makes of
// its input, through proxies, instead of timing it. A clock ratio of two sizes is noise on a busy
// 2-core CI machine (10,000 steps take 0.6 ms, below what the clock can compare), and it failed
// there; a read count is the same on every run. The figures on the clock are in `npm run bench`.

/** A proxy of `value` (and of everything reached through it) and the number of reads made so far. */
export function countReads<T extends object>(value: T): { readonly input: T; readonly reads: () => number } {
  let reads = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    // A frozen property must be returned as it is (a proxy invariant); its reads still count.
    let p = proxies.get(v);
    if (!p) {
      p = new Proxy(v, {
        get(target, key, receiver) {
          reads += 1;
          const got: unknown = Reflect.get(target, key, receiver);
          const own = Object.getOwnPropertyDescriptor(target, key);
          return own && !own.configurable && !own.writable ? got : wrap(got);
        }
      });
      proxies.set(v, p);
    }
    return p;
  };
  return { input: wrap(value) as T, reads: () => reads };
}

/** How many times more reads `run` makes of the bigger input than of the smaller one. */
export function readRatio<T extends object>(run: (input: T) => unknown, small: T, big: T): number {
  const a = countReads(small);
  run(a.input);
  const b = countReads(big);
  run(b.input);
  return b.reads() / Math.max(1, a.reads());
}
