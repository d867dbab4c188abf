// The encrypted capsule: the capsule's zip (capsule.ts), sealed with AES-256-GCM under a key made
// for it alone, so it can sit on any host (a bucket, a gist, a wiki attachment) that then holds only
// ciphertext. The key travels in the link's #fragment (capsuleAddress.ts), which browsers never send.
// Format v1, as it will be read forever:
//
//   offset  bytes  field
//   0       4      magic "TSEC" (Timescope encrypted capsule)
//   4       1      format version: 1
//   5       12     IV (random; the key is never reused, so this is belt and braces)
//   17      4      the zip's length in bytes, big endian
//   21      n+16   AES-256-GCM ciphertext of the zip, with its 16-byte tag at the end
//
// The first 21 bytes are GCM's additional data: a changed version or length fails the tag like a
// changed byte of ciphertext. The length is in the clear so a download cut short is called
// truncated, with how much arrived, instead of "wrong key". The key is the raw 32 bytes as
// base64url (43 characters), the one thing a link needs beside the file's address.
//
// Hosts that take only text (a gist) get the same bytes armored: base64url lines between
// BEGIN/END lines (armorCapsule); decryptCapsule reads either form.
//
// Uses only globalThis.crypto.subtle, so it runs in the browser (secure contexts only: https or
// localhost) and in Node 20. Never throws on input; every failure names what is wrong.
import { decodeBase64url, encodeBase64url } from './base64url';
import { ARMOR_BEGIN, ENCRYPTED_MAGIC as MAGIC, isZip, startsWithMagic } from './recognize';
import { sizeText } from './sizeText';

export const ENCRYPTED_FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES + 4;
const KEY_BYTES = 32;
/** base64url of 32 bytes, unpadded */
export const KEY_CHARS = 43;

/** The largest capsule zip sealed or opened: the plain capsule's unpack cap, which no zip of it exceeds. */
export const DEFAULT_MAX_ENCRYPTED_BYTES = 256 * 1024 * 1024;

/** What a file's name ends with, so its kind shows where it is stored. */
export const ENCRYPTED_EXTENSION = '.capsule.enc';
export const ARMORED_EXTENSION = '.capsule.txt';

const ARMOR_END = '-----END TIMESCOPE ENCRYPTED CAPSULE-----';
const ARMOR_LINE = 76;

export type EncryptedProblemKind = 'not-encrypted' | 'bad-key' | 'wrong-key' | 'truncated' | 'corrupt' | 'too-big' | 'unknown-version' | 'no-crypto';

type Failure = { readonly ok: false; readonly kind: EncryptedProblemKind; readonly message: string };

export type Decrypted = { readonly ok: true; readonly zip: Uint8Array } | Failure;

const fail = (kind: EncryptedProblemKind, message: string): Failure => ({ ok: false, kind, message });

export const NO_CRYPTO_MESSAGE =
  'This browser offers no WebCrypto here: encryption needs a secure context (an https address, or localhost), and this page was opened over plain http.';

/** WebCrypto, when this context has it: browsers hide it outside secure contexts (plain http on a LAN address). */
export function subtleCrypto(): SubtleCrypto | undefined {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  return c?.subtle ?? undefined;
}

// TypeScript's DOM types want ArrayBuffer-backed views for WebCrypto; ours always are.
const buffer = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

function header(iv: Uint8Array, length: number): Uint8Array {
  const h = new Uint8Array(HEADER_BYTES);
  h.set(MAGIC, 0);
  h[MAGIC.length] = ENCRYPTED_FORMAT;
  h.set(iv, MAGIC.length + 1);
  new DataView(h.buffer).setUint32(MAGIC.length + 1 + IV_BYTES, length);
  return h;
}

/** The capsule zip sealed under a fresh random key. Throws when there is no WebCrypto or the zip is over the cap. */
export async function encryptCapsule(zip: Uint8Array, options: { maxBytes?: number } = {}): Promise<{ bytes: Uint8Array; key: string }> {
  const subtle = subtleCrypto();
  if (!subtle) throw new Error(NO_CRYPTO_MESSAGE);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ENCRYPTED_BYTES;
  if (zip.length > maxBytes) throw new Error(`The capsule is ${sizeText(zip.length)}, more than the ${sizeText(maxBytes)} Timescope encrypts.`);
  const key = await subtle.generateKey({ name: 'AES-GCM', length: KEY_BYTES * 8 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const head = header(iv, zip.length);
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: buffer(head), tagLength: TAG_BYTES * 8 }, key, buffer(zip)));
  const bytes = new Uint8Array(HEADER_BYTES + sealed.length);
  bytes.set(head, 0);
  bytes.set(sealed, HEADER_BYTES);
  const raw = new Uint8Array(await subtle.exportKey('raw', key));
  return { bytes, key: encodeBase64url(raw) };
}

/** The sealed bytes as text, for hosts that take only text (a gist): base64url in lines of 76. */
export function armorCapsule(bytes: Uint8Array): string {
  const text = encodeBase64url(bytes);
  const lines: string[] = [ARMOR_BEGIN];
  for (let i = 0; i < text.length; i += ARMOR_LINE) lines.push(text.slice(i, i + ARMOR_LINE));
  lines.push(ARMOR_END, '');
  return lines.join('\n');
}

