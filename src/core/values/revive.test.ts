// The stored forms below are the ones spec §4.7 shows the recorder writing;
// each revived error is checked against the original it was serialized from
// (deep-equality and narration), which is what replay fidelity needs.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fmt } from './fmt';
import { isStoredError, reviveError } from './revive';

const revive = (json: string) => reviveError(JSON.parse(json)) as Error & Record<string, unknown>;

describe('isStoredError', () => {
  it('accepts only objects whose __error is exactly true', () => {
    expect(isStoredError({ __error: true, message: 'm' })).toBe(true);
    expect(isStoredError({ __error: 'true' })).toBe(false);
    expect(isStoredError({ message: 'm' })).toBe(false);
    expect(isStoredError(null)).toBe(false);
    expect(isStoredError('boom')).toBe(false);
    expect(isStoredError([true])).toBe(false);
  });
});

describe('reviveError', () => {
  it('returns anything that is not a stored error unchanged', () => {
    const plain = { code: 42, e: {} };
    expect(reviveError(plain)).toBe(plain);
    expect(reviveError('Email already in use.')).toBe('Email already in use.');
    expect(reviveError(undefined)).toBeUndefined();
    expect(reviveError(null)).toBeNull();
    expect(reviveError(7)).toBe(7);
  });

  it('revives a plain Error with a code: deep-equal to the original, keys code, name, message', () => {
    const e = revive('{"__error":true,"name":"Error","message":"Amount must be non-zero.","code":"invalid_amount"}');
    expect(e).toBeInstanceOf(Error);
    expect(e.constructor).toBe(Error);
    const original = Object.assign(new Error('Amount must be non-zero.'), { code: 'invalid_amount' });
    expect(isDeepStrictEqual(e, original)).toBe(true);
    expect(Object.keys(e)).toEqual(['code']);
    expect(fmt(e)).toBe('{\n  "code": "invalid_amount",\n  "name": "Error",\n  "message": "Amount must be non-zero."\n}');
  });

  it('keeps an enumerable name in place (price-retry-fallback: name, code, upstream, message)', () => {
    const e = revive(
      '{"__error":true,"name":"TimeoutError","message":"pricing-svc did not answer within 15ms (sku GRND-58)","__enumerable":["name"],"code":"ETIMEDOUT","upstream":"pricing-svc"}'
    );
    expect(Object.keys(e)).toEqual(['name', 'code', 'upstream']);
    expect(fmt(e)).toBe(
      [
        '{',
        '  "name": "TimeoutError",',
        '  "code": "ETIMEDOUT",',
        '  "upstream": "pricing-svc",',
        '  "message": "pricing-svc did not answer within 15ms (sku GRND-58)"',
        '}'
      ].join('\n')
    );
    const original = Object.assign(new Error('pricing-svc did not answer within 15ms (sku GRND-58)'), {
      name: 'TimeoutError',
      code: 'ETIMEDOUT',
      upstream: 'pricing-svc'
    });
    expect(isDeepStrictEqual(e, original)).toBe(true);
    expect(fmt(e)).toBe(fmt(original));
  });

  it('defines a non-enumerable name when __enumerable does not list it', () => {
    const e = revive('{"__error":true,"name":"TypeError","message":"t"}');
    expect(Object.getOwnPropertyDescriptor(e, 'name')).toMatchObject({ value: 'TypeError', enumerable: false });
    expect(e).not.toBeInstanceOf(TypeError);
  });

  it('revives a name the recorder lost as undefined, not Error (spec §10)', () => {
    const e = revive('{"__error":true,"message":"[redacted]"}');
    expect(Object.prototype.hasOwnProperty.call(e, 'name')).toBe(true);
    expect(e.name).toBeUndefined();
    expect(fmt(e)).toBe('{\n  "message": "[redacted]"\n}');
  });

  it('makes message enumerable when listed, keeping its place before name', () => {
    const e = revive('{"__error":true,"name":"Error","message":"set later","__enumerable":["message"]}');
    const original = new Error();
    original.message = 'set later';
    expect(Object.keys(e)).toEqual(['message']);
    expect(isDeepStrictEqual(e, original)).toBe(true);
    expect(fmt(e)).toBe('{\n  "message": "set later",\n  "name": "Error"\n}');
    expect(fmt(e)).toBe(fmt(original));
  });

  it('revives a subclass that sets name and extra fields', () => {
    const e = revive('{"__error":true,"name":"MyErr","message":"mine","__enumerable":["name"],"extra":{"deep":[1]}}');
    class MyErr extends Error {
      declare extra: unknown; // no class field: it would be created before name
      constructor() {
        super('mine');
        this.name = 'MyErr';
        this.extra = { deep: [1] };
      }
    }
    expect(fmt(e)).toBe(fmt(new MyErr()));
    expect(Object.keys(e)).toEqual(['name', 'extra']);
  });

  it('revives a cause chain recursively, non-enumerable unless listed', () => {
    const e = revive(
      '{"__error":true,"name":"Error","message":"outer","cause":{"__error":true,"name":"Error","message":"mid","cause":"root"}}'
    );
    const original = new Error('outer', { cause: new Error('mid', { cause: 'root' }) });
    expect(isDeepStrictEqual(e, original)).toBe(true);
    expect(e.cause).toBeInstanceOf(Error);
    expect((e.cause as Error).cause).toBe('root');
    expect(Object.getOwnPropertyDescriptor(e, 'cause')?.enumerable).toBe(false);
    expect(fmt(e)).toBe('{\n  "name": "Error",\n  "message": "outer"\n}');
  });

  it('gives a self-caused error a separate cause, enumerable because listed', () => {
    const e = revive(
      '{"__error":true,"name":"Error","message":"loop","cause":{"__error":true,"name":"Error","message":"loop"},"__enumerable":["cause"]}'
    );
    expect(e.cause).toBeInstanceOf(Error);
    expect(e.cause).not.toBe(e);
    expect((e.cause as Error).message).toBe('loop');
    expect(Object.keys(e)).toEqual(['cause']);
    // the nested Error shows only its own enumerable keys: none
    expect(fmt(e)).toBe('{\n  "cause": {},\n  "name": "Error",\n  "message": "loop"\n}');
  });

  it('turns an array __errors into a non-enumerable errors of revived items', () => {
    const e = revive(
      '{"__error":true,"name":"AggregateError","message":"many","__errors":[{"__error":true,"name":"TypeError","message":"t1"},"str"]}'
    );
    expect(e).toBeInstanceOf(Error);
    expect(e.constructor).toBe(Error);
    expect(e.name).toBe('AggregateError');
    const errors = e.errors as unknown[];
    expect(Object.getOwnPropertyDescriptor(e, 'errors')?.enumerable).toBe(false);
    expect(errors[0]).toBeInstanceOf(Error);
    expect((errors[0] as Error).name).toBe('TypeError');
    expect(errors[1]).toBe('str');
    expect(Object.keys(e)).toEqual([]);
    expect(fmt(e)).toBe('{\n  "name": "AggregateError",\n  "message": "many"\n}');
  });

  it('assigns an enumerable errors as plain data', () => {
    const e = revive('{"__error":true,"name":"Error","message":"e","errors":[{},"y"]}');
    expect(Object.keys(e)).toEqual(['errors']);
    expect(e.errors).toEqual([{}, 'y']);
  });

  it('keeps a recorded stack identical and non-enumerable', () => {
    const stack = 'Error: s\n    at somewhere (file.js:1:1)';
    const e = revive(JSON.stringify({ __error: true, name: 'Error', message: 's', stack, code: 1 }));
    expect(e.stack).toBe(stack);
    expect(Object.getOwnPropertyDescriptor(e, 'stack')?.enumerable).toBe(false);
    expect(Object.keys(e)).toEqual(['code']);
  });

  it('does not revive nested markers outside cause and __errors', () => {
    const e = revive('{"__error":true,"name":"Error","message":"m","inner":{"__error":true,"message":"x"}}');
    expect(e.inner).toEqual({ __error: true, message: 'x' });
  });
});
