// The wording helpers behind every argument and option message (spec §8).
// Their exact text is part of the library's observable behaviour.

import { isEffect, isOptionsObject } from './kinds';

export function describe(v: unknown): string {
  if (v === undefined) return 'undefined, which usually means a missing return';
  if (v === null) return 'null';
  // "Native Promise" means instanceof Promise; a thenable is just an object (§9).
  if (v instanceof Promise) return 'a Promise, which usually means an async function';
  if (typeof v === 'function') return 'a function, which usually means a flow was passed without being called with its input';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (typeof v !== 'object') return `the ${typeof v} ${String(v)}`;
  if (Array.isArray(v)) return 'an array';
  const type = (v as { type?: unknown }).type;
  if (typeof type === 'string') return `an object with an unrecognised type '${type}'`;
  return 'a plain object';
}

export function describeArg(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (isEffect(v)) return `an Effect of type '${v.type}'`;
  return describe(v);
}

export function describeConfig(v: unknown): string {
  if (typeof v === 'function') return 'a function, which usually means one that builds hooks was passed without being called';
  return describeArg(v);
}

/** One known option: its rule text (as in "must be <rule>") and its test. */
export interface OptionRule {
  readonly name: string;
  /** undefined for an option that takes any value */
  readonly rule?: string;
  readonly ok?: (v: unknown) => boolean;
  /** a sentence appended after the rule message */
  readonly advice?: string;
}

/** "a, b and c", as the library lists option names. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/**
 * The shared option check (spec §8): the message of the first problem, or
 * undefined. Callers choose the error class (EffectTypeError for constructors,
 * TypeError elsewhere).
 */
export function optionsProblem(source: string, options: unknown, rules: readonly OptionRule[]): string | undefined {
  if (options === null || options === undefined) return undefined;
  if (!isOptionsObject(options)) return `${source}'s options must be an object, got ${describeArg(options)}.`;
  const names = rules.map((r) => r.name);
  const unknown = Object.keys(options).find((k) => !names.includes(k));
  if (unknown !== undefined) return `${source} has no option named '${unknown}'; its options are ${listNames(names)}.`;
  for (const r of rules) {
    const v = options[r.name];
    if (v === undefined || !r.ok || r.ok(v)) continue;
    const advice = r.advice ? ` ${r.advice}` : '';
    return `${source} '${r.name}' must be ${r.rule ?? ''}, received ${describeArg(v)}.${advice}`;
  }
  return undefined;
}

export const isPositiveInteger = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1;
export const isFiniteNonNegative = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;
export const isBoolean = (v: unknown): boolean => typeof v === 'boolean';
export const isFunction = (v: unknown): boolean => typeof v === 'function';
