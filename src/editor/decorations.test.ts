import { describe, expect, it } from 'vitest';
import { buildDecorations, escapeMarkdown, marksForFile } from './decorations';
import { languageOf, modelPath } from './language';
import type { EditorMarker } from './types';

const marker = (line: number, tone: EditorMarker['tone'], label: string, file = 'flow.ts'): EditorMarker => ({ file, line, tone, label });

describe('languageOf / modelPath', () => {
  it('maps extensions to Monaco languages', () => {
    expect(['a.ts', 'b.tsx', 'c.mts', 'D.TS'].map(languageOf)).toEqual(['typescript', 'typescript', 'typescript', 'typescript']);
    expect(['a.js', 'b.jsx', 'c.mjs', 'd.cjs'].map(languageOf)).toEqual(['javascript', 'javascript', 'javascript', 'javascript']);
    expect(['trace.json', 'README', 'notes.txt', 'dir.ts/file'].map(languageOf)).toEqual(['json', 'plaintext', 'plaintext', 'plaintext']);
  });

  it('roots model paths once', () => {
    expect(modelPath('flow.ts')).toBe('/flow.ts');
    expect(modelPath('/src/flow.ts')).toBe('/src/flow.ts');
  });
});

describe('marksForFile', () => {
  it('keeps one mark per line of the file, merging tones and labels in order', () => {
    const marks = marksForFile(
      [marker(9, 'ok', 'b ran 1×'), marker(3, 'ok', 'a ran 1×'), marker(9, 'error', 'c threw 1×'), marker(3, 'ok', 'other', 'services.ts')],
      'flow.ts'
    );
    expect(marks).toEqual([
      { line: 3, tone: 'ok', labels: ['a ran 1×'], badges: [], stale: false, unreached: false, whatIf: false },
      { line: 9, tone: 'mixed', labels: ['b ran 1×', 'c threw 1×'], badges: [], stale: false, unreached: false, whatIf: false }
    ]);
  });

  it('rings a line in the what-if colour when one of its Commands has an override', () => {
    const marks = [marker(9, 'ok', 'b ran 1×'), { ...marker(9, 'error', 'c threw 1× · what-if: returns 1'), whatIf: true }];
    expect(marksForFile(marks, 'flow.ts')[0]?.whatIf).toBe(true);
    const glyph = buildDecorations({ file: 'flow.ts', markers: marks })[0]?.options.glyphMarginClassName;
    expect(glyph).toContain('ts-whatif');
    expect(buildDecorations({ file: 'flow.ts', markers: [marker(9, 'ok', 'b')] })[0]?.options.glyphMarginClassName).not.toContain('ts-whatif');
  });

  it('drops lines outside the file', () => {
    expect(marksForFile([marker(0, 'ok', 'x'), marker(4, 'ok', 'y'), marker(2.5, 'ok', 'z')], 'flow.ts', 3)).toEqual([]);
    expect(marksForFile(undefined, 'flow.ts')).toEqual([]);
  });
});

describe('buildDecorations', () => {
  it('turns markers into glyph + hover + line-number decorations', () => {
    const [d] = buildDecorations({ file: 'flow.ts', markers: [marker(37, 'error', 'cmdChargeCard ran 1× · threw 1×')] });
    expect(d?.range).toEqual({ startLineNumber: 37, startColumn: 1, endLineNumber: 37, endColumn: 1 });
    expect(d?.options).toMatchObject({
      glyphMarginClassName: 'ts-glyph ts-glyph-error',
      lineNumberClassName: 'ts-linenum-error',
      glyphMarginHoverMessage: [{ value: 'cmdChargeCard ran 1× · threw 1×' }]
    });
    expect(d?.options.isWholeLine).toBeUndefined();
  });

  it('highlights the whole line with a tone class and a glyph, only in its own file', () => {
    const error = buildDecorations({ file: 'flow.ts', highlight: { file: 'flow.ts', line: 5, tone: 'error' } });
    expect(error).toHaveLength(1);
    expect(error[0]?.options).toMatchObject({
      isWholeLine: true,
      className: 'ts-line-highlight ts-line-highlight-error',
      glyphMarginClassName: 'ts-glyph ts-glyph-highlight ts-glyph-highlight-error'
    });
    const info = buildDecorations({ file: 'flow.ts', highlight: { file: 'flow.ts', line: 5, tone: 'info' } });
    expect(info[0]?.options.className).toBe('ts-line-highlight ts-line-highlight-info');
    expect(buildDecorations({ file: 'services.ts', highlight: { file: 'flow.ts', line: 5, tone: 'ok' } })).toEqual([]);
    expect(buildDecorations({ file: 'flow.ts', highlight: { file: 'flow.ts', line: 50, tone: 'ok' }, lineCount: 47 })).toEqual([]);
  });

  it('keeps the marker and the highlight on one line in the same glyph lane and z-index', () => {
    const ds = buildDecorations({
      file: 'flow.ts',
      highlight: { file: 'flow.ts', line: 20, tone: 'ok' },
      markers: [marker(20, 'ok', 'cmdFetchCart ran 1×')]
    });
    expect(ds).toHaveLength(2);
    for (const d of ds) {
      expect(d.options.glyphMargin).toBeUndefined();
      expect(d.options.zIndex).toBeUndefined();
    }
  });
});

