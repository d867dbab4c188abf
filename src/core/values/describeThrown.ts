// What a flow threw, as a name and a message a person can read, whatever it
// is: an Error, a Symbol, undefined, a 10 MB string, an object whose getters
// throw, a Proxy whose traps throw. Every read of the value is guarded, and
// long text is cut, so describing never throws and never floods the screen.

import { groupDigits } from './grouped';

export interface ThrownText {
  /** 'TypeError', 'StandInError', … or what kind of value it was: 'a Symbol', 'a string' */
  readonly name: string;
  readonly message: string;
}

/** Characters of a message or value kept before the cut. */
export const MAX_THROWN_CHARS = 2_000;

function cut(text: string, max = MAX_THROWN_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${groupDigits(text.length)} characters in all, the first ${groupDigits(max)} shown)`;
}

/** Runs `read`, or describes how it failed; the failure itself is described only shallowly. */
function guarded<T>(read: () => T, what: string): { ok: true; value: T } | { ok: false; text: string } {
  try {
    return { ok: true, value: read() };
  } catch (e) {
    return { ok: false, text: `${what} threw ${shallow(e)}` };
  }
}

/** One line about a value, reading nothing that could run its code. */
function shallow(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(cut(v, 200));
    case 'symbol':
      return 'a Symbol';
    case 'function':
      return 'a function';
    case 'object':
      try {
        if (v instanceof Error && typeof v.message === 'string') return `${typeof v.name === 'string' ? cut(v.name, 100) : 'Error'} ${JSON.stringify(cut(v.message, 200))}`;
      } catch {
        // a Proxy, or getters that throw again: say no more
      }
      return 'an object';
    default:
      return `the ${typeof v} ${String(v)}`;
  }
}

function ownString(v: object, key: 'name' | 'message'): string | undefined {
  const r = guarded(() => (v as Record<string, unknown>)[key], `reading its ${key}`);
  if (!r.ok) return r.text;
  return typeof r.value === 'string' ? r.value : undefined;
}

export function describeThrown(v: unknown): ThrownText {
  if (v === undefined) return { name: 'undefined', message: 'The flow threw undefined (throw with no value, or a rejected promise without a reason).' };
  if (v === null) return { name: 'null', message: 'The flow threw null.' };
  switch (typeof v) {
    case 'string':
      return { name: 'a string', message: cut(v) };
    case 'symbol': {
      const r = guarded(() => (v as symbol).description, 'reading its description');
      const text = r.ok ? (r.value === undefined ? 'Symbol()' : `Symbol(${cut(r.value, 200)})`) : r.text;
      return { name: 'a Symbol', message: `The flow threw a Symbol, ${text}, which is not an Error and has no message.` };
    }
    case 'function':
      return { name: 'a function', message: 'The flow threw a function, not an Error.' };
    case 'object':
      return describeObject(v as object);
    default:
      return { name: `a ${typeof v}`, message: `The flow threw the ${typeof v} ${String(v)}.` };
  }
}

function describeObject(v: object): ThrownText {
  const isError = guarded(() => v instanceof Error, 'looking up its prototype');
  if (!isError.ok) return { name: 'an object', message: `The flow threw an object that could not be read: ${isError.text}. It may be a Proxy.` };
  if (isError.value) {
    const name = ownString(v, 'name') ?? 'Error';
    const message = ownString(v, 'message') ?? '';
    return { name: cut(name, 200), message: cut(message) };
  }
  // A plain value: show it as JSON when it can be, else say what stopped it.
  const json = guarded(() => JSON.stringify(v), 'reading it');
  if (!json.ok) return { name: 'an object', message: `The flow threw an object, not an Error, and ${json.text}.` };
  const text = typeof json.value === 'string' ? json.value : '{}';
  return { name: 'an object', message: `The flow threw an object, not an Error: ${cut(text)}` };
}
