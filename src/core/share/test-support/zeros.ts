// A deflate-raw stream that inflates to `count` zero bytes, written directly (one fixed-Huffman
// block: a literal 0, then <length 258, distance 1> copies), so a test can hold a "1 GB" bomb in
// ~7 MB without compressing a gigabyte first.

class BitWriter {
  private readonly bytes: Uint8Array;
  private bit = 0;
  constructor(capacityBits: number) {
    this.bytes = new Uint8Array(Math.ceil(capacityBits / 8) + 1);
  }
  /** `n` bits of `value`, least significant first (deflate's order for headers and extra bits) */
  bits(value: number, n: number): void {
    for (let i = 0; i < n; i++, this.bit++) if ((value >> i) & 1) this.bytes[this.bit >> 3]! |= 1 << (this.bit & 7);
  }
  /** a Huffman code of `n` bits, most significant first */
  code(value: number, n: number): void {
    for (let i = n - 1; i >= 0; i--, this.bit++) if ((value >> i) & 1) this.bytes[this.bit >> 3]! |= 1 << (this.bit & 7);
  }
  done(): Uint8Array {
    return this.bytes.subarray(0, Math.ceil(this.bit / 8));
  }
}

const LITERAL_ZERO = { code: 0x30, bits: 8 };
const LENGTH_258 = { code: 0xc5, bits: 8 }; // symbol 285
const DISTANCE_1 = { code: 0, bits: 5 };
const END_OF_BLOCK = { code: 0, bits: 7 };

export function deflatedZeros(count: number): Uint8Array {
  const copies = Math.floor((count - 1) / 258);
  const literals = count - copies * 258; // >= 1
  const w = new BitWriter(3 + literals * 8 + copies * 13 + 7);
  w.bits(1, 1); // BFINAL
  w.bits(1, 2); // BTYPE 01: fixed Huffman
  for (let i = 0; i < literals; i++) w.code(LITERAL_ZERO.code, LITERAL_ZERO.bits);
  for (let i = 0; i < copies; i++) {
    w.code(LENGTH_258.code, LENGTH_258.bits);
    w.code(DISTANCE_1.code, DISTANCE_1.bits);
  }
  w.code(END_OF_BLOCK.code, END_OF_BLOCK.bits);
  return w.done();
}
