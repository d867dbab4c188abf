// What counts as an Effect (spec §1): only `type` is looked at, so a hand-built
// `{type: 'Success', value}` is as good as one from Success().

export type EffectType = 'Success' | 'Failure' | 'Command' | 'Ask' | 'Retry' | 'Parallel';

const TYPES: ReadonlySet<unknown> = new Set(['Success', 'Failure', 'Command', 'Ask', 'Retry', 'Parallel']);

/** Any node, seen loosely: the interpreter reads its fields by name. */
export interface AnyNode {
  readonly type: EffectType;
  readonly [key: string]: unknown;
}

export function isEffect(v: unknown): v is AnyNode {
  return typeof v === 'object' && v !== null && TYPES.has((v as { type?: unknown }).type);
}

/** A non-array object that is not an Effect: what options and configs must be. */
export function isOptionsObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isEffect(v);
}

export function isInteger(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}
