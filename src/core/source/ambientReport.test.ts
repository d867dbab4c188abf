import { describe, expect, it } from 'vitest';
import { ambientJson, clockText, fixedWords, parseClock, parseSeed } from './ambientReport';

describe('hidden inputs outside the sandbox', () => {
  it('reads a clock as an ISO date or milliseconds, and nothing else', () => {
    expect(parseClock('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
    expect(parseClock(' 1767225600000 ')).toBe(1767225600000);
    expect(parseClock('-5')).toBe(-5);
    for (const bad of ['', '   ', 'tomorrow', '1e400', '9e15', 'NaN']) expect(parseClock(bad), bad).toBeUndefined();
  });

  it('reads a seed as a whole number, kept as 32 bits', () => {
    expect(parseSeed('7')).toBe(7);
    expect(parseSeed('-1')).toBe(0xffffffff);
    for (const bad of ['', '1.5', 'seven', '9007199254740993']) expect(parseSeed(bad), bad).toBeUndefined();
  });

  it('gives each read to a program with its place and its sentence, named as the surface names them', () => {
    const words = { file: (n: string) => `./${n}`, ...fixedWords({ clock: Date.UTC(2026, 0, 1) }, { clock: (iso) => `--clock ${iso}`, seed: (s) => `--seed ${s}` }) };
    expect(words.clock).toBe(`--clock ${clockText(Date.UTC(2026, 0, 1))}`);
    expect('seed' in words).toBe(false);
    const json = ambientJson(
      [
        { kind: 'clock', api: 'Date.now()', location: { file: 'flow.ts', line: 31, column: 12 }, times: 2, fixed: true },
        { kind: 'random', api: 'Math.random()', times: 1, fixed: false }
      ],
      words
    );
    expect(json).toEqual([
      {
        file: './flow.ts',
        line: 31,
        column: 12,
        kind: 'clock',
        api: 'Date.now()',
        times: 2,
        fixed: true,
        warning: "./flow.ts:31 read the clock in pure code (Date.now(), 2 times); answered from --clock 2026-01-01T00:00:00.000Z, not production's time"
      },
      { kind: 'random', api: 'Math.random()', times: 1, fixed: false, warning: 'The flow drew randomness in pure code (Math.random()); production drew other values, so this replay may differ' }
    ]);
  });
});
