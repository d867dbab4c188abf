import { describe, expect, it } from 'vitest';
import { copyStoringErrors } from './copy';

const stored = (e: Error) => ({ name: e.name, message: e.message });

describe('copyStoringErrors', () => {
  it('stores an Error wherever it sits, on the fast path and off it', () => {
    const err = new Error('CM_503');
    for (const v of [err, { lastError: err }, [1, { a: [err] }], Object.assign(Object.create(null), { e: err })]) {
      const c = copyStoringErrors(v, stored);
      expect(c.ok).toBe(true);
      expect(JSON.stringify(c.ok && c.value)).toContain('"message":"CM_503"');
    }
  });

  it('copies plain data as JSON would, and class instances and toJSON through the replacer', () => {
    class Money {
      constructor(readonly cents: number, readonly why = new TypeError('bad')) {}
    }
    const plain = { a: 1, b: [true, null, 'x', undefined], c: { d: undefined, e: () => 1 }, f: NaN };
    expect(copyStoringErrors(plain, stored)).toMatchObject({ ok: true, value: JSON.parse(JSON.stringify(plain)) });
    expect(copyStoringErrors({ m: new Money(5) }, stored)).toMatchObject({ ok: true, value: { m: { cents: 5, why: { name: 'TypeError', message: 'bad' } } } });
    expect(copyStoringErrors({ t: { toJSON: () => new Error('late') } }, stored)).toMatchObject({ ok: true, value: { t: { message: 'late' } } });
    expect(copyStoringErrors({ d: new Date(0) }, stored)).toMatchObject({ ok: true, value: { d: '1970-01-01T00:00:00.000Z' } });
  });

  it('cuts a cycle and refuses a BigInt, as before', () => {
    const a: Record<string, unknown> = { n: 1 };
    a.self = a;
    expect(copyStoringErrors(a, stored)).toMatchObject({ ok: true, value: { n: 1 } });
    expect(copyStoringErrors({ big: 1n }, stored).ok).toBe(false);
  });

  it('takes the replacer for a value too big to walk first, with the same text', () => {
    const wide = Array.from({ length: 5000 }, (_, i) => ({ i, e: i === 4999 ? new Error('last') : null }));
    const c = copyStoringErrors(wide, stored);
    expect(c.ok && (c.value as { e: unknown }[])[4999]!.e).toEqual({ name: 'Error', message: 'last' });
  });
});

describe('the direct copy of plain data is the JSON round trip', () => {
  it('gives what JSON.parse(JSON.stringify(v)) gives, key order included, for any plain value', async () => {
    const fc = await import('fast-check');
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withSparseArray: true, withBoxedValues: false, withMap: false, withSet: false, withDate: false, withTypedArray: false, withBigInt: false, maxDepth: 6 }), (v) => {
        const text = JSON.stringify(v);
        const expected: unknown = text === undefined ? undefined : JSON.parse(text);
        const c = copyStoringErrors(v, stored);
        expect(c.ok).toBe(true);
        if (!c.ok) return;
        expect(JSON.stringify(c.value)).toBe(text);
        expect(c.value).toStrictEqual(expected);
        if (text !== undefined) expect(Math.abs((c.chars ?? 0) - text.length)).toBeLessThanOrEqual(text.length * 0.2 + 8);
      }),
      { numRuns: 2000 }
    );
  });

  it("counts a number's JSON length exactly, integers counted without writing them out", async () => {
    const fc = await import('fast-check');
    const numbers = fc.array(fc.oneof(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), fc.double({ noNaN: true }), fc.constantFrom(0, -0, 9, 10, 99, 100, 999_999_999, 1_000_000_000, -999_999_999, 1e21, Number.MAX_SAFE_INTEGER)));
    fc.assert(
      fc.property(numbers, (xs) => {
        const c = copyStoringErrors(xs, stored);
        expect(c.ok && c.chars).toBe(JSON.stringify(xs).length);
      }),
      { numRuns: 1000 }
    );
  });

  it("keeps a `__proto__` key as an own key, as JSON.parse does", () => {
    const v = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as unknown;
    const c = copyStoringErrors(v, stored);
    expect(c.ok && Object.keys(c.value as object)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(c.ok && Object.getPrototypeOf(c.value)).toBe(Object.prototype);
  });
});
