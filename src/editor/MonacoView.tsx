// The Monaco half of CodeEditor: one editor instance, one model per file, props pushed in by effects.
// Only rendered once loadMonaco() has resolved, so the Monaco API arrives as a prop and this file
// needs no static import of monaco-editor.

import { useEffect, useRef } from 'react';
import type * as Monaco from 'monaco-editor';
import { buildDecorations } from './decorations';
import { applyTheme, themeName } from './monaco-theme';
import { revealAtThird, snapLeftIfFits, tabOutAfterEscape, useNoteZone } from './monaco-view-helpers';
import { languageOf, modelPath, readingLanguageOf } from './language';
import type { MonacoApi } from './monaco-loader';
import type { EditorFile, EditorHighlight, EditorLogpoint, EditorMarker, HoverTarget, HoverView, LogpointActions } from './types';
import { useLogpointGutter } from './useLogpointGutter';
import { useLogpointInput } from './useLogpointInput';
import { useValueHover } from './useValueHover';

export interface MonacoViewProps {
  readonly monaco: MonacoApi;
  readonly files: readonly EditorFile[];
  readonly activeFile: string;
  readonly readOnly: boolean;
  readonly theme: 'dark' | 'light';
  readonly highlight?: EditorHighlight | undefined;
  readonly markers?: readonly EditorMarker[] | undefined;
  readonly onChange?: ((file: string, text: string) => void) | undefined;
  /** called once the editor exists, so the parent can drop its plain-text fallback */
  readonly onReady: () => void;
  readonly logpoints?: readonly EditorLogpoint[] | undefined;
  /** the logpoint whose expression is being typed */
  readonly editingLogpoint?: string | undefined;
  readonly logpointActions?: LogpointActions | undefined;
  readonly hover?: HoverView | undefined;
  readonly onHover?: ((at: HoverTarget | undefined) => void) | undefined;
}

const FONT = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";
const LINE_HEIGHT = 19;
/** Monaco's horizontal scrollbar overlays the text: keep this much room under the last line. */
const BOTTOM_PAD = 16;

interface Instance {
  readonly editor: Monaco.editor.IStandaloneCodeEditor;
  readonly decorations: Monaco.editor.IEditorDecorationsCollection;
  /** models this component created (and disposes), by file name */
  readonly models: Map<string, Monaco.editor.ITextModel>;
  readonly viewStates: Map<string, Monaco.editor.ICodeEditorViewState | null>;
  shown: string | undefined;
  /** true while a prop change is written into a model, so it is not echoed back through onChange */
  applying: boolean;
  /**
   * Texts sent through onChange that have not come back as props yet, by file. When typing outruns
   * React, props arrive one keystroke behind the model; writing them back would undo keystrokes and
   * jump the cursor. A prop text found here is our own edit coming back late, not a new value.
   */
  readonly pending: Map<string, string[]>;
  /** the editor has been focused: models carry their full language (and its language service) */
  engaged: boolean;
}

const PENDING_LIMIT = 50; // a parent that never echoes edits must not make this grow forever

