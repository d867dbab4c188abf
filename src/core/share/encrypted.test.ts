import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { encodeBase64url } from './base64url';
import { buildCapsule, readCapsule } from './capsule';
import { armorCapsule, decryptCapsule, encryptCapsule, ENCRYPTED_FORMAT, KEY_CHARS, looksEncrypted, type Decrypted } from './encrypted';
import { fixtureIncidents } from './test-support/fixtureIncidents';

const CREATED = new Date('2026-12-01T12:00:00.000Z');
const checkout = fixtureIncidents().find((c) => c.name === 'checkout-zero-total')!;
const zip = buildCapsule(checkout.payload, { createdAt: CREATED });

const sealed = await encryptCapsule(zip);

function problem(result: Decrypted) {
  if (result.ok) throw new Error('expected the capsule not to decrypt');
  return result;
}

/** A fresh valid key that is not the one the capsule was sealed under. */
const otherKey = () => encodeBase64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));

describe('encrypted capsule round trip', () => {
  it('decrypts to the same zip, which reads back as the same incident', async () => {
    expect(sealed.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sealed.key.length).toBe(KEY_CHARS);
    const opened = await decryptCapsule(sealed.bytes, sealed.key);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.zip).toEqual(zip);
    const read = readCapsule(opened.zip);
    expect(read.ok && read.payload).toEqual(checkout.payload);
  });

  it('lays out magic, version, IV, length, then ciphertext with its tag; nothing of the zip shows', () => {
    const b = sealed.bytes;
    expect(new TextDecoder().decode(b.subarray(0, 4))).toBe('TSEC');
    expect(b[4]).toBe(ENCRYPTED_FORMAT);
    expect(new DataView(b.buffer, b.byteOffset).getUint32(17)).toBe(zip.length);
    expect(b.length).toBe(21 + zip.length + 16);
    const asText = new TextDecoder('latin1').decode(b);
    // A zip's local-header signature is four bytes, PK\x03\x04; two random bytes are "PK" about once in 65,536
    // positions, so only the whole signature (one in four billion) tells a leaked zip from chance.
    for (const visible of ['manifest.json', 'trace.json', 'checkout', 'PK\x03\x04']) expect(asText).not.toContain(visible);
  });

  it('makes a new key and IV for every capsule', async () => {
    const again = await encryptCapsule(zip);
    expect(again.key).not.toBe(sealed.key);
    expect(again.bytes.subarray(5, 17)).not.toEqual(sealed.bytes.subarray(5, 17));
  });

  it('reads the text form (for gists) the same, with whitespace and CRLF line ends', async () => {
    const text = armorCapsule(sealed.bytes);
    expect(text).toMatch(/^-----BEGIN TIMESCOPE ENCRYPTED CAPSULE-----\n/);
    expect(text.split('\n').every((line) => line.length <= 76 || line.startsWith('-----'))).toBe(true);
    const crlf = new TextEncoder().encode(`\uFEFF${text.replace(/\n/g, '\r\n')}`);
    const opened = await decryptCapsule(crlf, sealed.key);
    expect(opened.ok && opened.zip).toEqual(zip);
    expect(looksEncrypted(crlf)).toBe(true);
    expect(looksEncrypted(sealed.bytes)).toBe(true);
    expect(looksEncrypted(zip)).toBe(false);
  });

  it('takes the key with whitespace in it (a wrapped link)', async () => {
    const wrapped = `${sealed.key.slice(0, 20)}\n  ${sealed.key.slice(20)}`;
    expect((await decryptCapsule(sealed.bytes, wrapped)).ok).toBe(true);
  });
});

