import { describe, expect, test } from 'vitest';
import { describeThrown, MAX_THROWN_CHARS } from './describeThrown';

describe('describeThrown says what was thrown, whatever it is, and never throws itself', () => {
  test('an Error: its name and message', () => {
    expect(describeThrown(new RangeError('too far'))).toEqual({ name: 'RangeError', message: 'too far' });
  });
  test('a Symbol is a Symbol, not "Error: undefined"', () => {
    expect(describeThrown(Symbol('boom'))).toEqual({ name: 'a Symbol', message: 'The flow threw a Symbol, Symbol(boom), which is not an Error and has no message.' });
  });
  test('undefined and null', () => {
    expect(describeThrown(undefined).name).toBe('undefined');
    expect(describeThrown(undefined).message).toMatch(/^The flow threw undefined/);
    expect(describeThrown(null)).toEqual({ name: 'null', message: 'The flow threw null.' });
  });
  test('a 10 MB string is cut, and says how long it was', () => {
    const d = describeThrown('x'.repeat(10 * 1024 * 1024));
    expect(d.name).toBe('a string');
    expect(d.message.startsWith('x'.repeat(MAX_THROWN_CHARS) + '… (10,485,760 characters in all')).toBe(true);
    expect(d.message.length).toBeLessThan(MAX_THROWN_CHARS + 100);
  });
  test('an object whose getter throws names the getter’s error', () => {
    const o = {
      get total() {
        throw new TypeError('no total');
      }
    };
    expect(describeThrown(o)).toEqual({ name: 'an object', message: 'The flow threw an object, not an Error, and reading it threw TypeError "no total".' });
  });
  test('a Proxy whose every trap throws', () => {
    const p = new Proxy({}, { getPrototypeOf: () => { throw new Error('trap'); }, get: () => { throw new Error('trap'); } });
    expect(describeThrown(p).message).toBe('The flow threw an object that could not be read: looking up its prototype threw Error "trap". It may be a Proxy.');
  });
  test('an Error whose message getter throws', () => {
    const e = new Error('x');
    Object.defineProperty(e, 'message', { get: () => { throw new Error('nope'); } });
    expect(describeThrown(e)).toEqual({ name: 'Error', message: 'reading its message threw Error "nope"' });
  });
  test('a plain value is shown as JSON', () => {
    expect(describeThrown({ code: 42 })).toEqual({ name: 'an object', message: 'The flow threw an object, not an Error: {"code":42}' });
    expect(describeThrown(7)).toEqual({ name: 'a number', message: 'The flow threw the number 7.' });
  });
});
