// Highlight and gutter markers -> Monaco decorations, as plain data.
//
// Pure and Monaco-free at runtime (the import below is type-only), so the rules are unit-tested in
// Node and CodeEditor only has to hand the result to a decorations collection. The CSS class names
// are a contract with editor.css and with e2e tests; keep them stable.

import type * as Monaco from 'monaco-editor';
import type { EditorHighlight, EditorMarker, MarkerTone } from './types';

export type Decoration = Monaco.editor.IModelDeltaDecoration;

// Monaco enum values, written out so this module never loads Monaco
// (editor.OverviewRulerLane.Full, editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges).
const RULER_FULL: Monaco.editor.OverviewRulerLane = 7;
const RULER_RIGHT: Monaco.editor.OverviewRulerLane = 4;
const NEVER_GROWS: Monaco.editor.TrackedRangeStickiness = 1;

/** Overview-ruler colours: the palette's selection blue, error red, success green, warning amber. */
const RULER_COLOR = { info: '#3b82f6', ok: '#16a34a', error: '#dc2626', mixed: '#d97706', paradox: '#c026d3' } as const;

export interface LineMark {
  readonly line: number;
  readonly tone: MarkerTone;
  readonly labels: readonly string[];
  readonly badges: readonly string[];
  /** every marker on the line is stale */
  readonly stale: boolean;
  /** some marker on the line was never reached in the person's replay, and none ran */
  readonly unreached: boolean;
  /** some marker on the line carries a what-if override */
  readonly whatIf: boolean;
}

/** Markers of one file, one per line: labels kept in order, tones merged (ok + error -> mixed). */
export function marksForFile(markers: readonly EditorMarker[] | undefined, file: string, lineCount = Infinity): LineMark[] {
  const byLine = new Map<number, { tone: MarkerTone; labels: string[]; badges: string[]; stale: boolean; unreached: boolean; whatIf: boolean }>();
  for (const m of markers ?? []) {
    if (m.file !== file || !Number.isInteger(m.line) || m.line < 1 || m.line > lineCount) continue;
    const at = byLine.get(m.line);
    if (!at) byLine.set(m.line, { tone: m.tone, labels: [m.label], badges: m.badge ? [m.badge] : [], stale: m.stale === true, unreached: m.now === 'unreached', whatIf: m.whatIf === true });
    else {
      at.whatIf ||= m.whatIf === true;
      at.labels.push(m.label);
      if (m.badge) at.badges.push(m.badge);
      at.stale &&= m.stale === true;
      at.unreached = (at.unreached || m.now === 'unreached') && m.now !== 'ran';
      // A divergence outranks everything else on the line; otherwise differing tones are mixed.
      if (m.tone === 'paradox' || at.tone === 'paradox') at.tone = 'paradox';
      else if (at.tone !== m.tone) at.tone = 'mixed';
    }
  }
  return [...byLine].sort((a, b) => a[0] - b[0]).map(([line, mark]) => ({ line, ...mark }));
}

/** Labels are names and counts, not Markdown: escape so `cmd_a_b` does not turn italic. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
}

const lineRange = (line: number): Monaco.IRange => ({ startLineNumber: line, startColumn: 1, endLineNumber: line, endColumn: 1 });

export function highlightClassName(tone: EditorHighlight['tone']): string {
  return tone === 'error' ? 'ts-line-highlight ts-line-highlight-error' : `ts-line-highlight ts-line-highlight-${tone}`;
}

export interface DecorationInput {
  /** the file whose model is shown; everything for other files is left out */
  readonly file: string;
  readonly highlight?: EditorHighlight | undefined;
  readonly markers?: readonly EditorMarker[] | undefined;
  /** the model's line count, to drop lines that no longer exist after an edit */
  readonly lineCount?: number;
  /** where a line ends, so badges can sit after its text; without it no badges are drawn */
  readonly lineEnd?: (line: number) => number;
}

/**
 * Decorations for the shown file. A marker and the highlight on the same line share the glyph lane
 * and z-index on purpose: Monaco then renders one glyph with both class names (see editor.css)
 * instead of widening the margin to a second lane.
 */
export function buildDecorations({ file, highlight, markers, lineCount = Infinity, lineEnd }: DecorationInput): Decoration[] {
  const out: Decoration[] = [];
  const h = highlight;
  const noted = h?.note && h.file === file ? h.line : undefined;
  for (const mark of marksForFile(markers, file, lineCount)) {
    const state = `${mark.stale ? ' ts-stale' : ''}${mark.unreached ? ' ts-unreached' : ''}${mark.whatIf ? ' ts-whatif' : ''}`;
    out.push({
      range: lineRange(mark.line),
      options: {
        stickiness: NEVER_GROWS,
        glyphMarginClassName: `ts-glyph ts-glyph-${mark.tone}${state}`,
        ...(mark.tone === 'paradox' ? { isWholeLine: true, className: 'ts-line-paradox' } : {}),
        glyphMarginHoverMessage: mark.labels.map((label) => ({ value: escapeMarkdown(label) })),
        lineNumberClassName: `ts-linenum-${mark.tone}`,
        overviewRuler: { color: RULER_COLOR[mark.tone], position: RULER_RIGHT }
      }
    });
    // The selected line's note says it all, wrapped under the line; a badge would repeat it, cut off.
    if (lineEnd && mark.badges.length && mark.line !== noted) {
      const end = lineEnd(mark.line);
      out.push({
        range: { startLineNumber: mark.line, startColumn: end, endLineNumber: mark.line, endColumn: end },
        // An empty range draws its injected text only with showIfCollapsed.
        options: { showIfCollapsed: true, after: { content: `   ${mark.badges.join('  ')}`, inlineClassName: `ts-badge ts-badge-${mark.tone}${state}` } }
      });
    }
  }
  if (h && h.file === file && Number.isInteger(h.line) && h.line >= 1 && h.line <= lineCount) {
    out.push({
      range: lineRange(h.line),
      options: {
        stickiness: NEVER_GROWS,
        isWholeLine: true,
        className: highlightClassName(h.tone),
        glyphMarginClassName: `ts-glyph ts-glyph-highlight ts-glyph-highlight-${h.tone}`,
        overviewRuler: { color: RULER_COLOR[h.tone], position: RULER_FULL }
      }
    });
  }
  return out;
}
