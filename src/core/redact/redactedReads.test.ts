import { describe, expect, it } from 'vitest';
import { isRedactedMark, redactedMarkInText, redactedValuesIn } from './redactedReads';

describe('redacted values a flow can read', () => {
  it('knows recorders\' masks and our own pseudonyms, and nothing that merely mentions the word', () => {
    for (const mark of ['<redacted>', '<redacted:email>', '[REDACTED]', '[redacted:card]', 'REDACTED', '***', '<email:3f2a1c>', ' <redacted:phone> '])
      expect(isRedactedMark(mark), mark).toBe(true);
    for (const text of ['redacted by the edge', 'grace@example.org', '**', '<b>bold</b>', '<email:xyz>', 'the [redacted] part', ''])
      expect(isRedactedMark(text), text).toBe(false);
  });

  it('finds them inside a value, by path, up to the limit', () => {
    const value = { customer: { email: '<redacted:email>', name: 'Grace' }, cards: [{ pan: '[REDACTED]' }, { pan: '4242' }], note: 'fine' };
    expect(redactedValuesIn(value)).toEqual([
      { path: 'customer.email', mark: '<redacted:email>' },
      { path: 'cards[0].pan', mark: '[REDACTED]' }
    ]);
    expect(redactedValuesIn(value, 1)).toHaveLength(1);
    expect(redactedValuesIn('<redacted>')).toEqual([{ path: '', mark: '<redacted>' }]);
    expect(redactedValuesIn({ a: 1, b: null, c: [true] })).toEqual([]);
  });

  it('stops on deep or huge values instead of walking them whole', () => {
    let deep: unknown = '<redacted>';
    for (let i = 0; i < 200; i++) deep = { d: deep };
    expect(redactedValuesIn(deep)).toEqual([]);
    const wide = Array.from({ length: 50_000 }, () => 'x');
    wide.push('<redacted>');
    expect(redactedValuesIn(wide)).toEqual([]);
  });

  it('finds a mark an error message quotes', () => {
    expect(redactedMarkInText('invalid email: <redacted:email>')).toBe('<redacted:email>');
    expect(redactedMarkInText('card [REDACTED] declined')).toBe('[REDACTED]');
    expect(redactedMarkInText('user <email:3f2a1c> exists')).toBe('<email:3f2a1c>');
    expect(redactedMarkInText('card declined')).toBeUndefined();
  });
});
