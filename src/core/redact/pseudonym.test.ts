import { describe, expect, it } from 'vitest';
import { comparableForm, createPseudonymizer, generateSecret, isToken, tokenType } from './pseudonym';

const secretOf = (byte: number) => new Uint8Array(32).fill(byte);

describe('stable keyed pseudonyms', () => {
  it('turn a value into a typed token of 6 hex digits', async () => {
    const token = await createPseudonymizer(secretOf(1))('email', 'ada@example.com');
    expect(token).toMatch(/^<email:[0-9a-f]{6}>$/);
    expect(isToken(token)).toBe(true);
  });

  it('give the same value the same token, within a pseudonymizer and across two with the same secret', async () => {
    const one = createPseudonymizer(secretOf(1));
    const two = createPseudonymizer(secretOf(1));
    const first = await one('email', 'ada@example.com');
    expect(await one('email', 'ada@example.com')).toBe(first);
    expect(await two('email', 'ada@example.com')).toBe(first);
  });

  it('give different secrets different tokens, so a token cannot be checked against guesses without the secret', async () => {
    const a = await createPseudonymizer(secretOf(1))('email', 'ada@example.com');
    const b = await createPseudonymizer(secretOf(2))('email', 'ada@example.com');
    expect(a).not.toBe(b);
  });

  it('give different values different tokens', async () => {
    const p = createPseudonymizer(generateSecret());
    const tokens = await Promise.all(Array.from({ length: 2000 }, (_, i) => p('email', `user${i}@example.com`)));
    expect(new Set(tokens).size).toBe(2000);
  });

  it('widen a token rather than let two values share one', async () => {
    // 6 hex digits are 16.7M values: among 20,000 values about 12 pairs share a prefix (odds of none: 1 in 150,000).
    const p = createPseudonymizer(secretOf(7));
    const values = Array.from({ length: 20_000 }, (_, i) => `v${i}`);
    const tokens: string[] = [];
    for (const v of values) tokens.push(await p('id', v));
    expect(new Set(tokens).size).toBe(values.length);
    expect(tokens.some((t) => t.length > '<id:123456>'.length)).toBe(true);
    // and widening is itself stable: asking again gives the same widened tokens
    for (let i = 0; i < values.length; i += 997) expect(await p('id', values[i] as string)).toBe(tokens[i]);
  });

  it('keep the hex of a value whatever rule caught it, so equality across rules stays visible', async () => {
    const p = createPseudonymizer(secretOf(3));
    const asToken = await p('token', 'abc123');
    const asJwt = await p('jwt', 'abc123');
    expect(asToken.slice('<token:'.length)).toBe(asJwt.slice('<jwt:'.length));
  });

  it('compare emails without case or surrounding spaces, cards and IBANs without grouping', async () => {
    const p = createPseudonymizer(secretOf(4));
    expect(await p('email', '  Grace.Hopper@Example.org ')).toBe(await p('email', 'grace.hopper@example.org'));
    expect(await p('card', '4242 4242 4242 4242')).toBe(await p('card', '4242-4242-4242-4242'));
    expect(await p('iban', 'GB82 WEST 1234 5698 7654 32')).toBe(await p('iban', 'gb82west12345698765432'));
    expect(await p('password', 'Hunter2')).not.toBe(await p('password', 'hunter2'));
    expect(comparableForm('phone', '+44 20 7946-0958')).toBe('+442079460958');
  });

  it('honour a longer hex length', async () => {
    expect(await createPseudonymizer(secretOf(1), { hexLength: 8 })('email', 'a@b.co')).toMatch(/^<email:[0-9a-f]{8}>$/);
  });

  it('keep a type to safe characters, so no rule name can break the token shape', () => {
    expect(tokenType('card>number<x')).toBe('cardnumberx');
    expect(tokenType('>:<')).toBe('redacted');
  });

  it('make fresh 32-byte secrets', () => {
    const a = generateSecret();
    expect(a).toHaveLength(32);
    expect(a).not.toEqual(generateSecret());
  });
});
