import { describe, expect, it } from 'vitest';
import { DETECTOR_PRIORITY, detectSpans, type DetectorId } from './detectors';
import { passesLuhn } from './detect-card';
import { isIban } from './detect-iban';
import { hasJwtHeader } from './detect-tokens';
import { RUNAWAY_MS } from '../../test-support/runaway';

const ALL = new Set(DETECTOR_PRIORITY);

/** What the detectors find in `text`, as [detector, found text] pairs. */
function found(text: string, only?: DetectorId): [DetectorId, string][] {
  return detectSpans(text, only ? new Set([only]) : ALL).map((s) => [s.detector, text.slice(s.start, s.end)]);
}

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const PEM = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\nVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n-----END RSA PRIVATE KEY-----';

describe('email', () => {
  it('replaces only the address inside a sentence', () => {
    expect(found('contact ada@example.com today')).toEqual([['email', 'ada@example.com']]);
  });
  it('finds addresses with plus tags, subdomains, capitals, and at a sentence end', () => {
    expect(found('Mail Grace.Hopper+ops@mail.Example.ORG.')).toEqual([['email', 'Grace.Hopper+ops@mail.Example.ORG']]);
  });
  it('finds an address glued to a long identifier, keeping at most 64 characters of local part', () => {
    const text = `${'x'.repeat(100)}ada@example.com`;
    expect(found(text, 'email')).toEqual([['email', `${'x'.repeat(61)}ada@example.com`]]);
  });
  it('keeps the last top-level-looking label of a domain', () => {
    expect(found('ada@example.com.2', 'email')).toEqual([['email', 'ada@example.com']]);
  });
  it('leaves what is not an address', () => {
    expect(found('user@localhost, @example.com, a@b, 2 @ 3, foo@.com, x@1.2')).toEqual([]);
  });
});

describe('card numbers (Luhn)', () => {
  it('checks Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
  });
  it('finds a test card written in groups, with spaces or dashes, or plain', () => {
    expect(found('card 4242 4242 4242 4242 ok')).toEqual([['card', '4242 4242 4242 4242']]);
    expect(found('5555-5555-5555-4444')).toEqual([['card', '5555-5555-5555-4444']]);
    expect(found('pan=4242424242424242;')).toEqual([['card', '4242424242424242']]);
    expect(found('amex 3782 822463 10005')).toEqual([['card', '3782 822463 10005']]);
  });
  it('leaves a 16-digit order number that fails Luhn', () => {
    expect(found('order 1234567812345678 shipped')).toEqual([]);
    expect(found('order 4242 4242 4242 4243')).toEqual([]);
  });
  it('finds a card after an unrelated group, but never cuts one out of a longer number', () => {
    expect(found('qty 12 4242 4242 4242 4242')).toEqual([['card', '4242 4242 4242 4242']]);
    expect(found('id 424242424242424242424242')).toEqual([]);
    expect(found('id 4242424242424242-1')).toEqual([['card', '4242424242424242']]);
  });
  it('leaves digits glued to letters (hex ids) and too-short or too-long runs', () => {
    expect(found('a4242424242424242f')).toEqual([]);
    expect(found('424242424242')).toEqual([]);
    expect(found('42424242424242424242')).toEqual([]);
    expect(found('2024-01-15 and 1 2 3 4 5 6 7 8 9 0 1 2 6')).toEqual([]);
  });
});

describe('IBAN (country format and mod-97, via ibantools)', () => {
  it('finds a grouped, a compact and a lowercase IBAN', () => {
    expect(found('pay to GB82 WEST 1234 5698 7654 32 now')).toEqual([['iban', 'GB82 WEST 1234 5698 7654 32']]);
    expect(found('DE89370400440532013000')).toEqual([['iban', 'DE89370400440532013000']]);
    expect(found('gb82west12345698765432')).toEqual([['iban', 'gb82west12345698765432']]);
  });
  it('leaves an IBAN with one digit changed, and look-alike ids', () => {
    expect(found('GB82 WEST 1234 5698 7654 33')).toEqual([]);
    expect(isIban('GB82WEST12345698765433')).toBe(false);
    expect(found('ZZ82WEST12345698765432 AB12CDEFGHIJKLMNOP')).toEqual([]);
  });
});

describe('JWT', () => {
  it('finds a JWT whose header decodes to JSON with alg', () => {
    expect(hasJwtHeader('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9')).toBe(true);
    expect(found(`token=${JWT}&x=1`)).toEqual([['jwt', JWT]]);
  });
  it('finds an unsigned JWT (empty signature)', () => {
    const unsigned = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.';
    expect(found(unsigned)).toEqual([['jwt', unsigned]]);
  });
  it('leaves a random three-dot string and a header without alg', () => {
    expect(found('abc.def.ghi and v1.2.3')).toEqual([]);
    // {"not":"jwt"}.{"x":1}.sig
    expect(found('eyJub3QiOiJqd3QifQ.eyJ4IjoxfQ.c2ln')).toEqual([]);
    expect(found('eyJ%%%.eyJ4IjoxfQ.c2ln')).toEqual([]);
  });
});

