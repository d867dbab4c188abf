// Plain-text source view: shown while Monaco loads (first paint never waits for the editor chunk)
// and kept if it fails to load. Same line numbers, highlight and gutter marks as the editor, and the
// same class names, so the source is readable and the selected step findable from the first frame.

import { useLayoutEffect, useMemo, useRef } from 'react';
import { highlightClassName, marksForFile } from './decorations';
import type { EditorHighlight, EditorMarker } from './types';

export interface SourceFallbackProps {
  readonly file: string;
  readonly text: string;
  readonly highlight?: EditorHighlight | undefined;
  readonly markers?: readonly EditorMarker[] | undefined;
  /** why Monaco is not shown, when it failed to load */
  readonly notice?: string | undefined;
}

const GLYPH = { ok: '✓', error: '✗', mixed: '◐', paradox: '≠' } as const;

export function SourceFallback({ file, text, highlight, markers, notice }: SourceFallbackProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => text.split(/\r\n|\r|\n/), [text]);
  const marks = useMemo(() => new Map(marksForFile(markers, file, lines.length).map((m) => [m.line, m])), [markers, file, lines.length]);
  const hl = highlight && highlight.file === file && highlight.line >= 1 && highlight.line <= lines.length ? highlight : undefined;
  const hlLine = hl?.line;

  // Like revealLineInCenterIfOutsideViewport, without scrollIntoView (which would also scroll the page).
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const row = hlLine === undefined ? null : box?.querySelector<HTMLElement>(`[data-line="${hlLine}"]`);
    if (!box || !row) return;
    const top = row.offsetTop;
    if (top < box.scrollTop || top + row.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - (box.clientHeight - row.offsetHeight) / 2);
    }
  }, [hlLine, file]);

  return (
    <div ref={scrollRef} tabIndex={0} role="region" aria-label={`Source of ${file}`} className="ts-fallback absolute inset-0 overflow-auto" data-testid="source-fallback">
      {notice ? <p className="ts-fallback-notice px-3 py-1 text-xs">{notice}</p> : null}
      <pre className="ts-fallback-pre">
        <code>
          {lines.map((line, i) => {
            const n = i + 1;
            const mark = marks.get(n);
            const isHl = n === hlLine && hl !== undefined;
            return (
              <span
                key={n}
                data-line={n}
                data-highlight={isHl ? hl.tone : undefined}
                className={`ts-fallback-line${isHl ? ' ' + highlightClassName(hl.tone) : ''}${mark?.tone === 'paradox' ? ' ts-line-paradox' : ''}`}
              >
                <span
                  className={`ts-fallback-glyph${mark ? ` ts-glyph ts-glyph-${mark.tone}` : ''}${isHl ? ` ts-glyph-highlight ts-glyph-highlight-${hl.tone}` : ''}`}
                  title={mark?.labels.join('\n')}
                  aria-label={mark ? `${GLYPH[mark.tone]} ${mark.labels.join('; ')}` : undefined}
                  role={mark ? 'img' : undefined}
                />
                <span className={`ts-fallback-num${mark ? ` ts-linenum-${mark.tone}` : ''}`} aria-hidden="true">
                  {n}
                </span>
                {/* The badge inside the code, so it wraps after the line's text as Monaco's does. */}
                <span className="ts-fallback-code">
                  {line === '' ? ' ' : line}
                  {mark && mark.badges.length > 0 && <span className={`ts-badge ts-badge-${mark.tone}`}>{`   ${mark.badges.join('  ')}`}</span>}
                </span>
              </span>
            );
          })}
        </code>
      </pre>
    </div>
  );
}
