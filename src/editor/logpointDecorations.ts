// Logpoints -> Monaco decorations, as plain data (Monaco-free at runtime, like decorations.ts): a
// ◆ in the line-decorations lane beside the line numbers (the glyph lane keeps the Commands'
// marks), and the summary after the line's code. The class names are a contract with editor.css
// and the e2e tests: ts-lp-glyph, ts-lp-badge, ts-lp-<tone>, ts-lp-hint.
import type * as Monaco from 'monaco-editor';
import type { EditorLogpoint } from './types';
import type { Decoration } from './decorations';

const NEVER_GROWS: Monaco.editor.TrackedRangeStickiness = 1;
const RULER_LEFT: Monaco.editor.OverviewRulerLane = 1;

export interface LogpointDecorations {
  /** the decorations, the ones that follow a line (glyphs) at the indices in `tracked` */
  readonly decorations: Decoration[];
  /** which logpoint each glyph decoration is, by its index in `decorations` */
  readonly tracked: readonly { readonly id: string; readonly index: number }[];
}

export function logpointDecorations(
  points: readonly EditorLogpoint[] | undefined,
  file: string,
  lineCount: number,
  lineEnd: ((line: number) => number) | undefined,
  /** the gutter line under the mouse, where a faint ◇ says a click adds one */
  hint?: number,
  /** the logpoint being typed: its input says it all, so no summary after its line */
  editing?: string
): LogpointDecorations {
  const decorations: Decoration[] = [];
  const tracked: { id: string; index: number }[] = [];
  const lines = new Set<number>();
  for (const p of points ?? []) {
    if (p.file !== file || !Number.isInteger(p.line) || p.line < 1 || p.line > lineCount) continue;
    tracked.push({ id: p.id, index: decorations.length });
    lines.add(p.line);
    decorations.push({
      range: { startLineNumber: p.line, startColumn: 1, endLineNumber: p.line, endColumn: 1 },
      options: {
        stickiness: NEVER_GROWS,
        linesDecorationsClassName: `ts-lp-glyph ts-lp-${p.tone}`,
        linesDecorationsTooltip: `${p.label}. Click to remove the logpoint.`,
        overviewRuler: { color: p.tone === 'refused' || p.tone === 'error' ? '#dc2626' : '#0891b2', position: RULER_LEFT }
      }
    });
    if (lineEnd && p.id !== editing) {
      const end = lineEnd(p.line);
      decorations.push({
        range: { startLineNumber: p.line, startColumn: end, endLineNumber: p.line, endColumn: end },
        options: { showIfCollapsed: true, after: { content: `   ${p.summary}`, inlineClassName: `ts-lp-badge ts-lp-${p.tone}`, attachedData: p.id } }
      });
    }
  }
  if (hint !== undefined && hint >= 1 && hint <= lineCount && !lines.has(hint)) {
    decorations.push({
      range: { startLineNumber: hint, startColumn: 1, endLineNumber: hint, endColumn: 1 },
      options: { linesDecorationsClassName: 'ts-lp-glyph ts-lp-hint', linesDecorationsTooltip: 'Add a logpoint: show a value here every time this line ran' }
    });
  }
  return { decorations, tracked };
}
