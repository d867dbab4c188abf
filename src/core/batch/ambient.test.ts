import { describe, expect, it } from 'vitest';
import { ambientSummary, withAmbient } from './ambient';
import { flowErrorRow } from './row';

const words = { file: (n: string) => `src/${n}`, fixedBy: '--seed 7', fix: { clock: '--clock TIME', random: '--seed N' } };
const clock = { kind: 'clock' as const, api: 'Date.now()', file: 'flow.ts', line: 31, fixed: false };
const random = { kind: 'random' as const, api: 'Math.random()', file: 'flow.ts', line: 40, fixed: true };

describe('hidden inputs over a corpus', () => {
  it('a row keeps its reads without counts, and a row with none is left as it was', () => {
    const row = flowErrorRow('x');
    expect(withAmbient(row, undefined)).toBe(row);
    expect(withAmbient(row, [])).toBe(row);
    expect(withAmbient(row, [{ kind: 'clock', api: 'Date.now()', location: { file: 'flow.ts', line: 31, column: 9 }, times: 40, fixed: false }]).ambient).toEqual([clock]);
  });

  it("says how many traces' replays read today's values and how many the fixed ones, where, and what fixes the rest", () => {
    const rows = [{ ambient: [clock, random] }, { ambient: [random] }, {}];
    expect(ambientSummary(rows, words)).toEqual({
      warning: "1 of 3 traces' replays read the clock in pure code (src/flow.ts:31 Date.now()); production read another time, so that replay may differ; fix it with --clock TIME",
      note: "2 of 3 traces' replays drew randomness in pure code (src/flow.ts:40 Math.random()); answered from --seed 7"
    });
    expect(ambientSummary([{}, {}], words)).toEqual({});
  });

  it('names five places, then counts the rest; both kinds are said together', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ ...clock, line: i + 1 }));
    const { warning } = ambientSummary([{ ambient: [...many, { ...random, fixed: false }] }, { ambient: many }], words);
    expect(warning).toBe(
      "2 of 2 traces' replays read the clock and drew randomness in pure code (src/flow.ts:1 Date.now(), src/flow.ts:2 Date.now(), src/flow.ts:3 Date.now(), src/flow.ts:4 Date.now(), src/flow.ts:5 Date.now() and 3 more); production read another time and drew other values, so those replays may differ; fix them with --clock TIME and --seed N"
    );
  });
});
