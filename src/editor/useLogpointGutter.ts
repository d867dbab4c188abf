// Logpoints in Monaco: drawn (logpointDecorations.ts), added or removed with a click beside a
// line number or with Ctrl/Cmd+Alt+L on the cursor's line, edited with a click on the summary
// after the line, and kept on their line as lines are inserted or removed above them (Monaco's
// decorations follow the text; the new line is written back through `moved`).
import { useEffect, useRef, useState, type RefObject } from 'react';
import type * as Monaco from 'monaco-editor';
import type { MonacoApi } from './monaco-loader';
import type { EditorLogpoint, LogpointActions } from './types';
import { logpointDecorations } from './logpointDecorations';
import { LOGPOINT_KEYS } from './logpointKeys';
import { sharedLines } from '../core/logpoints/lines';

interface Instance {
  readonly editor: Monaco.editor.IStandaloneCodeEditor;
  shown: string | undefined;
  applying: boolean;
}

// Monaco's MouseTargetType, written out (editor.MouseTargetType.*).
const GUTTER_GLYPH_MARGIN = 2;
const GUTTER_LINE_NUMBERS = 3;
const GUTTER_LINE_DECORATIONS = 4;

export function useLogpointGutter(
  instanceRef: RefObject<Instance | null>,
  monaco: MonacoApi,
  file: string,
  files: unknown,
  points: readonly EditorLogpoint[] | undefined,
  actions: LogpointActions | undefined,
  editing: string | undefined
) {
  const latest = useRef({ file, points, actions });
  useEffect(() => {
    latest.current = { file, points, actions };
  });
  const tracked = useRef<readonly { id: string; index: number }[]>([]);
  const collection = useRef<Monaco.editor.IEditorDecorationsCollection | null>(null);
  const [hint, setHint] = useState<number | undefined>(undefined);

  // Listeners and the key, once per editor.
  useEffect(() => {
    const inst = instanceRef.current;
    if (!inst || !actions) return;
    const editor = inst.editor;
    collection.current = editor.createDecorationsCollection();
    const pointAt = (line: number) => latest.current.points?.find((p) => p.file === latest.current.file && p.line === line);
    const toggle = (line: number) => latest.current.actions?.toggle(latest.current.file, line);
    const down = editor.onMouseDown((e) => {
      const t = e.target;
      // A folding chevron shares the lane: a click on one folds, as it always did.
      const folding = t.element?.className.includes?.('codicon-folding') === true;
      if ((t.type === GUTTER_LINE_DECORATIONS || t.type === GUTTER_GLYPH_MARGIN) && t.position && e.event.leftButton && !folding) {
        e.event.preventDefault();
        toggle(t.position.lineNumber);
        return;
      }
      // A click on a logpoint's summary opens its expression for editing.
      const el = t.element;
      if (el?.closest?.('.ts-lp-badge') && t.position) {
        const p = pointAt(t.position.lineNumber);
        if (p) {
          e.event.preventDefault();
          latest.current.actions?.edit(p.id);
        }
      }
    });
    const move = editor.onMouseMove((e) => {
      const t = e.target;
      const inGutter = t.type === GUTTER_LINE_DECORATIONS || t.type === GUTTER_GLYPH_MARGIN || t.type === GUTTER_LINE_NUMBERS;
      setHint(inGutter && t.position ? t.position.lineNumber : undefined);
    });
    const leave = editor.onMouseLeave(() => setHint(undefined));
    const key = editor.addAction({
      id: 'timescope.toggleLogpoint',
      label: `Add or remove a logpoint on this line (${LOGPOINT_KEYS})`,
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Alt | monaco.KeyCode.KeyL],
      contextMenuGroupId: 'navigation',
      contextMenuOrder: 0,
      run: (ed) => {
        const line = ed.getPosition()?.lineNumber;
        if (line !== undefined) toggle(line);
      }
    });
    const editKey = editor.addAction({
      id: 'timescope.editLogpoint',
      label: 'Edit the logpoint on this line',
      contextMenuGroupId: 'navigation',
      contextMenuOrder: 1,
      run: (ed) => {
        const line = ed.getPosition()?.lineNumber;
        const p = line !== undefined ? pointAt(line) : undefined;
        if (p) latest.current.actions?.edit(p.id);
        else if (line !== undefined) toggle(line);
      }
    });
    // Lines inserted or removed above a logpoint: Monaco moved its decoration; the store learns the line.
    // An edit that replaced the text around a logpoint's line (select all and paste, Reset) collapses
    // the decoration to the edit's start: there the line is found again by a line diff of the texts.
    let lastText = editor.getModel()?.getValue() ?? '';
    const modelSwitch = editor.onDidChangeModel(() => {
      lastText = editor.getModel()?.getValue() ?? '';
    });
    const change = editor.onDidChangeModelContent((e) => {
      const c = collection.current;
      const before = lastText;
      const model = editor.getModel();
      lastText = model?.getValue() ?? '';
      if (!c || !model || inst.shown !== latest.current.file) return;
      let shared: Map<number, number> | undefined;
      for (const { id, index } of tracked.current) {
        const p = latest.current.points?.find((q) => q.id === id);
        if (!p) continue;
        const replaced = inst.applying || e.changes.some((ch) => ch.range.startLineNumber < p.line && ch.range.endLineNumber >= p.line);
        let line = c.getRange(index)?.startLineNumber;
        if (replaced) {
          shared ??= sharedLines(before, lastText);
          line = shared.get(p.line) ?? (inst.applying ? p.line : line);
        }
        if (line !== undefined && p.line !== line) latest.current.actions?.moved(id, line);
      }
    });
    return () => {
      for (const d of [down, move, leave, key, editKey, change, modelSwitch]) d.dispose();
      collection.current?.clear();
      collection.current = null;
    };
    // Once per editor; what changes is read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monaco, Boolean(actions)]);

  // Drawn again when the logpoints, the shown file or its text change (a summary sits at the line's end).
  useEffect(() => {
    const inst = instanceRef.current;
    const model = inst?.editor.getModel();
    const c = collection.current;
    if (!inst || !model || !c || inst.shown !== file) return;
    const built = logpointDecorations(points, file, model.getLineCount(), (line) => model.getLineMaxColumn(line), hint, editing);
    c.set(built.decorations);
    tracked.current = built.tracked;
  }, [instanceRef, file, files, points, hint, editing]);
}
