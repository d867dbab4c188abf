import { describe, expect, it } from 'vitest';
import { codeOf, parseJsonText, parseOverrideArg, thrownError } from './form';

describe('what-if inputs', () => {
  it('parses JSON, or says where it breaks by line and column', () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonText('null')).toEqual({ ok: true, value: null });
    expect(parseJsonText('{\n  "a": 1\n  "b": 2\n}')).toEqual({ ok: false, message: "line 3, column 3: expected ',' or '}' after a property value" });
    expect(parseJsonText('{"a": 1,}')).toEqual({ ok: false, message: 'line 1, column 8: a trailing comma is not allowed in JSON' });
    expect(parseJsonText('  ').ok).toBe(false);
  });

  it('reads an error code as a number only when it is one', () => {
    expect(codeOf('42')).toBe(42);
    expect(codeOf(' invalid_amount ')).toBe('invalid_amount');
    expect(codeOf('007')).toBe('007');
    expect(codeOf('')).toBeUndefined();
    expect(thrownError('', 'm', '')).toMatchObject({ ok: false });
    expect(thrownError('TimeoutError', 'slow', '504')).toEqual({ ok: true, value: { name: 'TimeoutError', message: 'slow', code: 504 } });
  });

  it('parses the CLI forms of --override', () => {
    expect(parseOverrideArg('2={"status":"succeeded"}')).toEqual({ ok: true, value: { at: '2', kind: 'result', value: { status: 'succeeded' } } });
    expect(parseOverrideArg('#0=null')).toEqual({ ok: true, value: { at: '#0', kind: 'result', value: null } });
    expect(parseOverrideArg('1=throw:{"name":"E","message":"m","code":7}')).toEqual({
      ok: true,
      value: { at: '1', kind: 'throw', error: { name: 'E', message: 'm', code: 7 } }
    });
    expect(parseOverrideArg('0p=cancelled:none')).toEqual({ ok: true, value: { at: '0p', kind: 'cancelled', branch: null } });
    expect(parseOverrideArg('0p=cancelled:1')).toEqual({ ok: true, value: { at: '0p', kind: 'cancelled', branch: 1 } });
    expect(parseOverrideArg('0p=cancelled:x')).toMatchObject({ ok: false });
    expect(parseOverrideArg('1=throw:{"message":"m"}')).toMatchObject({ ok: false });
    expect(parseOverrideArg('2={oops}')).toEqual({ ok: false, message: "2: the result is not JSON (line 1, column 2: expected a double-quoted property name, got 'o')" });
    expect(parseOverrideArg('novalue')).toMatchObject({ ok: false });
  });
});
