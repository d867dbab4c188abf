// How deep a value nests, measured without recursion. JSON.parse reads any
// depth, but everything after it recurses: the structured clone that carries
// the model out of the parse worker overflows its stack a few thousand levels
// down ("Maximum call stack size exceeded" inside postMessage), and so would
// JSON.stringify (sessions, share links), revival for replay and the value
// tree. So a trace is refused at load, naming the entry and the depth, before
// anything recursive sees it.

/** Values nest at most this deep; real ones stay under 50, and every recursive walk has room to spare. */
export const MAX_VALUE_DEPTH = 1_000;

/**
 * The depth of `value` (a scalar is 0, `[]` and `{}` are 1, `[[1]]` is 2) when
 * it is over `limit`, else undefined. Walks with an explicit stack, so a value
 * 100,000 levels deep costs a loop, never a stack overflow.
 */
export function depthOver(value: unknown, limit = MAX_VALUE_DEPTH): number | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  // One stack of values and one of depths, reused in place: at 100,000 entries this walk visits
  // every object of the trace, and an array per object (Object.values) doubled its cost in GC.
  const values: object[] = [value];
  const depths: number[] = [1];
  let top = 1;
  let deepest = 0;
  while (top > 0) {
    top--;
    const v = values[top]!;
    const d = depths[top]!;
    if (d > deepest) deepest = d;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const c: unknown = v[i];
        if (c !== null && typeof c === 'object') {
          values[top] = c;
          depths[top++] = d + 1;
        }
      }
    } else {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        const c: unknown = (v as Record<string, unknown>)[key];
        if (c !== null && typeof c === 'object') {
          values[top] = c;
          depths[top++] = d + 1;
        }
      }
    }
  }
  return deepest > limit ? deepest : undefined;
}