describe('bearer tokens', () => {
  it('replaces the token and keeps the word Bearer', () => {
    expect(found('Authorization: Bearer abc123def456ghi789')).toEqual([['bearer', 'abc123def456ghi789']]);
    expect(found('bearer dGhpcyBpcyBhIHRva2Vu==')).toEqual([['bearer', 'dGhpcyBpcyBhIHRva2Vu==']]);
  });
  it('calls a JWT after Bearer a jwt: the more specific detector wins', () => {
    expect(found(`Bearer ${JWT}`)).toEqual([['jwt', JWT]]);
  });
  it('leaves prose', () => {
    expect(found('Bearer authentication is used; Bearer tokens expire')).toEqual([]);
  });
});

describe('vendor keys', () => {
  it('finds Stripe secret and restricted keys, live and test, but not publishable ones', () => {
    expect(found('sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toEqual([['stripe-key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc']]);
    expect(found('rk_test_51H8abcdefGHIJ')).toEqual([['stripe-key', 'rk_test_51H8abcdefGHIJ']]);
    expect(found('pk_live_4eC39HqLyjWDarjtT1zdp7dc sk_live_short')).toEqual([]);
  });
  it('finds AWS access key ids (AKIA, ASIA) of exactly 20 characters', () => {
    expect(found('id=AKIAIOSFODNN7EXAMPLE')).toEqual([['aws-key', 'AKIAIOSFODNN7EXAMPLE']]);
    expect(found('ASIAY34FZKBOKMUTVV7A')).toEqual([['aws-key', 'ASIAY34FZKBOKMUTVV7A']]);
    expect(found('AKIAIOSFODNN7EXAMPL AKIAIOSFODNN7EXAMPLEX')).toEqual([]);
  });
  it('finds GitHub classic and fine-grained tokens', () => {
    const classic = `ghp_${'a1B2'.repeat(9)}`;
    const fine = `github_pat_11ABCDEFG0123456789_${'x'.repeat(59)}`;
    expect(found(`${classic} ${fine}`)).toEqual([
      ['github-token', classic],
      ['github-token', fine]
    ]);
    expect(found('ghp_tooShort github_pat_short')).toEqual([]);
  });
  it('finds Slack tokens', () => {
    expect(found('xoxb-1234567890-0987654321-AbCdEfGhIjKl')).toEqual([['slack-token', 'xoxb-1234567890-0987654321-AbCdEfGhIjKl']]);
    expect(found('xoxz-1234567890-abc xoxb-short')).toEqual([]);
  });
});

describe('PEM private keys', () => {
  it('takes the whole block and leaves the text around it', () => {
    expect(found(`key:\n${PEM}\nend`)).toEqual([['private-key', PEM]]);
  });
  it('takes a key cut short up to the end of its body', () => {
    const cut = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC';
    expect(found(`${cut}`)).toEqual([['private-key', cut]]);
  });
  it('leaves public keys and certificates', () => {
    expect(found('-----BEGIN PUBLIC KEY-----\nMIIBIjANBg\n-----END PUBLIC KEY-----')).toEqual([]);
    expect(found('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----')).toEqual([]);
  });
  it('claims its body before any other detector can', () => {
    const withEmail = '-----BEGIN PRIVATE KEY-----\nada@example.com\n-----END PRIVATE KEY-----';
    expect(found(withEmail)).toEqual([['private-key', withEmail]]);
  });
});

describe('several detectors in one string', () => {
  it('returns spans in text order, each text once', () => {
    expect(found('a@example.com then 4242424242424242 then AKIAIOSFODNN7EXAMPLE').map(([d]) => d)).toEqual(['email', 'card', 'aws-key']);
  });
  it('runs only the enabled detectors', () => {
    expect(detectSpans('ada@example.com 4242424242424242', new Set(['card']))).toHaveLength(1);
    expect(detectSpans('ada@example.com', new Set())).toEqual([]);
  });
});

describe('linear time on hostile input', () => {
  // A backtracking regex goes quadratic on these (minutes for 5 MB); a linear
  // scan takes well under a second. The limit is generous for slow CI.
  const FIVE_MB = 5_000_000;
  const repeat = (unit: string) => unit.repeat(Math.ceil(FIVE_MB / unit.length));
  const cases: [string, string][] = [
    ['one long word before an @', 'a'.repeat(FIVE_MB) + '@'],
    ['@ without a top-level domain', repeat('ab@cd.1@')],
    ['dotted words', repeat('a.')],
    ['digits', '4'.repeat(FIVE_MB)],
    ['card groups failing Luhn', repeat('4242 4242 4242 4243 ')],
    ['a JWT header that never ends', 'eyJ' + 'a'.repeat(FIVE_MB)],
    ['JWT-like segments', repeat('eyJa.')],
    ['Bearer without tokens', repeat('Bearer ')],
    ['PEM headers without KEY', repeat('-----BEGIN PRIVATE ')],
    ['IBAN groups', repeat('GB82 WEST ')],
    ['vendor prefixes', repeat('sk_live_ AKIA ghp_ xoxb- github_pat_ ')],
    ['everything near', repeat('x@y 4242-4242 eyJhbGciOiJIUzI1NiJ9. Bearer AKIA ghp_ xoxb- -----BEGIN GB82 WEST ')]
  ];
  it.each(cases)('%s', (_name, text) => {
    const started = performance.now();
    detectSpans(text, ALL);
    expect(performance.now() - started).toBeLessThan(RUNAWAY_MS);
  }, 30_000);
});
