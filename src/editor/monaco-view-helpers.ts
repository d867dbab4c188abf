// Small pieces of editor behaviour MonacoView composes: where a revealed line
// sits, scrolling back left, and the note band under the selected line.
import { useEffect, type RefObject } from 'react';
import type * as Monaco from 'monaco-editor';
import type { EditorHighlight } from './types';

type Editor = Monaco.editor.IStandaloneCodeEditor;

/** The .ts-note font in editor.css, for measuring. */
export const NOTE_FONT = "12px system-ui, -apple-system, 'Segoe UI', sans-serif";

/**
 * Put the line a third of the way down, the text scrolled fully left: never at the edge, where it
 * reads as cut off, and never under the horizontal scrollbar. Lines near the end stop where they can.
 */
export function revealAtThird(editor: Editor, line: number) {
  const height = editor.getLayoutInfo().height;
  const top = editor.getTopForLineNumber(line);
  editor.setScrollPosition({ scrollTop: Math.max(0, top - Math.round(height / 3)), scrollLeft: 0 });
}

/** After typing at the end of a long line, a cursor that fits unscrolled brings the view back left. */
export function snapLeftIfFits(editor: Editor, position: Monaco.Position) {
  if (editor.getScrollLeft() === 0) return;
  const x = editor.getOffsetForColumn(position.lineNumber, position.column);
  const room = editor.getLayoutInfo().contentWidth - 24;
  if (x >= 0 && x < room) editor.setScrollLeft(0);
}

let measure: CanvasRenderingContext2D | null | undefined;

/** How many 17 px lines the note wraps to in the band's width, measured in the band's font. */
export function noteLines(text: string, width: number, font: string): number {
  measure ??= document.createElement('canvas').getContext('2d');
  const room = Math.max(80, width - 24);
  if (!measure) return Math.max(1, Math.ceil((text.length * 7) / room));
  measure.font = font;
  // Words wrap whole, so count the way the browser will, word by word.
  let lines = 1;
  let used = 0;
  const space = measure.measureText(' ').width;
  for (const word of text.split(' ')) {
    const w = measure.measureText(word).width;
    if (used > 0 && used + space + w > room) {
      lines += 1;
      used = w;
    } else used += (used > 0 ? space : 0) + w;
    if (w > room) lines += Math.floor(w / room); // one unbroken long word wraps anywhere
  }
  return lines;
}

/**
 * The note under the selected line (what the step did, what it received) as a view zone: it wraps
 * to the editor's width, so a long line or a narrow pane never cuts it off. Text only, never HTML.
 */
export function useNoteZone(instance: RefObject<{ readonly editor: Editor } | null>, highlight: EditorHighlight | undefined, file: string) {
  const line = highlight?.line;
  const note = highlight?.note;
  const tone = highlight?.tone;
  useEffect(() => {
    // Read in the effect: MonacoView creates the editor in an effect declared before this one.
    const editor = instance.current?.editor;
    if (!editor || line === undefined || !note) return;
    let zoneId: string | undefined;
    // Monaco sizes a zone's own node to the scrollable width, so the band is a child with a width of its own.
    const dom = document.createElement('div');
    const band = dom.appendChild(document.createElement('div'));
    band.className = `ts-note${tone === 'error' ? ' ts-note-error' : ''}`;
    band.setAttribute('data-testid', 'step-note');
    band.textContent = note;
    const place = () => {
      const info = editor.getLayoutInfo();
      // Zones span the scrollable width (long lines make it wide): wrap to the visible width instead.
      const width = info.contentWidth - info.verticalScrollbarWidth;
      band.style.width = `${width}px`;
      const height = noteLines(note, width, NOTE_FONT) * 17 + 4;
      editor.changeViewZones((zones) => {
        if (zoneId) zones.removeZone(zoneId);
        zoneId = zones.addZone({ afterLineNumber: line, heightInPx: height, domNode: dom, suppressMouseDown: false });
      });
    };
    place();
    let width = editor.getLayoutInfo().contentWidth;
    const sub = editor.onDidLayoutChange((info) => {
      if (info.contentWidth === width) return;
      width = info.contentWidth;
      place();
    });
    return () => {
      sub.dispose();
      editor.changeViewZones((zones) => {
        if (zoneId) zones.removeZone(zoneId);
      });
    };
  }, [instance, line, note, tone, file]);
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The next (or previous) element Tab would reach outside `host`, in document order. */
function tabbableBeside(host: HTMLElement, forward: boolean): HTMLElement | undefined {
  const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => !host.contains(el) && el.getClientRects().length > 0);
  const after = (el: HTMLElement) => Boolean(host.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  return forward ? all.find(after) : all.reverse().find((el) => !after(el));
}

/**
 * Tab indents in a code editor, so a keyboard-only person needs a way out: Esc, then Tab (or
 * Shift+Tab) moves focus to what comes after (or before) the editor, as in GitHub's editor.
 * Esc still closes Monaco's own widgets first; only an Esc that reached the editor arms the exit.
 */
export function tabOutAfterEscape(editor: Editor, host: HTMLElement): { dispose(): void } {
  let armed = false;
  return editor.onKeyDown((e) => {
    const key = e.browserEvent.key;
    if (key === 'Escape') {
      armed = true;
      return;
    }
    // Shift+Tab arrives as a Shift keydown first: a modifier alone keeps the exit armed.
    if (key === 'Shift' || key === 'Control' || key === 'Alt' || key === 'Meta') return;
    if (key === 'Tab' && armed) {
      const target = tabbableBeside(host, !e.shiftKey);
      if (target) {
        e.preventDefault();
        e.stopPropagation();
        target.focus();
      }
    }
    armed = false;
  });
}
