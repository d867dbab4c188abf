// Pins what JsonValue relies on in react-json-view-lite: a Date renders
// through toISOString as text, so a rounded integer shows as its file digits.
import { describe, expect, test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { JsonValue } from './JsonValue';

describe('JsonValue', () => {
  test('an integer past 2^53 shows the digits from the file, marked', () => {
    const html = renderToStaticMarkup(<JsonValue value={{ id: 9007199254740992 }} label="v" exact={{ '/r/id': '9007199254740993' }} pointer="/r" />);
    expect(html).toContain('9007199254740993 as in the file (beyond 2^53; JavaScript reads 9007199254740992)');
  });

  test('a long string is cut, with show all and its size', () => {
    const html = renderToStaticMarkup(<JsonValue value={{ s: '<b>'.repeat(4000) }} label="v" />);
    expect(html).toContain('show all (11.7 kB)');
    expect(html).not.toContain('<b>');
    expect(html.length).toBeLessThan(12_000);
  });
});
