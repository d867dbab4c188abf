// (sequence, step) -> node for the structure builder: an open-addressing hash
// table over typed arrays. A Map keyed by numbers held the same 100,000s of
// pairs at twice the cost, and its growth was most of the builder's garbage.
// Pairs outside what the arrays hold (a step past 2^31, or not a whole
// number: only hand-written paths) go to a Map beside it.

const EMPTY = -1;

export class PairTable {
  private a: Int32Array;
  private b: Int32Array;
  private value: Int32Array;
  private mask: number;
  private size = 0;
  private readonly odd = new Map<string, number>();

  constructor(expected: number) {
    let capacity = 64;
    while (capacity < expected * 2) capacity *= 2;
    this.a = new Int32Array(capacity).fill(EMPTY);
    this.b = new Int32Array(capacity);
    this.value = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  private static fits(step: number): boolean {
    return Number.isInteger(step) && step >= 0 && step <= 0x7fffffff;
  }

  private slotOf(seq: number, step: number): number {
    let slot = (Math.imul(seq, 0x9e3779b1) ^ Math.imul(step, 0x85ebca77)) & this.mask;
    while (this.a[slot] !== EMPTY && (this.a[slot] !== seq || this.b[slot] !== step)) slot = (slot + 1) & this.mask;
    return slot;
  }

  get(seq: number, step: number): number | undefined {
    if (!PairTable.fits(step)) return this.odd.get(`${seq}:${step}`);
    const slot = this.slotOf(seq, step);
    return this.a[slot] === EMPTY ? undefined : this.value[slot];
  }

  /** Set a pair the table does not hold yet. */
  add(seq: number, step: number, value: number): void {
    if (!PairTable.fits(step)) {
      this.odd.set(`${seq}:${step}`, value);
      return;
    }
    if ((this.size + 1) * 2 > this.a.length) this.grow();
    const slot = this.slotOf(seq, step);
    this.a[slot] = seq;
    this.b[slot] = step;
    this.value[slot] = value;
    this.size++;
  }

  private grow(): void {
    const { a, b, value } = this;
    const capacity = a.length * 2;
    this.a = new Int32Array(capacity).fill(EMPTY);
    this.b = new Int32Array(capacity);
    this.value = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let k = 0; k < a.length; k++) {
      if (a[k] === EMPTY) continue;
      const slot = this.slotOf(a[k]!, b[k]!);
      this.a[slot] = a[k]!;
      this.b[slot] = b[k]!;
      this.value[slot] = value[k]!;
    }
  }
}
