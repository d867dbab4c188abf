// Links built by hand from bytes, following link.ts's documented v1 format independently of its
// encoder, so tests can carry what the encoder would never write: non-JSON, a newer `v`, a bomb.
import { deflateSync } from 'fflate';
import { encodeBase64url } from '../base64url';
import { crc32 } from '../crc32';

/** `#incident=i<version>.<n>.<data>` around the given CRC-32 and deflate-raw bytes. */
export function linkAround(crc: number, deflated: Uint8Array, version = 1): string {
  const bytes = new Uint8Array(4 + deflated.length);
  new DataView(bytes.buffer).setUint32(0, crc);
  bytes.set(deflated, 4);
  const data = encodeBase64url(bytes);
  return `#incident=i${version}.${data.length}.${data}`;
}

/** A well-formed link whose content is this text, whatever it is. */
export function linkOfText(text: string, version = 1): string {
  const bytes = new TextEncoder().encode(text);
  return linkAround(crc32(bytes), deflateSync(bytes, { level: 9 }), version);
}
