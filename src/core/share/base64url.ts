// base64url (RFC 4648 §5) without padding: the alphabet survives URLs, chat apps and mail
// untouched. Decoding is strict (one wrong character is an error naming it), so a mangled link
// is reported as corrupt rather than decoded into different bytes.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const VALUE = (() => {
  const value = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) value[ALPHABET.charCodeAt(i)] = i;
  return value;
})();

const CODES = new TextEncoder().encode(ALPHABET);

export function encodeBase64url(bytes: Uint8Array): string {
  // Written as ASCII codes and decoded once: string concatenation per character is ~20x slower
  // for a multi-megabyte trace.
  const out = new Uint8Array(Math.ceil((bytes.length * 4) / 3));
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = CODES[n >> 18]!;
    out[o++] = CODES[(n >> 12) & 63]!;
    out[o++] = CODES[(n >> 6) & 63]!;
    out[o++] = CODES[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    out[o++] = CODES[n >> 18]!;
    out[o++] = CODES[(n >> 12) & 63]!;
    if (rest === 2) out[o++] = CODES[(n >> 6) & 63]!;
  }
  return new TextDecoder().decode(out.subarray(0, o));
}

export type Base64urlDecoded = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

export function decodeBase64url(text: string): Base64urlDecoded {
  // A group of 4 characters is 3 bytes; a lone last character carries fewer than 8 bits.
  if (text.length % 4 === 1) return { ok: false, message: `its data has ${text.length} characters, which no base64url text has (one too many or one missing)` };
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? VALUE[code]! : -1;
    if (v < 0) return { ok: false, message: `character ${i + 1} of its data is ${JSON.stringify(text[i])}, which base64url never uses` };
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[o++] = (acc >> bits) & 0xff;
    }
  }
  return { ok: true, bytes };
}
