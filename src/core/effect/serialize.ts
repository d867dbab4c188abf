// Serializing a thrown Error to the trace's stored form (spec §4.7). Key order
// matters: it decides how the revived error prints.

export interface SerializeOptions {
  /** also keep `stack` (the recorder's `stack: true`) */
  readonly stack?: boolean;
}

const own = (o: object, k: string): boolean => Object.prototype.propertyIsEnumerable.call(o, k);

/**
 * `{__error, name, message, [stack], [cause], [__errors], [__enumerable], ...own}`
 * for an Error; any other value is returned as it is (the caller copies it).
 * Nested values are not copied here, and a getter that throws propagates.
 */
export function serializeError(e: unknown, options?: SerializeOptions): unknown {
  return serialize(e, new Set<Error>(), options?.stack === true);
}

function serialize(v: unknown, chain: Set<Error>, stack: boolean): unknown {
  if (!(v instanceof Error)) return v;
  const out: Record<string, unknown> = { __error: true, name: v.name, message: v.message };
  // Reached again through cause or __errors: a loop, so stop here.
  if (chain.has(v)) return out;
  chain.add(v);
  try {
    if (stack) out.stack = v.stack;
    if ('cause' in v) out.cause = serialize(v.cause, chain, stack);
    const errors = (v as { errors?: unknown }).errors;
    // An AggregateError's own errors are not enumerable; an enumerable one is copied as plain data below.
    if (Array.isArray(errors) && !own(v, 'errors')) out.__errors = errors.map((x) => serialize(x, chain, stack));
    const listed = ['name', 'message', 'cause'].filter((k) => own(v, k));
    if (listed.length > 0) out.__enumerable = listed;
    for (const k of Object.keys(v)) {
      if (k !== 'name' && k !== 'message' && k !== 'cause') out[k] = (v as unknown as Record<string, unknown>)[k];
    }
  } finally {
    chain.delete(v);
  }
  return out;
}
