// SiteCache: one formatted stack per distinct list of frame positions, and never one place's stack for another's.
import { describe, expect, it } from 'vitest';
import { SiteCache, type Site } from './sites';

/** The line of the frame that called `capture` through `here`, as the stack shows it. */
const callerLine = (site: Site): number => {
  const frame = site.stack?.split('\n').find((l) => l.includes('sites.test.ts'));
  return Number(/:(\d+):\d+\)?$/.exec(frame ?? '')?.[1]);
};

describe('SiteCache', () => {
  it('formats each place once however often it is reached, and keeps two places on one line apart', () => {
    const cache = new SiteCache();
    const here = (): Site => cache.capture(here);
    const sites: Site[] = [];
    // The last two calls share a line on purpose: the same line, two columns.
    for (let i = 0; i < 50; i++) {
      sites.push(here());
      sites.push(here());
      sites.push(here()); sites.push(here());
    }
    expect(cache.formattedCount).toBe(4);
    expect(new Set(sites).size).toBe(4);
    const [a, b, c, d] = sites.slice(0, 4).map(callerLine) as [number, number, number, number];
    expect(b).toBe(a + 1);
    expect([c, d]).toEqual([a + 2, a + 2]);
    expect(sites[2]).not.toBe(sites[3]); // same line, other column
    for (let i = 4; i < sites.length; i++) expect(sites[i]).toBe(sites[i % 4]);
  });

  it('tells apart one call site reached from two callers', () => {
    const cache = new SiteCache();
    const here = (): Site => cache.capture(here);
    const shared = (): Site => here();
    const viaOne = () => shared();
    const viaTwo = () => shared();
    const seen: Site[][] = [];
    for (let i = 0; i < 10; i++) seen.push([viaOne(), viaTwo()]);
    const [one, two] = seen[0] as [Site, Site];
    expect(one).not.toBe(two);
    expect(callerLine(one)).toBe(callerLine(two));
    expect(seen.every(([a, b]) => a === one && b === two)).toBe(true);
    expect(cache.formattedCount).toBe(2);
  });

  it('given the scripts whose first frame decides a location, reads no further and shares the site', () => {
    const cache = new SiteCache((script) => script.includes('sites.test.ts'));
    const here = (): Site => cache.capture(here);
    const shared = (): Site => here();
    const viaOne = () => shared();
    const viaTwo = () => shared();
    const sites = Array.from({ length: 10 }, (_, i) => (i % 2 ? viaOne() : viaTwo()));
    expect(new Set(sites).size).toBe(1);
    expect(cache.formattedCount).toBe(1);
    // a second place in the same script is still a place of its own
    const elsewhere = (): Site => here();
    expect(elsewhere()).not.toBe(sites[0]);
    expect(cache.formattedCount).toBe(2);
  });

  it('leaves Error as it found it', () => {
    const before = { limit: Error.stackTraceLimit, prepare: (Error as { prepareStackTrace?: unknown }).prepareStackTrace };
    const cache = new SiteCache();
    const here = (): Site => cache.capture(here);
    here();
    expect({ limit: Error.stackTraceLimit, prepare: (Error as { prepareStackTrace?: unknown }).prepareStackTrace }).toEqual(before);
    // an Error made afterwards is formatted as usual, with every frame the limit allows
    expect(new Error('after').stack).toMatch(/^Error: after\n\s+at /);
  });
});
