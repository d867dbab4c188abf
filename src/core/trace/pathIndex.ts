// Path -> step index over the columns' joined path text: an open-addressing
// hash table of step numbers, so indexing 100,000 paths makes no string per
// path (a Map of them cost ~25 ms and ~8 MB at that size). The engine finds
// Parallel decisions and replay steps by path through it, and the UI makes its
// `byPath` record from it only when a view asks.
import { hashText, HAS_PATH, sameText, type StepColumns } from './columns';

/** FNV-1a's low bits, which the table's mask keeps, barely differ between paths like '12345' and '12346': mixed first (murmur3's finalizer). */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class PathIndex {
  /** step index + 1 in each slot, 0 for an empty one */
  private readonly slots: Int32Array;
  private readonly mask: number;
  size = 0;

  constructor(private readonly c: StepColumns) {
    let capacity = 16;
    while (capacity < c.count * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  /** Index step i by its path; the step already at that path, if there is one (and then i is not indexed). */
  add(i: number): number | undefined {
    const { pathText, pathStart } = this.c;
    const start = pathStart[i]!;
    const end = pathStart[i + 1]!;
    for (let slot = mix(hashText(pathText, start, end)) & this.mask; ; slot = (slot + 1) & this.mask) {
      const held = this.slots[slot]!;
      if (held === 0) {
        this.slots[slot] = i + 1;
        this.size++;
        return undefined;
      }
      const j = held - 1;
      const jStart = pathStart[j]!;
      if (pathStart[j + 1]! - jStart === end - start && sameText(pathText, start, end, pathText, jStart)) return j;
    }
  }

  /** The step at `path`, or undefined. */
  get(path: string): number | undefined {
    const { pathText, pathStart, flags } = this.c;
    for (let slot = mix(hashText(path, 0, path.length)) & this.mask; ; slot = (slot + 1) & this.mask) {
      const held = this.slots[slot]!;
      if (held === 0) return undefined;
      const j = held - 1;
      const jStart = pathStart[j]!;
      if ((flags[j]! & HAS_PATH) !== 0 && pathStart[j + 1]! - jStart === path.length && sameText(path, 0, path.length, pathText, jStart)) return j;
    }
  }

  /** As a record (path -> index) in step order, for the model objects that carry one; empty when no path was indexed. */
  record(): Record<string, number> {
    const out: Record<string, number> = Object.create(null);
    if (this.size === 0) return out;
    const { pathText, pathStart, count } = this.c;
    for (let i = 0; i < count; i++) out[pathText.slice(pathStart[i], pathStart[i + 1])] = i;
    return out;
  }
}

/** The index of a trace matched by position: no path is looked up. */
export const NO_PATHS = { get: (_path: string): number | undefined => undefined, size: 0, record: (): Record<string, number> => Object.create(null) };

export type PathLookup = Pick<PathIndex, 'get' | 'size' | 'record'>;
