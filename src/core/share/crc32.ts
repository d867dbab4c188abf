// CRC-32 (IEEE, the one zip and gzip use). The link carries it so a link whose characters were
// changed in transit is called corrupt, not decoded into something else; the capsule reader checks
// each file against the CRC its zip directory records.

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** A running CRC-32: feed it chunks with `update`, read it with `value`. */
export function crc32Stream(): { update(bytes: Uint8Array): void; value(): number } {
  let c = 0xffffffff;
  return {
    update(bytes) {
      for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
    },
    value: () => (c ^ 0xffffffff) >>> 0
  };
}

export function crc32(bytes: Uint8Array): number {
  const s = crc32Stream();
  s.update(bytes);
  return s.value();
}
