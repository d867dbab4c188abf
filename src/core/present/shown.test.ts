import { describe, expect, test } from 'vitest';
import { CUT_TO_CHARS, LONG_STRING_CHARS, shownValue, utf8Bytes } from './shown';

const number = (n: { source: string | undefined; value: number }) => `#${n.source ?? n.value}`;

describe('shownValue', () => {
  test('returns the very value when nothing in it needs cutting or marking', () => {
    const v = { a: [1, 'x'.repeat(LONG_STRING_CHARS)], b: { c: 9007199254740991 } };
    const shown = shownValue(v, { number });
    expect(shown.value).toBe(v);
    expect(shown.long).toEqual([]);
  });

  test('cuts long strings and marks rounded integers, with their place and the digits from the side table', () => {
    const long = 'y'.repeat(LONG_STRING_CHARS + 1);
    const v = { keep: { n: 1 }, doc: { items: [{ body: long }] }, id: 9007199254740992 };
    const shown = shownValue(v, { number, exact: { '/trace/0/result/id': '9007199254740993' }, pointer: '/trace/0/result' });
    const out = shown.value as typeof v;
    expect(out).not.toBe(v);
    expect(out.keep).toBe(v.keep);
    expect(out.doc.items[0]!.body).toBe(`${'y'.repeat(CUT_TO_CHARS)}…`);
    expect(out.id).toBe('#9007199254740993');
    expect(shown.long).toEqual([{ where: 'doc.items[0].body', text: long }]);
    expect(shown.big).toEqual([{ where: 'id', value: 9007199254740992, source: '9007199254740993' }]);
    // The original is untouched: replay and copy use it.
    expect(v.doc.items[0]!.body).toBe(long);
  });

  test('a value not from the file (a replay) marks a rounded-looking integer with no digits claimed', () => {
    expect(shownValue([2 ** 60], { number }).big).toEqual([{ where: '[0]', value: 2 ** 60, source: undefined }]);
  });

  test('a value from the file whose integer is not in the table was written exactly', () => {
    const v = { limit: 2 ** 53 };
    expect(shownValue(v, { number, pointer: '/trace/0/result' }).value).toBe(v);
    expect(shownValue(v, { number, exact: { '/x': '1' }, pointer: '/trace/0/result' }).big).toEqual([]);
  });

  test('any number with text in the side table is marked (1e400, 1e-400), and -0 keeps its sign', () => {
    const shown = shownValue([Infinity, 0, -0, 0], { number, exact: { '/r/0': '1e400', '/r/1': '1e-400' }, pointer: '/r' });
    expect(shown.value).toEqual(['#1e400', '#1e-400', '#-0', 0]);
  });

  test('a __proto__ key in a copied object stays an own key', () => {
    const v = JSON.parse(`{"__proto__":{"s":"${'z'.repeat(LONG_STRING_CHARS + 1)}"}}`) as object;
    const out = shownValue(v, { number }).value as object;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
  });

  test('counts UTF-8 bytes', () => {
    expect(utf8Bytes('aé€😀')).toBe(1 + 2 + 3 + 4);
  });
});
