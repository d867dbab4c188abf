import { describe, expect, it } from 'vitest';
import { ambientSentence, collectAmbient, noteAmbient, seededRandom, summarizeAmbient } from './ambient';

describe('hidden inputs: the clock and randomness read by pure code', () => {
  it('groups reads by what was called and where, counting repeats', () => {
    const c = collectAmbient();
    noteAmbient('clock', 'Date.now()');
    noteAmbient('clock', 'Date.now()');
    noteAmbient('random', 'Math.random()');
    const collected = c.stop();
    // this test's own stack locates nowhere in a flow; give each read a place by its order
    let n = 0;
    const reads = summarizeAmbient(collected, () => ({ file: 'flow.ts', line: [31, 31, 40][n++]!, column: 5 }));
    expect(reads).toEqual([
      { kind: 'clock', api: 'Date.now()', location: { file: 'flow.ts', line: 31, column: 5 }, times: 2, fixed: false },
      { kind: 'random', api: 'Math.random()', location: { file: 'flow.ts', line: 40, column: 5 }, times: 1, fixed: false }
    ]);
  });

  it('nothing is noted outside a replay, and the stacks kept are bounded', () => {
    noteAmbient('clock', 'Date.now()');
    const c = collectAmbient();
    for (let i = 0; i < 1000; i++) noteAmbient('clock', 'Date.now()');
    const collected = c.stop();
    expect(collected.reads.length).toBeLessThanOrEqual(200);
    expect(summarizeAmbient(collected, () => undefined)).toEqual([{ kind: 'clock', api: 'Date.now()', times: 1000, fixed: false }]);
  });

  it('a seed gives the same numbers in every replay, another seed others; no seed, none', () => {
    const draw = (seed?: number) => {
      const c = collectAmbient(seed === undefined ? {} : { seed });
      const xs = [seededRandom(), seededRandom(), seededRandom()];
      c.stop();
      return xs;
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(7).every((x) => typeof x === 'number' && x >= 0 && x < 1)).toBe(true);
    expect(draw()).toEqual([undefined, undefined, undefined]);
  });

  it('says each read with its line, and whether the replay fixed it', () => {
    const location = { file: 'flow.ts', line: 31, column: 5 };
    expect(ambientSentence({ kind: 'clock', api: 'Date.now()', location, times: 1, fixed: false })).toBe(
      'flow.ts:31 read the clock in pure code (Date.now()); production read another time, so this replay may differ'
    );
    expect(ambientSentence({ kind: 'random', api: 'Math.random()', location, times: 3, fixed: true })).toBe(
      "flow.ts:31 drew randomness in pure code (Math.random(), 3 times); answered from the seeded generator, not production's values"
    );
    // A surface names its files and what fixed the read its own way (a terminal: the flag it was given).
    const words = { file: (n: string) => `src/${n}`, clock: '--clock 2026-01-01T00:00:00.000Z', seed: '--seed 7' };
    expect(ambientSentence({ kind: 'clock', api: 'new Date()', location, times: 1, fixed: true }, words)).toBe(
      "src/flow.ts:31 read the clock in pure code (new Date()); answered from --clock 2026-01-01T00:00:00.000Z, not production's time"
    );
    expect(ambientSentence({ kind: 'random', api: 'crypto.randomUUID()', times: 2, fixed: false }, words)).toBe(
      'The flow drew randomness in pure code (crypto.randomUUID(), 2 times); production drew other values, so this replay may differ'
    );
  });
});