describe('escapeMarkdown', () => {
  it('escapes Markdown syntax in labels', () => {
    expect(escapeMarkdown('cmd_fetch_cart *1×* [x](y)')).toBe('cmd\\_fetch\\_cart \\*1×\\* \\[x\\]\\(y\\)');
    expect(escapeMarkdown('ran 1× · threw 1×')).toBe('ran 1× · threw 1×');
  });
});

describe('badges after a marked line', () => {
  const markers = [
    { file: 'flow.ts', line: 3, tone: 'ok' as const, label: 'a ran 2×', badge: '✓ 2×' },
    { file: 'flow.ts', line: 3, tone: 'error' as const, label: 'b ran 1×', badge: '✗ threw 1×' }
  ];
  it('sit at the end of the line, one decoration for all the badges of that line', () => {
    const out = buildDecorations({ file: 'flow.ts', markers, lineEnd: (line) => (line === 3 ? 41 : 1) });
    const after = out.filter((d) => d.options.after);
    expect(after).toHaveLength(1);
    expect(after[0]!.range).toEqual({ startLineNumber: 3, startColumn: 41, endLineNumber: 3, endColumn: 41 });
    expect(after[0]!.options.showIfCollapsed).toBe(true);
    expect(after[0]!.options.after).toEqual({ content: '   ✓ 2×  ✗ threw 1×', inlineClassName: 'ts-badge ts-badge-mixed' });
  });
  it('are left out when the line end is unknown', () => {
    expect(buildDecorations({ file: 'flow.ts', markers }).some((d) => d.options.after)).toBe(false);
  });
});

describe('marks from a replay', () => {
  it('are faded while the code has been edited since, on the glyph and the badge', () => {
    const out = buildDecorations({
      file: 'flow.ts',
      markers: [{ file: 'flow.ts', line: 4, tone: 'error', label: 'x', badge: 'recorded: threw · now: replayed (stale)', stale: true }],
      lineEnd: () => 30
    });
    expect(out[0]!.options.glyphMarginClassName).toBe('ts-glyph ts-glyph-error ts-stale');
    expect(out[1]!.options.after?.inlineClassName).toBe('ts-badge ts-badge-error ts-stale');
  });

  it('grey a line whose Command was never reached, unless another Command on it ran', () => {
    const unreached = { file: 'flow.ts', line: 4, tone: 'error' as const, label: 'x', now: 'unreached' as const };
    expect(marksForFile([unreached], 'flow.ts')[0]).toMatchObject({ unreached: true, stale: false });
    expect(marksForFile([unreached, { ...unreached, label: 'y', now: 'ran' }], 'flow.ts')[0]).toMatchObject({ unreached: false });
  });

  it('leave the badge off the selected line when its note says it all', () => {
    const markers = [{ file: 'flow.ts', line: 4, tone: 'error' as const, label: 'x', badge: '✗ 1×' }];
    const noted = buildDecorations({ file: 'flow.ts', markers, highlight: { file: 'flow.ts', line: 4, tone: 'error', note: 'x threw' }, lineEnd: () => 30 });
    expect(noted.some((d) => d.options.after)).toBe(false);
    const plain = buildDecorations({ file: 'flow.ts', markers, highlight: { file: 'flow.ts', line: 4, tone: 'error' }, lineEnd: () => 30 });
    expect(plain.some((d) => d.options.after)).toBe(true);
  });
});
