// The value under the mouse: after the mouse rests on a name (or a.b.c chain) in the code, the
// editor tells its parent what it is (onHover), and draws what the parent answers (hover) in a
// small widget above it: the value where that line ran, "evaluating…" meanwhile. A key press or
// the mouse moving on hides it. Text only (textContent), never HTML.
import { useEffect, useRef, type RefObject } from 'react';
import type * as Monaco from 'monaco-editor';
import type { MonacoApi } from './monaco-loader';
import type { HoverTarget, HoverView } from './types';
import { expressionAt } from '../core/logpoints/hoverExpr';

interface Instance {
  readonly editor: Monaco.editor.IStandaloneCodeEditor;
  shown: string | undefined;
}

/** How long the mouse rests on a name before its value is asked for. */
const REST_MS = 350;
const CONTENT_TEXT = 6;

const same = (a: HoverTarget | undefined, b: HoverTarget | undefined) => a?.file === b?.file && a?.line === b?.line && a?.column === b?.column && a?.expr === b?.expr;

export function useValueHover(instanceRef: RefObject<Instance | null>, monaco: MonacoApi, file: string, hover: HoverView | undefined, onHover: ((at: HoverTarget | undefined) => void) | undefined) {
  const latest = useRef({ file, onHover });
  useEffect(() => {
    latest.current = { file, onHover };
  });

  useEffect(() => {
    const editor = instanceRef.current?.editor;
    if (!editor || !onHover) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HoverTarget | undefined;
    const set = (at: HoverTarget | undefined) => {
      if (same(at, current)) return;
      current = at;
      latest.current.onHover?.(at);
    };
    const move = editor.onMouseMove((e) => {
      const t = e.target;
      const model = editor.getModel();
      // Over the value widget itself: keep it.
      if (t.type === 9 /* CONTENT_WIDGET */ && t.detail === 'timescope.valueHover') return;
      const at = t.type === CONTENT_TEXT && t.position && model && !t.element?.closest?.('.ts-lp-badge, .ts-badge') ? expressionAt(model.getLineContent(t.position.lineNumber), t.position.column) : undefined;
      const target = at && t.position ? { file: latest.current.file, line: t.position.lineNumber, column: at.start, expr: at.expr } : undefined;
      clearTimeout(timer);
      if (!target) return set(undefined);
      if (same(target, current)) return;
      if (current) set(undefined);
      timer = setTimeout(() => set(target), REST_MS);
    });
    const leave = editor.onMouseLeave(() => {
      clearTimeout(timer);
      set(undefined);
    });
    const key = editor.onKeyDown(() => {
      clearTimeout(timer);
      set(undefined);
    });
    const scroll = editor.onDidScrollChange((e) => {
      if (e.scrollTopChanged) set(undefined);
    });
    return () => {
      clearTimeout(timer);
      for (const d of [move, leave, key, scroll]) d.dispose();
      set(undefined);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instanceRef, Boolean(onHover)]);

  // The widget, while there is something to show on the shown file.
  const line = hover && hover.file === file ? hover.line : undefined;
  const column = hover?.column;
  const widget = useRef<{ node: HTMLDivElement; value: HTMLDivElement; text: HTMLDivElement } | null>(null);
  useEffect(() => {
    const editor = instanceRef.current?.editor;
    if (!editor || line === undefined || column === undefined) return;
    const node = document.createElement('div');
    node.className = 'ts-value-hover';
    node.setAttribute('role', 'tooltip');
    node.setAttribute('data-testid', 'value-hover');
    const value = node.appendChild(document.createElement('div'));
    value.className = 'ts-value-hover-value';
    const text = node.appendChild(document.createElement('div'));
    text.className = 'ts-value-hover-where';
    widget.current = { node, value, text };
    const w: Monaco.editor.IContentWidget = {
      getId: () => 'timescope.valueHover',
      getDomNode: () => node,
      getPosition: () => ({
        position: { lineNumber: line, column },
        preference: [monaco.editor.ContentWidgetPositionPreference.ABOVE, monaco.editor.ContentWidgetPositionPreference.BELOW]
      })
    };
    editor.addContentWidget(w);
    return () => {
      editor.removeContentWidget(w);
      widget.current = null;
    };
  }, [instanceRef, monaco, line, column]);

  const shownText = hover?.text;
  const tone = hover?.tone;
  const busy = hover?.busy;
  useEffect(() => {
    const w = widget.current;
    if (!w) return;
    // The value first and strong, where it was read below it.
    const [first = '', ...rest] = (shownText ?? '').split('\n');
    w.value.textContent = first;
    w.text.textContent = rest.join('\n');
    w.text.hidden = rest.length === 0;
    w.node.className = `ts-value-hover ts-value-hover-${tone ?? 'muted'}`;
    w.node.setAttribute('aria-busy', busy ? 'true' : 'false');
  }, [shownText, tone, busy, line, column]);
}
