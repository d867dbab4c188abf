import { describe, expect, it } from 'vitest';
import { admit, collectionKey, fitsLimit, formatBytes, relativeTime, storedBytes, update, type Limits, type RecentEntry } from './recent';

const entry = (key: string, openedAt: number, bytes = 1000, extra: Partial<RecentEntry> = {}): RecentEntry => ({
  key,
  fileName: `${key}.json`,
  flowName: key,
  outcome: 'unknown',
  steps: 3,
  openedAt,
  bytes,
  kept: true,
  sources: [],
  selected: 0,
  traceIds: [key],
  ...extra
});

const limits: Limits = { count: 3, totalBytes: 10_000, traceBytes: 5_000 };
const keys = (list: readonly RecentEntry[]) => list.map((e) => e.key);

describe('admit', () => {
  it('puts the newest first and drops the oldest beyond the count', () => {
    let list: RecentEntry[] = [];
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) list = admit(list, entry(k, i), limits).list;
    expect(keys(list)).toEqual(['d', 'c', 'b']);
  });

  it('says which keys it dropped, so their bytes can go too', () => {
    const list = [entry('c', 3), entry('b', 2), entry('a', 1)];
    expect(admit(list, entry('d', 4), limits).evicted).toEqual(['a']);
  });

  it('reopening an entry moves it to the top instead of listing it twice', () => {
    const list = [entry('c', 3), entry('b', 2), entry('a', 1)];
    const { list: next, evicted } = admit(list, entry('a', 9), limits);
    expect(keys(next)).toEqual(['a', 'c', 'b']);
    expect(evicted).toEqual([]);
  });

  it('drops the oldest once the kept bytes pass the budget', () => {
    const list = [entry('b', 2, 4_000), entry('a', 1, 4_000)];
    const { list: next, evicted } = admit(list, entry('c', 3, 4_000), limits);
    expect(keys(next)).toEqual(['c', 'b']);
    expect(evicted).toEqual(['a']);
  });

  it('an entry whose bytes were not kept costs nothing but its sources', () => {
    const big = entry('big', 3, 1e9, { kept: false, notKept: 'too-big' });
    expect(storedBytes(big)).toBe(0);
    const { list } = admit([entry('b', 2, 4_000), entry('a', 1, 4_000)], big, limits);
    expect(keys(list)).toEqual(['big', 'b', 'a']);
  });

  it('sources count towards the budget', () => {
    const withSource = entry('s', 1, 0, { sources: [{ name: 'flow.ts', text: 'x'.repeat(100) }] });
    expect(storedBytes(withSource)).toBe(200);
  });

  it('keeps the newest even when it alone is over the budget: it is on screen', () => {
    const { list, evicted } = admit([entry('a', 1)], entry('huge', 2, 20_000), limits);
    expect(keys(list)).toEqual(['huge']);
    expect(evicted).toEqual(['a']);
  });
});

describe('the rest of the list', () => {
  it('fitsLimit compares with the single-trace cap', () => {
    expect(fitsLimit(5_000, limits)).toBe(true);
    expect(fitsLimit(5_001, limits)).toBe(false);
    expect(fitsLimit(20e6)).toBe(true);
    expect(fitsLimit(20e6 + 1)).toBe(false);
  });

  it('update changes one entry and keeps the order', () => {
    const list = update([entry('b', 2), entry('a', 1)], 'a', { selected: 4 });
    expect(keys(list)).toEqual(['b', 'a']);
    expect(list[1]!.selected).toBe(4);
    expect(update(list, 'zzz', { selected: 1 })).toEqual(list);
  });

  it('a collection key depends on its traces, not on its file name', () => {
    expect(collectionKey(['a', 'b'])).toBe(collectionKey(['a', 'b']));
    expect(collectionKey(['a', 'b'])).not.toBe(collectionKey(['b', 'a']));
    expect(collectionKey(['a', 'b'])).toMatch(/^jsonl-2-[0-9a-z]+$/);
  });

  it('relativeTime reads like a person would say it', () => {
    const now = Date.UTC(2024, 5, 11, 12, 0, 0);
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now + 5_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(relativeTime(now - 3 * 3600_000, now)).toBe('3 h ago');
    expect(relativeTime(now - 26 * 3600_000, now)).toBe('yesterday');
    expect(relativeTime(now - 4 * 86400_000, now)).toBe('4 days ago');
    expect(relativeTime(Date.UTC(2024, 0, 2), now)).toBe('2024-01-02');
  });

  it('formatBytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(42_000)).toBe('42 kB');
    expect(formatBytes(23_456_789)).toBe('23.5 MB');
  });
});
