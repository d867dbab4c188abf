import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ddmin, type FailTest } from './ddmin';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Fails when the subset holds every part of at least one of `needs` (a failure with several causes). */
const failsWhenHolding =
  (needs: readonly (readonly number[])[]): FailTest<number> =>
  async (subset) => {
    const has = new Set(subset);
    return needs.some((need) => need.every((p) => has.has(p)));
  };

/** 1-minimal, checked from outside: the result fails, and without any one of its parts it does not. */
async function expectOneMinimal(kept: readonly number[], fails: FailTest<number>) {
  expect(await fails(kept)).toBe(true);
  for (const part of kept) expect(await fails(kept.filter((p) => p !== part)), `without ${part}`).toBe(false);
}

describe('ddmin', () => {
  it('shrinks 40 parts to the three a failure needs, and each of them is needed', async () => {
    const fails = failsWhenHolding([[3, 17, 31]]);
    const r = await ddmin(range(40), fails, { budget: 1_000 });
    expect(r.kept).toEqual([3, 17, 31]);
    expect(r.minimal).toBe(true);
    expect(r.stopped).toBeUndefined();
    await expectOneMinimal(r.kept, fails);
    // Far fewer tests than the 2^40 subsets, or than removing parts one at a time from the top.
    expect(r.tests).toBeLessThan(120);
  });

  it('a failure that needs no part is answered by the empty incident, in one test', async () => {
    const r = await ddmin(range(10), async () => true, { budget: 100 });
    expect(r).toEqual({ kept: [], tests: 1, minimal: true });
  });

  it('with two causes it keeps one of them whole, and is 1-minimal', async () => {
    const fails = failsWhenHolding([[1, 2], [8]]);
    const r = await ddmin(range(12), fails, { budget: 1_000 });
    expect([[1, 2], [8]]).toContainEqual(r.kept);
    await expectOneMinimal(r.kept, fails);
  });

  it('is 1-minimal for any failure built of required sets (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 24 }), fc.array(fc.array(fc.nat(23), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }), async (n, raw) => {
        const needs = raw.map((need) => [...new Set(need.map((p) => p % n))]);
        const fails = failsWhenHolding(needs);
        const r = await ddmin(range(n), fails, { budget: 10_000 });
        expect(r.minimal).toBe(true);
        await expectOneMinimal(r.kept, fails);
      }),
      { numRuns: 200, seed: 33 }
    );
  });

  it('is deterministic: the same parts and answers give the same parts kept and the same tests', async () => {
    const fails = failsWhenHolding([[4, 9], [2, 13, 14]]);
    const a = await ddmin(range(16), fails, { budget: 1_000 });
    const b = await ddmin(range(16), fails, { budget: 1_000 });
    expect(b).toEqual(a);
  });

  it('never tests the same subset twice', async () => {
    const seen = new Set<string>();
    let repeats = 0;
    const inner = failsWhenHolding([[5, 6, 20]]);
    await ddmin(range(24), async (s) => {
      const key = s.join(',');
      if (seen.has(key)) repeats++;
      seen.add(key);
      return inner(s);
    }, { budget: 1_000 });
    expect(repeats).toBe(0);
  });

  it('stops at its budget with the smallest failing subset found so far, and says so', async () => {
    const fails = failsWhenHolding([[3, 17, 31]]);
    const counted: number[] = [];
    const r = await ddmin(range(40), async (s) => (counted.push(s.length), fails(s)), { budget: 5 });
    expect(r.tests).toBe(5);
    expect(counted).toHaveLength(5);
    expect(r.stopped).toBe('budget');
    expect(r.minimal).toBe(false);
    // What it returns still fails, and is no larger than what it started with.
    expect(await fails(r.kept)).toBe(true);
    expect(r.kept.length).toBeLessThanOrEqual(40);
    expect(r.kept.length).toBeGreaterThan(3);
  });

  it('stops when cancelled, between tests, with what it has', async () => {
    const controller = new AbortController();
    const fails = failsWhenHolding([[3, 17, 31]]);
    const r = await ddmin(range(40), async (s) => {
      if (s.length < 40) controller.abort();
      return fails(s);
    }, { budget: 1_000, signal: controller.signal });
    expect(r.stopped).toBe('cancelled');
    expect(r.tests).toBe(1);
  });

  it('reports progress after each test: the tests so far and the size of the smallest failing subset', async () => {
    const seen: { tests: number; size: number }[] = [];
    const r = await ddmin(range(8), failsWhenHolding([[6]]), { budget: 100, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.tests)).toEqual(range(r.tests).map((i) => i + 1));
    expect(seen.at(-1)!.size).toBe(1);
    expect(seen.map((p) => p.size)).toEqual([...seen.map((p) => p.size)].sort((a, b) => b - a));
  });
});

/** `fails`, answering a task later, and the most of its calls that were ever in flight together. */
function inFlightCounted(fails: FailTest<number>) {
  let inFlight = 0;
  const seen = { most: 0 };
  const test: FailTest<number> = async (subset) => {
    seen.most = Math.max(seen.most, ++inFlight);
    await new Promise((r) => setTimeout(r, 0));
    inFlight--;
    return fails(subset);
  };
  return { test, seen };
}

describe('ddmin, several subsets at once', () => {
  it('gives the result one at a time gives, for any window, with tests in flight together', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), fc.array(fc.array(fc.nat(29), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }), fc.integer({ min: 2, max: 6 }), async (n, needs, width) => {
        const fails = failsWhenHolding(needs.map((need) => need.map((p) => p % n)));
        const one = await ddmin(range(n), fails, { budget: 10_000 });
        const counted = inFlightCounted(fails);
        const many = await ddmin(range(n), counted.test, { budget: 10_000, parallel: width });
        expect(many.kept).toEqual(one.kept);
        expect(many.minimal).toBe(true);
        expect(counted.seen.most).toBeLessThanOrEqual(width);
      }),
      { numRuns: 60 }
    );
  });

  it('runs a window at once, and a budget stops it inside a window', async () => {
    const counted = inFlightCounted(async (subset) => subset.includes(7) && subset.includes(50));
    // Two halves fail neither alone: then four chunks, tested together.
    const r = await ddmin(range(64), counted.test, { budget: 1_000, parallel: 4 });
    expect(r.kept).toEqual([7, 50]);
    expect(counted.seen.most).toBe(4);
    const cut = await ddmin(range(64), counted.test, { budget: 3, parallel: 4 });
    expect(cut.stopped).toBe('budget');
    expect(cut.tests).toBe(3);
  });
});
