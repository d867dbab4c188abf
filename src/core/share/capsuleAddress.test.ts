import { describe, expect, it } from 'vitest';
import { addressWithoutCapsule, capsuleLink, keyInText, parseCapsuleAddress } from './capsuleAddress';

const PAGE = 'https://timescope.example/app/';
const HOSTED = 'https://files.example/bucket/incident-checkout.capsule.enc?sig=a%2Bb&x=1';
const KEY = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

describe('capsuleLink', () => {
  it('puts the URI-encoded address in ?capsule= and the key after #', () => {
    const link = capsuleLink(`${PAGE}?trace=/x.json#step=3`, HOSTED, KEY);
    expect(link).toBe(`${PAGE}?capsule=${encodeURIComponent(HOSTED)}#key=${KEY}`);
    expect(parseCapsuleAddress(link)).toEqual({ capsuleUrl: HOSTED, key: KEY });
  });
});

describe('parseCapsuleAddress', () => {
  const expected = { capsuleUrl: 'https://h/c.capsule', key: 'abc' };

  it.each([
    ['# (as made)', `${PAGE}?capsule=https%3A%2F%2Fh%2Fc.capsule#key=abc`],
    ['# with other fragment parameters', `${PAGE}?capsule=https%3A%2F%2Fh%2Fc.capsule#step=2&key=abc`],
    ['%23 with the rest encoded', `${PAGE}?capsule=https%3A%2F%2Fh%2Fc.capsule%23key%3Dabc`],
    ['%23 with the rest as it was', `${PAGE}?capsule=https://h/c.capsule%23key=abc`],
    ['%23 in lower case', `${PAGE}?capsule=https://h/c.capsule%23key%3dabc`],
    ['%23 after another parameter', `${PAGE}?capsule=https%3A%2F%2Fh%2Fc.capsule&utm=mail%23key=abc`],
    ['%23 followed by more', `${PAGE}?capsule=https://h/c.capsule%23key=abc&step=2`],
    ['a wrapped key', `${PAGE}?capsule=https%3A%2F%2Fh%2Fc.capsule#key=a%20b%0Ac`],
    ['other query parameters around it', `${PAGE}?theme=dark&capsule=https%3A%2F%2Fh%2Fc.capsule&x=1#key=abc`]
  ])('%s', (_name, href) => {
    expect(parseCapsuleAddress(href)).toEqual(expected);
  });

  it('a capsule URL of its own query survives', () => {
    expect(parseCapsuleAddress(`${PAGE}?capsule=${encodeURIComponent(HOSTED)}%23key%3D${KEY}`)).toEqual({ capsuleUrl: HOSTED, key: KEY });
  });

  it('no ?capsule= is not a capsule link', () => {
    expect(parseCapsuleAddress(`${PAGE}#key=abc`)).toBeUndefined();
    expect(parseCapsuleAddress(`${PAGE}?trace=/x.json`)).toBeUndefined();
    expect(parseCapsuleAddress('not a url')).toBeUndefined();
  });

  it('a missing key asks for the whole link, and names the capsule', () => {
    for (const href of [`${PAGE}?capsule=https%3A%2F%2Fh%2Fc.capsule`, `${PAGE}?capsule=https%3A%2F%2Fh%2Fc.capsule#step=2`, `${PAGE}?capsule=https://h/c.capsule%23`]) {
      const r = parseCapsuleAddress(href);
      expect(r, href).toEqual({ capsuleUrl: 'https://h/c.capsule', error: expect.stringContaining('The link has no #key=…') });
      expect(r && 'error' in r && r.error).toContain('Ask for the whole link');
    }
    expect(parseCapsuleAddress(`${PAGE}?capsule=https://h/c.capsule#key=`)).toEqual({ capsuleUrl: 'https://h/c.capsule', error: expect.stringContaining('#key= is empty') });
  });

  it('an empty ?capsule= says so', () => {
    expect(parseCapsuleAddress(`${PAGE}?capsule=#key=abc`)).toEqual({ error: expect.stringContaining('?capsule= is empty') });
  });
});

describe('addressWithoutCapsule', () => {
  it.each([
    ['#', `${PAGE}?capsule=https%3A%2F%2Fh%2Fc#key=abc`, PAGE],
    ['# with the step kept', `${PAGE}?capsule=https%3A%2F%2Fh%2Fc#key=abc&step=3`, `${PAGE}#step=3`],
    ['%23', `${PAGE}?capsule=https://h/c%23key=abc`, PAGE],
    ['other parameters kept', `${PAGE}?theme=dark&capsule=https%3A%2F%2Fh%2Fc&utm=mail#step=2&key=abc`, `${PAGE}?theme=dark&utm=mail#step=2`],
    ['%23 in another parameter', `${PAGE}?capsule=https%3A%2F%2Fh%2Fc&utm=mail%23key=abc`, `${PAGE}?utm=mail`]
  ])('%s', (_name, href, expected) => {
    expect(addressWithoutCapsule(href)).toBe(expected);
  });
});

describe('keyInText (the CLI\'s --key)', () => {
  it.each([
    ['the key alone', KEY],
    ['wrapped', `${KEY.slice(0, 10)}\n ${KEY.slice(10)}`],
    ['a whole link', capsuleLink(PAGE, HOSTED, KEY)],
    ['a link with %23', `${PAGE}?capsule=${encodeURIComponent(HOSTED)}%23key%3D${KEY}`],
    ['a fragment', `#step=2&key=${KEY}`]
  ])('%s', (_name, text) => {
    expect(keyInText(text)).toBe(KEY);
  });
});
