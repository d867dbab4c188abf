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

  test('a number past the largest double, below the smallest, with too many digits, or -0, shows as the file wrote it', () => {
    const digits = `1${'2'.repeat(399)}`;
    const exact = { '/r/big': digits, '/r/huge': '-1e400', '/r/tiny': '1e-400', '/r/long': `0.${'1'.repeat(40)}` };
    const value = { big: Infinity, huge: -Infinity, tiny: 0, long: 0.1111111111111111, neg: -0 };
    const html = renderToStaticMarkup(<JsonValue value={value} label="v" exact={exact} pointer="/r" />);
    expect(html).toContain(`${digits} as in the file (too large for a JavaScript number; JavaScript reads Infinity)`);
    expect(html).toContain('-1e400 as in the file (too large for a JavaScript number; JavaScript reads -Infinity)');
    expect(html).toContain('1e-400 as in the file (too small for a JavaScript number; JavaScript reads 0)');
    expect(html).toContain(`0.${'1'.repeat(40)} as in the file (more digits than a JavaScript number keeps; JavaScript reads 0.1111111111111111)`);
    expect(html).toContain('<span class="ts-json-label">neg:</span><span class="ts-json-other">-0</span>');
    // A value on its own (no tree) too.
    expect(renderToStaticMarkup(<JsonValue value={Infinity} label="v" exact={{ '/r': '1e400' }} pointer="/r" />)).toContain('1e400 as in the file');
  });

  test('a long string is cut, with show all and its size', () => {
    const html = renderToStaticMarkup(<JsonValue value={{ s: '<b>'.repeat(4000) }} label="v" />);
    expect(html).toContain('show all (11.7 kB)');
    expect(html).not.toContain('<b>');
    expect(html.length).toBeLessThan(12_000);
  });
});
