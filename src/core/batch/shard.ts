// `--shard i/n`: a deterministic 1/n of a corpus, as Playwright's and Vitest's --shard split a test
// suite over CI machines. Each trace goes to the shard its source and line hash to, so every trace
// lands in exactly one shard, and the same command line picks the same traces on every machine.

export interface Shard {
  /** 1-based, as the person writes it */
  readonly index: number;
  readonly total: number;
}

/** "2/3" as a shard, or the reason it is not one. */
export function parseShard(text: string): Shard | string {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return `--shard takes i/n, such as 1/3, got '${text}'`;
  const index = Number(m[1]);
  const total = Number(m[2]);
  if (total < 1 || index < 1 || index > total) return `--shard ${text}: i must be between 1 and n, and n at least 1`;
  return { index, total };
}

/** FNV-1a (32 bits) of a string's UTF-16 code units: stable everywhere, and cheap for 40,000 lines. */
export function hashText(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A source's hash once, then each line mixed in: the shard of (source, line). */
export function shardPicker(shard: Shard | undefined): (source: string) => (line: number) => boolean {
  if (!shard || shard.total === 1) return () => () => true;
  return (source) => {
    const base = hashText(`${source}\u0000`);
    return (line) => hashText(String(line), base) % shard.total === shard.index - 1;
  };
}

export function inShard(shard: Shard | undefined, source: string, line: number): boolean {
  return shardPicker(shard)(source)(line);
}