export function MonacoView(props: MonacoViewProps) {
  const { monaco, files, activeFile, readOnly, theme, highlight, markers, onReady, logpoints, editingLogpoint, logpointActions, hover, onHover } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const instanceRef = useRef<Instance | null>(null);
  const onChangeRef = useRef(props.onChange);
  useEffect(() => {
    onChangeRef.current = props.onChange;
  });

  // Create the editor once per mount. Options that change later are synced by the effects below.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    applyTheme(monaco, theme);
    const editor = monaco.editor.create(host, {
      model: null,
      theme: themeName(theme),
      padding: { top: 4, bottom: BOTTOM_PAD },
      readOnly,
      automaticLayout: true, // follows the resizable panes without a manual layout() call
      glyphMargin: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fontFamily: FONT,
      fontSize: 13,
      lineHeight: LINE_HEIGHT,
      lineNumbersMinChars: 3,
      // Room beside the line numbers for a logpoint's ◆ (the glyph lane holds the Commands' marks).
      lineDecorationsWidth: 16,
      // Monaco's own hover (types) opens below the line: the value hover (useValueHover) sits above it.
      hover: { above: false },
      fixedOverflowWidgets: true, // hovers may leave a narrow pane
      stickyScroll: { enabled: false }, // its header would cover the marker lines just below a scope
      // Long lines wrap to the pane: at 1024 px a Command's line (and its recorded value after it) ran
      // off the right edge behind a scrollbar that only shows on hover. Wrapped under its own indent.
      wordWrap: 'on',
      wrappingIndent: 'indent',
      renderLineHighlight: readOnly ? 'none' : 'line'
    });
    const instance: Instance = {
      editor,
      decorations: editor.createDecorationsCollection(),
      models: new Map(),
      viewStates: new Map(),
      shown: undefined,
      applying: false,
      pending: new Map(),
      engaged: false
    };
    instanceRef.current = instance;
    const sub = editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      if (instance.applying || !model || instance.shown === undefined || !onChangeRef.current) return;
      const text = model.getValue();
      const pending = instance.pending.get(instance.shown) ?? [];
      pending.push(text);
      instance.pending.set(instance.shown, pending.slice(-PENDING_LIMIT));
      onChangeRef.current(instance.shown, text);
    });
    // Back at the start of a short line after typing at the end of a long one: scroll back left.
    const cursor = editor.onDidChangeCursorPosition((e) => snapLeftIfFits(editor, e.position));
    const tabOut = tabOutAfterEscape(editor, host);
    // Someone is about to read closely or edit: now the language service (syntax errors, hovers,
    // completion) is worth its worker. Until then the models only colour (readingLanguageOf).
    const engage = editor.onDidFocusEditorText(() => {
      if (instance.engaged) return;
      instance.engaged = true;
      for (const [name, model] of instance.models) monaco.editor.setModelLanguage(model, languageOf(name));
    });
    onReady();
    return () => {
      engage.dispose();
      cursor.dispose();
      tabOut.dispose();
      sub.dispose();
      editor.dispose();
      for (const model of instance.models.values()) model.dispose();
      instanceRef.current = null;
    };
    // Created once; readOnly and theme changes go through updateOptions/setTheme below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monaco]);

  // One model per file, keyed by a file:/// URI so the TS worker sees sibling modules.
  useEffect(() => {
    const inst = instanceRef.current;
    if (!inst) return;
    const names = new Set(files.map((f) => f.name));
    for (const [name, model] of inst.models) {
      if (names.has(name)) continue;
      model.dispose();
      inst.models.delete(name);
      inst.viewStates.delete(name);
      inst.pending.delete(name);
      if (inst.shown === name) inst.shown = undefined;
    }
    for (const file of files) {
      const uri = monaco.Uri.file(modelPath(file.name));
      let model = inst.models.get(file.name) ?? monaco.editor.getModel(uri);
      if (!model) {
        model = monaco.editor.createModel(file.text, inst.engaged ? languageOf(file.name) : readingLanguageOf(file.name), uri);
        inst.models.set(file.name, model);
        continue;
      }
      const pending = inst.pending.get(file.name);
      const echoed = pending ? pending.indexOf(file.text) : -1;
      if (pending && echoed >= 0) pending.splice(0, echoed + 1);
      else if (model.getValue() !== file.text) {
        inst.pending.delete(file.name);
        inst.applying = true;
        try {
          model.setValue(file.text);
        } finally {
          inst.applying = false;
        }
      }
    }
  }, [monaco, files]);

  // Show the active file's model, keeping each file's scroll and cursor across tab switches.
  useEffect(() => {
    const inst = instanceRef.current;
    if (!inst || inst.shown === activeFile) return;
    const model = monaco.editor.getModel(monaco.Uri.file(modelPath(activeFile)));
    if (!model) return;
    if (inst.shown !== undefined) inst.viewStates.set(inst.shown, inst.editor.saveViewState());
    inst.editor.setModel(model);
    inst.shown = activeFile;
    const state = inst.viewStates.get(activeFile);
    if (state) inst.editor.restoreViewState(state);
  }, [monaco, activeFile, files]);

  // Decorations are cleared by Monaco on every setModel, so this re-runs on file changes too.
  useEffect(() => {
    const inst = instanceRef.current;
    const model = inst?.editor.getModel();
    if (!inst || !model || inst.shown !== activeFile) return;
    inst.decorations.set(
      buildDecorations({ file: activeFile, highlight, markers, lineCount: model.getLineCount(), lineEnd: (line) => model.getLineMaxColumn(line) })
    );
  }, [activeFile, files, highlight, markers]);

  // Reveal only when the highlight moves (not on every marker update), so manual scrolling sticks.
  const hlFile = highlight?.file;
  const hlLine = highlight?.line;
  useEffect(() => {
    const inst = instanceRef.current;
    if (!inst || hlFile !== activeFile || hlLine === undefined || inst.shown !== activeFile) return;
    revealAtThird(inst.editor, hlLine);
    // The pane can shrink under the line (the narration drawer opens): bring it back up if it sank low.
    const sub = inst.editor.onDidLayoutChange((info) => {
      const y = inst.editor.getTopForLineNumber(hlLine) - inst.editor.getScrollTop();
      if (y < 0 || y > info.height * 0.6) revealAtThird(inst.editor, hlLine);
    });
    return () => sub.dispose();
  }, [activeFile, hlFile, hlLine]);

  useNoteZone(instanceRef, highlight && highlight.file === activeFile ? highlight : undefined, activeFile);
  useLogpointGutter(instanceRef, monaco, activeFile, files, logpoints, logpointActions, editingLogpoint);
  useLogpointInput(instanceRef, activeFile, editingLogpoint ? logpoints?.find((p) => p.id === editingLogpoint) : undefined, logpointActions);
  useValueHover(instanceRef, monaco, activeFile, hover, onHover);

  useEffect(() => {
    instanceRef.current?.editor.updateOptions({ readOnly, renderLineHighlight: readOnly ? 'none' : 'line' });
  }, [readOnly]);

  // Monaco themes are global to the page; every editor follows the app theme anyway.
  useEffect(() => {
    applyTheme(monaco, theme);
  }, [monaco, theme]);

  return <div ref={hostRef} className="ts-monaco absolute inset-0" data-testid="monaco-host" />;
}
