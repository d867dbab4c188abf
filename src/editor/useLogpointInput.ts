// The input a logpoint's expression is typed into: a band under its line (a Monaco view zone),
// labelled, with the reason an expression is refused under it as it is typed. Enter keeps the
// expression (a refused one stays open, its reason read out), Esc cancels; each key is saved as
// typed through the parent. Text only: the reason is set as textContent, never HTML.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type * as Monaco from 'monaco-editor';
import type { EditorLogpoint, LogpointActions } from './types';
import { NOTE_FONT, noteLines } from './monaco-view-helpers';

interface Instance {
  readonly editor: Monaco.editor.IStandaloneCodeEditor;
}

const ROW = 30;

let counter = 0;

export function useLogpointInput(instanceRef: RefObject<Instance | null>, file: string, point: EditorLogpoint | undefined, actions: LogpointActions | undefined) {
  const id = point?.id;
  const line = point && point.file === file ? point.line : undefined;
  const latest = useRef({ point, actions });
  useEffect(() => {
    latest.current = { point, actions };
  });
  const message = useRef<((text: string | undefined) => void) | null>(null);

  // A layout effect, focused at once: keys typed right after the click or the key that opened it go
  // to the input, never into the code behind it.
  useLayoutEffect(() => {
    const editor = instanceRef.current?.editor;
    if (!editor || id === undefined || line === undefined || !actions) return;
    const before = latest.current.point?.expr ?? '';
    const n = ++counter;
    const dom = document.createElement('div');
    const band = dom.appendChild(document.createElement('div'));
    band.className = 'ts-lp-zone';
    band.setAttribute('data-testid', 'logpoint-input');
    const row = band.appendChild(document.createElement('div'));
    row.className = 'ts-lp-zone-row';
    const label = row.appendChild(document.createElement('label'));
    label.htmlFor = `ts-lp-input-${n}`;
    label.textContent = `◆ Log at line ${line}:`;
    const input = row.appendChild(document.createElement('input'));
    input.id = `ts-lp-input-${n}`;
    input.type = 'text';
    input.spellcheck = false;
    input.autocomplete = 'off';
    input.value = before;
    input.placeholder = 'an expression to show, e.g. order.total';
    input.setAttribute('aria-label', `Logpoint expression for ${file} line ${line}`);
    input.setAttribute('aria-describedby', `ts-lp-msg-${n}`);
    const keys = row.appendChild(document.createElement('span'));
    keys.className = 'ts-lp-zone-keys';
    keys.textContent = 'Enter keeps · Esc cancels';
    const msg = band.appendChild(document.createElement('div'));
    msg.id = `ts-lp-msg-${n}`;
    msg.className = 'ts-lp-zone-msg';
    msg.setAttribute('role', 'status');
    msg.setAttribute('data-testid', 'logpoint-refusal');

    // Monaco hides its view zones from assistive technology: the zone only makes room under the line,
    // and the input lives in an overlay widget laid over it, where a screen reader finds it.
    const spacer = document.createElement('div');
    let zoneId: string | undefined;
    const overlay: Monaco.editor.IOverlayWidget = {
      getId: () => `timescope.logpointInput.${n}`,
      getDomNode: () => dom,
      getPosition: () => null
    };
    dom.style.position = 'absolute';
    editor.addOverlayWidget(overlay);
    const place = () => {
      const info = editor.getLayoutInfo();
      const width = info.contentWidth - info.verticalScrollbarWidth;
      band.style.width = `${width}px`;
      dom.style.left = `${info.contentLeft}px`;
      const text = msg.textContent ?? '';
      const height = ROW + (text ? noteLines(text, width, NOTE_FONT) * 17 + 4 : 0);
      band.style.height = `${height}px`;
      editor.changeViewZones((zones) => {
        if (zoneId) zones.removeZone(zoneId);
        zoneId = zones.addZone({
          afterLineNumber: line,
          heightInPx: height,
          domNode: spacer,
          onDomNodeTop: (top) => {
            dom.style.top = `${top}px`;
          }
        });
      });
    };
    message.current = (text) => {
      const next = text ?? '';
      if (msg.textContent === next) return;
      msg.textContent = next;
      msg.hidden = !next;
      place();
    };
    msg.hidden = true;
    place();
    // The input in view: a click or the key on a line near the bottom would open it out of sight.
    editor.revealLinesInCenterIfOutsideViewport(line, line + 2);
    const close = () => {
      latest.current.actions?.edit(undefined);
      editor.focus();
    };
    // Keys typed here are the input's: Monaco's own keybindings (listened to on the editor) never see them.
    const stop = (e: Event) => e.stopPropagation();
    input.addEventListener('keydown', (e) => {
      // Ctrl/Cmd+Enter replays (the app listens in the capture phase); nothing else leaves the input.
      e.stopPropagation();
      if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        const refusal = latest.current.point?.refusal;
        if (refusal && input.value.trim()) {
          msg.setAttribute('role', 'alert');
          msg.textContent = '';
          message.current?.(refusal);
          return;
        }
        if (!input.value.trim()) latest.current.actions?.cancel(id, '');
        close();
      } else if (e.key === 'Escape') {
        e.preventDefault();
        latest.current.actions?.cancel(id, before);
        close();
      }
    });
    for (const type of ['keyup', 'keypress', 'mousedown', 'pointerdown', 'click', 'dblclick', 'paste', 'copy', 'cut']) input.addEventListener(type, stop);
    input.addEventListener('input', () => latest.current.actions?.setExpr(id, input.value));
    input.addEventListener('blur', () => {
      // Leaving an empty new logpoint takes it away; anything typed stays, as typed.
      window.setTimeout(() => {
        if (document.activeElement === input || !latest.current.point) return;
        if (!input.value.trim()) latest.current.actions?.cancel(id, before.trim() ? before : '');
        latest.current.actions?.edit(undefined);
      }, 0);
    });
    input.focus();
    // Monaco may lay the overlay out a frame later; focus again if the first call found it detached.
    const frame = requestAnimationFrame(() => {
      if (document.activeElement !== input) input.focus();
    });
    let width = editor.getLayoutInfo().contentWidth;
    const sub = editor.onDidLayoutChange((info) => {
      if (info.contentWidth === width) return;
      width = info.contentWidth;
      place();
    });
    return () => {
      cancelAnimationFrame(frame);
      sub.dispose();
      message.current = null;
      editor.changeViewZones((zones) => {
        if (zoneId) zones.removeZone(zoneId);
      });
      editor.removeOverlayWidget(overlay);
    };
    // One input per logpoint opened (and per line it sits on); its expression and reason follow below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instanceRef, id, line, file, Boolean(actions)]);

  // The reason follows what is typed, at once.
  const refusal = point?.refusal;
  const typed = point?.expr.trim();
  useEffect(() => {
    message.current?.(typed ? refusal : undefined);
  }, [refusal, typed, id]);
}
