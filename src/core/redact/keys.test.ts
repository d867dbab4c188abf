import { describe, expect, it } from 'vitest';
import { compileKeyRules, matchKey } from './keys';
import { DEFAULT_KEY_RULES, type KeyRule } from './rules';

const defaults = compileKeyRules(DEFAULT_KEY_RULES);
const hit = (key: string, rules = defaults) => matchKey(rules, key)?.name;

describe('key rules', () => {
  it('match the default names case-insensitively', () => {
    expect(hit('email')).toBe('email');
    expect(hit('EMAIL')).toBe('email');
    expect(hit('Authorization')).toBe('authorization');
    expect(hit('CVV')).toBe('cvv');
  });

  it('find a long name (5+ letters) inside a key, whatever its spelling', () => {
    expect(hit('userEmail')).toBe('email');
    expect(hit('email_address')).toBe('email');
    expect(hit('emailaddress')).toBe('email');
    expect(hit('newPassword')).toBe('password');
    expect(hit('access_token')).toBe('token');
    expect(hit('Set-Cookie')).toBe('cookie');
    expect(hit('x-api-key')).toBe('apiKey');
    expect(hit('card_number')).toBe('card'); // `card` comes first in the list and is a word of it
    expect(hit('phoneNumber')).toBe('phone');
  });

  it('need a short name (pan, cvv, ssn, card, iban) to be a whole word of the key', () => {
    expect(hit('pan')).toBe('pan');
    expect(hit('masked_pan')).toBe('pan');
    expect(hit('userSsn')).toBe('ssn');
    expect(hit('cvvCode')).toBe('cvv');
    expect(hit('creditCard')).toBe('card');
    expect(hit('cards')).toBe('card');
    expect(hit('IBAN')).toBe('iban');
    expect(hit('HTTPAuthorization')).toBe('authorization');
  });

  it('leave keys where a short name is only letters inside another word', () => {
    for (const key of ['company', 'expand', 'panel', 'discard', 'scorecard', 'lessons', 'ribbon', 'id', 'displayName', 'createdAt']) {
      expect(hit(key), key).toBeUndefined();
    }
  });

  it('over-redact on the safe side with contains (the preview shows it)', () => {
    expect(hit('secretary')).toBe('secret');
    expect(hit('microphone')).toBe('phone');
  });

  it('honour an explicit match mode', () => {
    const rules: KeyRule[] = [{ name: 'name', match: 'exact' }, { name: 'sessionId', match: 'word' }];
    const compiled = compileKeyRules(rules);
    expect(hit('name', compiled)).toBe('name');
    expect(hit('Name', compiled)).toBe('name');
    expect(hit('displayName', compiled)).toBeUndefined();
    expect(hit('user_session_id', compiled)).toBe('sessionId');
    expect(hit('sessionIdentifier', compiled)).toBeUndefined();
  });

  it('ignore empty names and compare only the head of a huge key', () => {
    expect(compileKeyRules([{ name: '' }, { name: '--' }])).toEqual([]);
    expect(hit('x'.repeat(1_000_000) + 'email')).toBeUndefined();
    expect(hit('email' + 'x'.repeat(1_000_000))).toBe('email');
  });
});
