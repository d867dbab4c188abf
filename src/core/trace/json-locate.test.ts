import { describe, expect, test } from 'vitest';
import { findJsonError, lineColumn } from './json-locate';
import { parseTraceText } from './parse';
import { FIXTURES, join, listDir, readText } from './test-support/files';

describe('findJsonError', () => {
  test.each([
    ['{"a": 1', 7, 'unexpected end of JSON'],
    ['', 0, 'unexpected end of JSON'],
    ['{"a": 1 "b": 2}', 8, "expected ',' or '}' after a property value"],
    ['[1 2]', 3, "expected ',' or ']' after an array element"],
    ['{"a" 1}', 5, "expected ':' after a property name"],
    ['{"a": 1,}', 7, 'a trailing comma is not allowed in JSON'],
    ['[1, 2, ]', 5, 'a trailing comma is not allowed in JSON'],
    ['{a: 1}', 1, "expected a double-quoted property name, got 'a'"],
    ["['x']", 1, 'strings in JSON use double quotes, not single quotes'],
    ['{"a": NaN}', 6, "unexpected word 'NaN', expected a value"],
    ['{"a": nulll}', 6, "unexpected word 'nulll', expected a value"],
    ['{"a": }', 6, "unexpected '}', expected a value"],
    ['[01]', 2, 'a number cannot have a leading zero'],
    ['[-]', 2, "expected a digit after '-'"],
    ['[1.]', 3, 'expected a digit after the decimal point'],
    ['[1e+]', 4, 'expected a digit in the exponent'],
    ['["a\\x"]', 3, "invalid escape '\\x' in a string"],
    ['["\\u12G4"]', 2, 'invalid \\u escape in a string: \\u needs four hex digits'],
    ['["a\nb"]', 3, 'line break inside a string: close the string, or write \\n'],
    ['["a\tb"]', 3, 'unescaped control character U+0009 inside a string'],
    ['["abc', 5, 'unexpected end of JSON inside a string'],
    ['{} x', 3, "unexpected 'x' after the end of the JSON value"],
    ['\u00a0{}', 0, 'unexpected U+00A0, expected a value']
  ])('%j', (text, offset, message) => {
    expect(findJsonError(text)).toEqual({ offset, message });
  });

  test('accepts what JSON.parse accepts', () => {
    for (const text of ['0', '-0.5e-3', '"\\u00e9\\n"', ' [ ] ', '{"a":[{"b":null,"c":true,"d":false}]}', '[[[[[[1]]]]]]']) {
      JSON.parse(text);
      expect(findJsonError(text)).toBeUndefined();
    }
  });

  test('accepts every shared fixture trace', () => {
    const dirs = listDir(FIXTURES).filter((d) => !d.includes('.'));
    expect(dirs.length).toBeGreaterThanOrEqual(11);
    for (const dir of dirs) expect(findJsonError(readText(join(FIXTURES, dir, 'expected/trace.json')))).toBeUndefined();
  });

  test('survives nesting far deeper than a call stack', () => {
    expect(findJsonError('['.repeat(200_000))).toEqual({ offset: 200_000, message: 'unexpected end of JSON' });
  });
});

describe('lineColumn', () => {
  test('counts lines from 1 and columns from 1, in UTF-16 units', () => {
    const text = 'ab\ncd\r\néf\n';
    expect(lineColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn(text, 2)).toEqual({ line: 1, column: 3 });
    expect(lineColumn(text, 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn(text, 8)).toEqual({ line: 3, column: 2 });
    expect(lineColumn(text, text.length)).toEqual({ line: 4, column: 1 });
  });
});

describe('syntax errors through parseTraceText', () => {
  const problem = (text: string) => {
    const r = parseTraceText(text);
    if (r.kind !== 'error') throw new Error(`parsed as ${r.kind}`);
    return r.problem;
  };

  test('names line and column of a cut-off pretty-printed trace', () => {
    const text = '{\n  "flowName": "checkout",\n  "trace": [\n    {"command": "a", "path": "0", "result": {"total": 1';
    expect(problem(text)).toMatchObject({ message: 'line 4, column 56: unexpected end of JSON', where: { line: 4, column: 56 } });
  });

  test('CRLF line ends count as one line break', () => {
    const text = '{\r\n  "trace": [\r\n    {"command": "a",}\r\n  ]\r\n}\r\n';
    expect(problem(text)).toMatchObject({ message: 'line 3, column 20: a trailing comma is not allowed in JSON', where: { line: 3, column: 20 } });
  });

  test('a BOM before the text does not shift columns', () => {
    expect(problem('\ufeff{"trace": [}').message).toBe("line 1, column 12: unexpected '}', expected a value");
  });

  test('pretty-printed JSON whose first line is incomplete is not mistaken for JSONL', () => {
    const text = '{\n  "trace": []\n}\n{\n';
    expect(problem(text).message).toBe("line 4, column 1: unexpected '{' after the end of the JSON value");
  });
});
