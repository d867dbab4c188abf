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
  const values: unknown[] = [value];
  const depths: number[] = [1];
  let deepest = 0;
  while (values.length > 0) {
    const v = values.pop() as object;
    const d = depths.pop()!;
    if (d > deepest) deepest = d;
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const c of children) {
      if (c !== null && typeof c === 'object') {
        values.push(c);
        depths.push(d + 1);
      }
    }
  }
  return deepest > limit ? deepest : undefined;
}
