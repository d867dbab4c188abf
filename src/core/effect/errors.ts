// EffectTypeError (spec §2.7): the error every constructor throws for a bad
// argument, and the one raised when something that should be an Effect is not.

import { describe } from './describe';
import { markHarness } from './marks';

export class EffectTypeError extends TypeError {
  constructor(message: string) {
    super(message);
    // Own and enumerable, as the library sets it (it shows in fmt and JSON).
    this.name = 'EffectTypeError';
    markHarness(this);
  }
}

/** Keep a stray Promise from reporting an unhandled rejection once we refuse it. */
export function quiet(v: unknown): void {
  if (v instanceof Promise) v.catch(() => undefined);
}

/**
 * `<source> returned <describe(v)>. Return Success, …` where source is e.g.
 * `Step 'validate'`, `The next of Command 'cmdA'` or `The flow`.
 */
export function notEffectError(source: string, v: unknown): EffectTypeError {
  quiet(v);
  const tail =
    v instanceof Promise
      ? 'a step cannot be async, so do the awaited work in a Command and continue in its next.'
      : 'a plain value has to be wrapped, as in Success(value).';
  return new EffectTypeError(`${source} returned ${describe(v)}. Return Success, Failure, Command, Ask, Retry, or Parallel: ${tail}`);
}
