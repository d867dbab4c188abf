// Zips written by hand, entry by entry, so a test can make what fflate's zipSync never writes: a
// directory that lies about a file's size, a file data with a wrong CRC, a truncated archive.
import { deflateSync } from 'fflate';
import { crc32 } from '../crc32';

export interface RawZipEntry {
  readonly name: string;
  /** the bytes as stored in the zip (already deflated when method is 8) */
  readonly data: Uint8Array;
  readonly method: 0 | 8;
  readonly crc: number;
  /** the uncompressed size to declare */
  readonly size: number;
}

/** An honest entry: deflated, with its real CRC and size. */
export function deflatedEntry(name: string, content: string | Uint8Array): RawZipEntry {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { name, data: deflateSync(bytes), method: 8, crc: crc32(bytes), size: bytes.length };
}

export function writeZip(entries: readonly RawZipEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x800, true);
    lv.setUint16(8, e.method, true);
    lv.setUint32(14, e.crc, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, e.size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const c = new Uint8Array(46 + name.length);
    const cv = new DataView(c.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x800, true);
    cv.setUint16(10, e.method, true);
    cv.setUint32(16, e.crc, true);
    cv.setUint32(20, e.data.length, true);
    cv.setUint32(24, e.size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    c.set(name, 46);
    parts.push(local, e.data);
    central.push(c);
    offset += local.length + e.data.length;
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
