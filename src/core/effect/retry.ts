// The Retry constructor and its validation (spec §2.4). Running it is in runRetry.ts.

import { describe, isFiniteNonNegative, isFunction, isPositiveInteger, optionsProblem, type OptionRule } from './describe';
import { EffectTypeError } from './errors';
import { isEffect } from './kinds';
import { passOn, type Effect, type RetryNode, type RetryOptions } from './nodes';

const RULES: readonly OptionRule[] = [
  {
    name: 'attempts',
    rule: 'a positive integer',
    ok: isPositiveInteger,
    advice:
      "To handle an outcome without retrying, branch on it as data in the Command's next, or isolate a failing branch with Parallel's settled option."
  },
  { name: 'delay', rule: 'a finite number of 0 or more', ok: isFiniteNonNegative },
  { name: 'backoff', rule: 'a finite number of 0 or more', ok: isFiniteNonNegative },
  { name: 'onExhausted', rule: 'a function that returns the fallback', ok: isFunction }
];

export function Retry(effect: Effect, options?: RetryOptions | null): RetryNode {
  if (!isEffect(effect)) throw new EffectTypeError(`Retry expects the Effect to run, got ${describe(effect)}.`);
  const given: unknown = options;
  if (typeof given === 'number') {
    throw new EffectTypeError(`Retry's options must be an object, got the number ${given}: write Retry(effect, { attempts: ${given} }).`);
  }
  const problem = optionsProblem('Retry', given, RULES);
  if (problem) throw new EffectTypeError(problem);
  // A frozen shallow copy; defaults are applied when it runs, not stored here.
  const frozen: Readonly<RetryOptions> = Object.freeze({ ...(given ?? {}) });
  return { type: 'Retry', effect, options: frozen, next: passOn };
}
