// The Parallel constructor and its argument reading (spec §2.5). Running it is in runParallel.ts.

import { describe, describeArg, isBoolean, isPositiveInteger, optionsProblem, type OptionRule } from './describe';
import { EffectTypeError } from './errors';
import { isEffect, isOptionsObject } from './kinds';
import { Success, type Effect, type Next, type ParallelNode, type ParallelOptions } from './nodes';
import { currentTracer } from './tracer';

const RULES: readonly OptionRule[] = [
  { name: 'limit', rule: 'a positive integer', ok: isPositiveInteger },
  { name: 'settled', rule: 'true or false', ok: isBoolean }
];

const allValues: Next = ((values: unknown) => Success(values)) as Next;

export function Parallel(
  effects: readonly Effect[],
  nextOrOptions?: Next | ParallelOptions | null,
  options?: ParallelOptions | null
): ParallelNode {
  const list: unknown = effects;
  if (!Array.isArray(list)) throw new EffectTypeError(`Parallel expects an array of Effects, got ${describeArg(list)}.`);
  list.forEach((v: unknown, i) => {
    if (!isEffect(v)) throw new EffectTypeError(`Parallel's branch ${i} is ${describe(v)}.`);
  });

  const second: unknown = nextOrOptions;
  const third: unknown = options;
  let next = allValues;
  let opts: unknown = third;
  if (typeof second === 'function') {
    next = second as Next;
  } else if (isOptionsObject(second)) {
    opts = second;
    if (typeof third === 'function') {
      throw new EffectTypeError("Parallel's next goes second and its options third: Parallel(effects, next, options).");
    }
    if (third !== undefined && third !== null) {
      throw new EffectTypeError(
        `Parallel takes one options object, and with the options second its third argument, ${describeArg(third)}, would be ignored.`
      );
    }
  } else if (second !== undefined && second !== null) {
    throw new EffectTypeError(`Parallel's second argument must be next or the options, got ${describeArg(second)}.`);
  }

  const problem = optionsProblem('Parallel', opts, RULES);
  if (problem) throw new EffectTypeError(problem);
  const frozen: Readonly<ParallelOptions> = Object.freeze({ ...((opts as ParallelOptions | null | undefined) ?? {}) });
  const node: ParallelNode = { type: 'Parallel', effects: list as Effect[], next, options: frozen };
  currentTracer()?.created(node);
  return node;
}