describe('what does not open says why', () => {
  it('a wrong key: wrong key, or the file was changed', async () => {
    const p = problem(await decryptCapsule(sealed.bytes, otherKey()));
    expect(p.kind).toBe('wrong-key');
    expect(p.message).toContain('wrong key, or the file was changed');
  });

  it('a tampered byte anywhere (header, IV, ciphertext, tag) reads as the same failure', async () => {
    for (const at of [4 + 1, 10, 21, 21 + Math.floor(zip.length / 2), sealed.bytes.length - 1]) {
      const changed = sealed.bytes.slice();
      changed[at] = changed[at]! ^ 0x01;
      const p = problem(await decryptCapsule(changed, sealed.key));
      expect(p.kind, `byte ${at}`).toBe('wrong-key');
    }
  });

  it('a changed length in the header is caught before decrypting', async () => {
    const changed = sealed.bytes.slice();
    new DataView(changed.buffer).setUint32(17, zip.length - 1);
    expect(problem(await decryptCapsule(changed, sealed.key))).toMatchObject({ kind: 'corrupt', message: expect.stringContaining('1 bytes more') });
  });

  it.each([
    ['empty', '', /empty/],
    ['too short', sealed.key.slice(0, 40), /40 characters long, and a capsule key is 43: it was cut short/],
    ['too long', `${sealed.key}x`, /44 characters long.*something was added/],
    ['not base64url', `${sealed.key.slice(0, 42)}+`, /character 43 of the key is "\+"/]
  ])('bad key text: %s', async (_name, key, message) => {
    const p = problem(await decryptCapsule(sealed.bytes, key));
    expect(p.kind).toBe('bad-key');
    expect(p.message).toMatch(message);
  });

  it('truncated: how much arrived, at every cut', async () => {
    const half = problem(await decryptCapsule(sealed.bytes.subarray(0, Math.floor(sealed.bytes.length / 2)), sealed.key));
    expect(half).toMatchObject({ kind: 'truncated', message: expect.stringMatching(/cut off: .* of its .* arrived \(49%\)/) });
    for (const cut of [0, 2, 4, 5, 20, 21, sealed.bytes.length - 1]) {
      expect(problem(await decryptCapsule(sealed.bytes.subarray(0, cut), sealed.key)).kind, `cut at ${cut}`).toBe('truncated');
    }
    const text = armorCapsule(sealed.bytes);
    const cutText = new TextEncoder().encode(text.slice(0, text.length / 2));
    expect(problem(await decryptCapsule(cutText, sealed.key))).toMatchObject({ kind: 'truncated', message: expect.stringContaining('END TIMESCOPE') });
  });

  it('a plain capsule (.zip) is not encrypted, and says to drop it', async () => {
    const p = problem(await decryptCapsule(zip, sealed.key));
    expect(p.kind).toBe('not-encrypted');
    expect(p.message).toContain('plain capsule (.zip)');
    expect(problem(await decryptCapsule(zipSync({ 'a.txt': new Uint8Array([1]) }), sealed.key)).kind).toBe('not-encrypted');
  });

  it('other bytes are not an encrypted capsule', async () => {
    for (const text of ['<!doctype html><title>Sign in</title>', '{"trace": []}', '-----BEGIN PGP MESSAGE-----\nabc']) {
      const p = problem(await decryptCapsule(new TextEncoder().encode(text), sealed.key));
      expect(p.kind, text).toBe('not-encrypted');
    }
  });

  it('a newer format says to update; format 0 is damage', async () => {
    const newer = sealed.bytes.slice();
    newer[4] = 2;
    expect(problem(await decryptCapsule(newer, sealed.key))).toMatchObject({ kind: 'unknown-version', message: expect.stringContaining('newer Timescope (format v2)') });
    newer[4] = 0;
    expect(problem(await decryptCapsule(newer, sealed.key)).kind).toBe('corrupt');
  });

  it('over the cap: refused by its declared length, before decrypting; and not sealed', async () => {
    const p = problem(await decryptCapsule(sealed.bytes, sealed.key, { maxBytes: 1024 }));
    expect(p).toMatchObject({ kind: 'too-big', message: expect.stringContaining('more than the 1 KB') });
    await expect(encryptCapsule(zip, { maxBytes: 1024 })).rejects.toThrow(/more than the 1 KB Timescope encrypts/);
  });

  it('no WebCrypto (a page over plain http): says it needs a secure context, and never throws', async () => {
    vi.stubGlobal('crypto', undefined);
    try {
      const p = problem(await decryptCapsule(sealed.bytes, sealed.key));
      expect(p).toMatchObject({ kind: 'no-crypto', message: expect.stringContaining('secure context') });
      await expect(encryptCapsule(zip)).rejects.toThrow(/secure context/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
