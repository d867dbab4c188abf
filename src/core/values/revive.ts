// Turning a stored error (`{__error: true, ...}`, spec §4.7) back into an
// Error, exactly as pure-effect's replay does (spec §4.8). The narration and
// the replay engine both print revived errors with `fmt`, whose key order
// depends on which own properties are enumerable and in what order they were
// created, so every step below mirrors the library's order of operations.

/** The serialized form of a thrown Error. */
export interface StoredError {
  readonly __error: true;
  readonly [key: string]: unknown;
}

/** True for an object the recorder marked as a serialized Error. */
export function isStoredError(v: unknown): v is StoredError {
  return typeof v === 'object' && v !== null && (v as { __error?: unknown }).__error === true;
}

/**
 * Revive a value stored for a step that threw. A stored error becomes a plain
 * `Error` (never a subclass: an AggregateError comes back as an Error named
 * 'AggregateError'); anything else, such as a thrown string, is returned
 * unchanged. Only thrown values are revived: a `{__error: true}` object
 * inside a result stays plain data, so callers must not use this on results.
 */
export function reviveError(stored: unknown): unknown {
  if (!isStoredError(stored)) return stored;
  const listed = enumerableList(stored.__enumerable);

  // `new Error(message)` coerces the message like the library does, and gives
  // the own (non-enumerable) `stack` and `message` their usual places.
  const e = new Error(stored.message as string | undefined);

  // Always an own property, even when the stored error has no name (a redact
  // that dropped it revives with name undefined, not 'Error', spec §10).
  define(e, 'name', stored.name, listed.has('name'));
  if (listed.has('message')) define(e, 'message', stored.message, true);

  for (const key of Object.keys(stored)) {
    if (key === '__error' || key === '__enumerable' || key === 'name' || key === 'message') continue;
    const value = stored[key];
    if (key === 'cause') {
      define(e, 'cause', reviveError(value), listed.has('cause'));
    } else if (key === '__errors' && Array.isArray(value)) {
      define(e, 'errors', value.map(reviveError), false);
    } else if (key === 'stack') {
      // V8 keeps an assigned stack non-enumerable; engines where `stack` is an
      // accessor would not, so define it to get V8's result everywhere (§9).
      define(e, 'stack', value, false);
    } else {
      // Plain assignment, as the library does: an enumerable own property in
      // stored order. (A JSON `__proto__` key therefore sets the prototype, as
      // it would in the library.)
      (e as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return e;
}

function enumerableList(v: unknown): ReadonlySet<unknown> {
  return new Set(Array.isArray(v) ? v : []);
}

function define(target: object, key: string, value: unknown, enumerable: boolean): void {
  Object.defineProperty(target, key, { value, enumerable, writable: true, configurable: true });
}