/** The bytes inside an armored capsule; other bytes as they are. */
function unarmor(bytes: Uint8Array): { ok: true; bytes: Uint8Array } | Failure {
  const probe = new TextDecoder().decode(bytes.subarray(0, ARMOR_BEGIN.length + 8)).replace(/^\uFEFF/, '').trimStart();
  if (!probe.startsWith('-----')) return { ok: true, bytes };
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trim();
  if (!text.startsWith(ARMOR_BEGIN)) {
    return ARMOR_BEGIN.startsWith(text)
      ? fail('truncated', 'The encrypted capsule (text form) was cut off inside its first line.')
      : fail('not-encrypted', `This is not an encrypted Timescope capsule: its text starts ${JSON.stringify(text.slice(0, 40))}, not "${ARMOR_BEGIN}".`);
  }
  const end = text.indexOf(ARMOR_END);
  if (end < 0) return fail('truncated', `The encrypted capsule (text form) was cut off: its "${ARMOR_END}" line never arrived.`);
  const decoded = decodeBase64url(text.slice(ARMOR_BEGIN.length, end).replace(/\s+/g, ''));
  if (!decoded.ok) return fail('corrupt', `The encrypted capsule (text form) is damaged: ${decoded.message}.`);
  return { ok: true, bytes: decoded.bytes };
}

export type KeyRead = { ok: true; raw: Uint8Array } | { ok: false; message: string };

/** The key's 32 bytes from its text. Whitespace is dropped first (mail clients wrap long links). */
export function readKey(keyText: string): KeyRead {
  const text = keyText.replace(/\s+/g, '');
  if (text.length === 0) return { ok: false, message: 'The key is empty: the link should end in #key= and 43 characters.' };
  if (text.length !== KEY_CHARS) {
    const how = text.length < KEY_CHARS ? 'it was cut short' : 'something was added to it';
    return { ok: false, message: `The key is ${text.length} characters long, and a capsule key is ${KEY_CHARS}: ${how}.` };
  }
  const decoded = decodeBase64url(text);
  if (!decoded.ok) return { ok: false, message: `The key is damaged: ${decoded.message.replace('its data', 'the key')}.` };
  return { ok: true, raw: decoded.bytes.subarray(0, KEY_BYTES) };
}

const isMagicPrefix = (bytes: Uint8Array) => bytes.length < MAGIC.length && [...bytes].every((b, i) => b === MAGIC[i]);

/** Check the file's header and length, before any key is tried. */
function checkFrame(bytes: Uint8Array, maxBytes: number): { ok: true; length: number } | Failure {
    if (bytes.length === 0) return fail('truncated', 'The encrypted capsule is empty: 0 bytes arrived.');
  if (isZip(bytes)) return fail('not-encrypted', 'This is a plain capsule (.zip), not an encrypted one: it needs no key. Download it and drop it on this page.');
  if (isMagicPrefix(bytes) || (startsWithMagic(bytes) && bytes.length === MAGIC.length)) {
    return fail('truncated', `The encrypted capsule was cut off after ${bytes.length} bytes, inside its header.`);
  }
  if (!startsWithMagic(bytes)) return fail('not-encrypted', 'This is not an encrypted Timescope capsule: such a file starts with "TSEC", and this one does not.');
  const version = bytes[MAGIC.length]!;
  if (version > ENCRYPTED_FORMAT) return fail('unknown-version', `This encrypted capsule was made by a newer Timescope (format v${version}); this one reads up to v${ENCRYPTED_FORMAT}. Update Timescope to open it.`);
  if (version < 1) return fail('corrupt', `The encrypted capsule is damaged: it says format v${version}, which never existed.`);
  if (bytes.length < HEADER_BYTES) return fail('truncated', `The encrypted capsule was cut off after ${bytes.length} bytes, inside its ${HEADER_BYTES}-byte header.`);
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(MAGIC.length + 1 + IV_BYTES);
  if (length > maxBytes) return fail('too-big', `The encrypted capsule was not opened: it says it holds ${sizeText(length)}, more than the ${sizeText(maxBytes)} Timescope opens.`);
  const expected = HEADER_BYTES + length + TAG_BYTES;
  if (bytes.length < expected) {
    const percent = Math.floor((bytes.length / expected) * 100);
    return fail('truncated', `The encrypted capsule was cut off: ${sizeText(bytes.length)} of its ${sizeText(expected)} arrived (${percent}%).`);
  }
  if (bytes.length > expected) return fail('corrupt', `The encrypted capsule is damaged: it has ${bytes.length - expected} bytes more than the ${expected} its header declares.`);
  return { ok: true, length };
}

/** The capsule zip inside an encrypted capsule (binary or text form). Never throws. */
export async function decryptCapsule(bytes: Uint8Array, keyText: string, options: { maxBytes?: number } = {}): Promise<Decrypted> {
  const subtle = subtleCrypto();
  if (!subtle) return fail('no-crypto', NO_CRYPTO_MESSAGE);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ENCRYPTED_BYTES;
  const key = readKey(keyText);
  if (!key.ok) return fail('bad-key', `${key.message} Ask for the whole link again.`);
  const unarmored = unarmor(bytes);
  if (!unarmored.ok) return unarmored;
  const file = unarmored.bytes;
  const frame = checkFrame(file, maxBytes);
  if (!frame.ok) return frame;
  const iv = file.subarray(MAGIC.length + 1, MAGIC.length + 1 + IV_BYTES);
  try {
    const cryptoKey = await subtle.importKey('raw', buffer(key.raw), { name: 'AES-GCM' }, false, ['decrypt']);
    const zip = new Uint8Array(
      await subtle.decrypt({ name: 'AES-GCM', iv: buffer(iv), additionalData: buffer(file.subarray(0, HEADER_BYTES)), tagLength: TAG_BYTES * 8 }, cryptoKey, buffer(file.subarray(HEADER_BYTES)))
    );
    return { ok: true, zip };
  } catch {
    // GCM's tag fails alike for a wrong key and for a changed byte: there is no telling them apart.
    return fail(
      'wrong-key',
      'The encrypted capsule could not be decrypted with this key: it is the wrong key, or the file was changed after it was encrypted (the two look the same to AES-GCM).'
    );
  }
}

export { looksEncrypted } from './recognize';
