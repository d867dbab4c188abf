import { describe, expect, it } from 'vitest';
import { logpointDecorations } from './logpointDecorations';
import type { EditorLogpoint } from './types';

const point = (id: string, line: number, extra: Partial<EditorLogpoint> = {}): EditorLogpoint => ({
  id,
  file: 'flow.ts',
  line,
  expr: 'total',
  summary: '◆ total = 0 · 1 hit',
  label: 'Logpoint flow.ts:31 total: total = 0 · 1 hit',
  tone: 'value',
  ...extra
});

describe('logpointDecorations', () => {
  it('draws a ◆ beside the line and the summary after its end, tracking each glyph by id', () => {
    const { decorations, tracked } = logpointDecorations([point('a', 31), point('b', 2, { file: 'other.ts' })], 'flow.ts', 48, () => 80);
    expect(tracked).toEqual([{ id: 'a', index: 0 }]);
    expect(decorations[0]!.options.linesDecorationsClassName).toBe('ts-lp-glyph ts-lp-value');
    expect(decorations[1]!.range).toMatchObject({ startLineNumber: 31, startColumn: 80 });
    expect(decorations[1]!.options.after?.content).toBe('   ◆ total = 0 · 1 hit');
  });
  it('leaves out lines the file no longer has, and the summary of the one being typed', () => {
    expect(logpointDecorations([point('a', 60)], 'flow.ts', 48, () => 1).decorations).toEqual([]);
    const typed = logpointDecorations([point('a', 31)], 'flow.ts', 48, () => 1, undefined, 'a');
    expect(typed.decorations).toHaveLength(1);
  });
  it('hints where a click adds one, but not on a line that has one', () => {
    expect(logpointDecorations([], 'flow.ts', 48, undefined, 12).decorations[0]!.options.linesDecorationsClassName).toBe('ts-lp-glyph ts-lp-hint');
    expect(logpointDecorations([point('a', 12)], 'flow.ts', 48, undefined, 12).decorations).toHaveLength(1);
  });
});
