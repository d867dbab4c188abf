// How timeTravel renders a value in its narration (spec §7.3). Shared by the
// recorded narration and the replay engine, so that both print byte-for-byte
// what the library prints.

/**
 * Render a value as timeTravel does: 2-space JSON, with a top-level Error
 * expanded to its own enumerable keys followed by `name` and `message`.
 */
export function fmt(v: unknown): string {
  // Spreading copies own enumerable keys in order; `name` then stays where it
  // is if it was already an enumerable own key, and otherwise comes last but
  // one. Nested Errors are left to JSON.stringify, which shows only their own
  // enumerable keys (`{}` for a bare Error), just like the library.
  try {
    const x = v instanceof Error ? { ...v, name: v.name, message: v.message } : v;
    // JSON.stringify gives undefined (not a string) for undefined, and the
    // library's template literal turns that into the word 'undefined'.
    return String(JSON.stringify(x, null, 2));
  } catch {
    // A BigInt or a cycle: the library falls back to String(v) ('10' for 10n).
    return stringOf(v);
  }
}

// String() itself can throw (an object without a prototype); the library would
// then reject, but a viewer should still show something.
function stringOf(v: unknown): string {
  try {
    return String(v);
  } catch {
    try {
      return Object.prototype.toString.call(v);
    } catch {
      return '[an object that cannot be read]'; // a Proxy whose traps throw
    }
  }
}
