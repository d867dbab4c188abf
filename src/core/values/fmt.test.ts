import { describe, expect, it } from 'vitest';
import { fmt } from './fmt';
import { reviveError } from './revive';

describe('fmt', () => {
  it('renders undefined as the word undefined', () => {
    expect(fmt(undefined)).toBe('undefined');
  });

  it('renders data as 2-space JSON', () => {
    expect(fmt('GRND-58')).toBe('"GRND-58"');
    expect(fmt(null)).toBe('null');
    expect(fmt(2)).toBe('2');
    expect(fmt([])).toBe('[]');
    expect(fmt({ a: [1, { b: true }] })).toBe('{\n  "a": [\n    1,\n    {\n      "b": true\n    }\n  ]\n}');
  });

  it('falls back to String(v) when JSON.stringify throws', () => {
    expect(fmt(10n)).toBe('10');
    expect(fmt({ n: 10n })).toBe('[object Object]');
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(fmt(cycle)).toBe('[object Object]');
  });

  it('expands a top-level Error as own enumerable keys, then name, then message', () => {
    const e = Object.assign(new Error('Amount must be non-zero.'), { code: 'invalid_amount' });
    expect(fmt(e)).toBe('{\n  "code": "invalid_amount",\n  "name": "Error",\n  "message": "Amount must be non-zero."\n}');
  });

  it('keeps name in place when it is already an own enumerable key', () => {
    const paradox = Object.assign(new Error("Time paradox at path '2': …"), {
      name: 'TimeParadox',
      index: 2,
      path: '2',
      expected: 'a',
      actual: 'b'
    });
    expect(Object.keys(JSON.parse(fmt(paradox)))).toEqual(['name', 'index', 'path', 'expected', 'actual', 'message']);
  });

  it('shows a nested Error only through its own enumerable keys', () => {
    const exhausted = {
      retryExhausted: true,
      lastError: reviveError({ __error: true, name: 'Error', message: 'E1 happened', code: 'E1' }),
      attempts: 1
    };
    expect(fmt(exhausted)).toBe('{\n  "retryExhausted": true,\n  "lastError": {\n    "code": "E1"\n  },\n  "attempts": 1\n}');
    expect(fmt({ e: new Error('bare') })).toBe('{\n  "e": {}\n}');
  });

  it('renders a thrown string as JSON', () => {
    expect(fmt(reviveError('Email already in use.'))).toBe('"Email already in use."');
  });
});
