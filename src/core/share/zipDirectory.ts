// The table of contents of a zip, read from its central directory without inflating anything, so a
// capsule's names and sizes are judged before a single byte is unpacked. Only what capsules need:
// one disk, no zip64 (a capsule is far below 4 GB), stored or deflated files.

export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated */
  readonly method: number;
  readonly encrypted: boolean;
  readonly crc: number;
  readonly compressedSize: number;
  /** the uncompressed size the directory declares (a hostile zip may lie; the reader caps at it) */
  readonly size: number;
  /** where the file's data begins in the zip */
  readonly dataStart: number;
}

export type ZipDirectory = { readonly ok: true; readonly entries: readonly ZipEntry[] } | { readonly ok: false; readonly kind: 'truncated' | 'corrupt'; readonly detail: string };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const END_BYTES = 22;
const MAX_COMMENT = 0xffff;

export { isZip } from './recognize';

function findEnd(view: DataView): number {
  const last = view.byteLength - END_BYTES;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

const corrupt = (detail: string): ZipDirectory => ({ ok: false, kind: 'corrupt', detail });

export function readZipDirectory(bytes: Uint8Array): ZipDirectory {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  // The directory is the zip's last part, so a zip without one was most likely cut short.
  if (end < 0) return { ok: false, kind: 'truncated', detail: 'has no end-of-directory record, so it was cut short (or is not a whole zip)' };
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) return corrupt('is split across several disks');
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return corrupt('is a zip64 archive, which a capsule never is');
  if (offset + size > end) return corrupt('has a directory that points past its own end');

  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_HEADER) return corrupt(`has a damaged directory at entry ${i + 1}`);
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    // Names are decoded as UTF-8 whatever the flag says: capsules are written so (fflate sets the flag
    // for non-ASCII), and the old IBM code page is ASCII for every name a capsule can hold.
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const compressedSize = view.getUint32(at + 20, true);
    if (local + 30 > offset || view.getUint32(local, true) !== LOCAL_HEADER) return corrupt(`has no file data where its directory says "${name}" is`);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + compressedSize > offset) return corrupt(`says "${name}" is longer than the space it has`);
    entries.push({
      name,
      method: view.getUint16(at + 10, true),
      encrypted: (flags & 1) !== 0,
      crc: view.getUint32(at + 16, true),
      compressedSize,
      size: view.getUint32(at + 24, true),
      dataStart
    });
    at += 46 + skip;
  }
  return { ok: true, entries };
}
