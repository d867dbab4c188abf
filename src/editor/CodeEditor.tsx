// Declarative source editor: tabs over the flow's files, Monaco once it has loaded, and a plain-text
// view until then (and if it never does). The parent owns everything: which file is shown, what is
// highlighted, the gutter marks and the text itself; this component only renders them.
//
// Monaco arrives through loadMonaco() (a dynamic import), so mounting this component never blocks
// first paint: the fallback renders synchronously with the same highlight and marks.

import { useCallback, useEffect, useId, useState } from 'react';
import { FileTabs } from './FileTabs';
import { loadMonaco, type MonacoApi } from './monaco-loader';
import { MonacoView } from './MonacoView';
import { SourceFallback } from './SourceFallback';
import type { EditorFile, EditorHighlight, EditorLogpoint, EditorMarker, HoverTarget, HoverView, LogpointActions } from './types';
import './editor.css';

export type { EditorFile, EditorHighlight, EditorLogpoint, EditorMarker, HighlightTone, HoverTarget, HoverView, LogpointActions, MarkerTone } from './types';

export interface CodeEditorProps {
  readonly files: readonly EditorFile[];
  /** the shown file; switching to the highlight's file is the parent's job */
  readonly activeFile: string;
  readonly onActiveFileChange: (name: string) => void;
  /** default true: the viewer shows recorded source; editing is for what-if replays */
  readonly readOnly?: boolean;
  readonly theme: 'dark' | 'light';
  /** the selected step's line: background, glyph, revealed when it moves */
  readonly highlight?: EditorHighlight | undefined;
  /** one mark per line with recorded steps: ✓ ok, ✗ error, ◐ mixed, label on hover */
  readonly markers?: readonly EditorMarker[] | undefined;
  /** the user edited `file` (only when not readOnly) */
  readonly onChange?: ((file: string, text: string) => void) | undefined;
  /** logpoints to draw (a ◆ beside the line number, the value after the code); with actions, added and edited here */
  readonly logpoints?: readonly EditorLogpoint[] | undefined;
  readonly editingLogpoint?: string | undefined;
  readonly logpointActions?: LogpointActions | undefined;
  /** the value under the mouse, once the parent has it; onHover says what the mouse rests on */
  readonly hover?: HoverView | undefined;
  readonly onHover?: ((at: HoverTarget | undefined) => void) | undefined;
}

type Load = { state: 'loading' } | { state: 'loaded'; monaco: MonacoApi } | { state: 'failed'; message: string };

export function CodeEditor({
  files,
  activeFile,
  onActiveFileChange,
  readOnly = true,
  theme,
  highlight,
  markers,
  onChange,
  logpoints,
  editingLogpoint,
  logpointActions,
  hover,
  onHover
}: CodeEditorProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  const idBase = useId();
  const panelId = `${idBase}-panel`;
  const tabId = useCallback((index: number) => `${idBase}-tab-${index}`, [idBase]);

  useEffect(() => {
    let live = true;
    loadMonaco().then(
      (monaco) => {
        if (live) setLoad({ state: 'loaded', monaco });
      },
      (error: unknown) => {
        console.error('Monaco failed to load; showing plain text.', error);
        if (live) setLoad({ state: 'failed', message: 'The code editor failed to load; showing plain text.' });
      }
    );
    return () => {
      live = false;
    };
  }, []);

  const activeIndex = files.findIndex((f) => f.name === activeFile);
  const active = files[activeIndex];

  return (
    <div className="ts-editor flex h-full min-h-0 flex-col" data-theme={theme}>
      <FileTabs files={files} activeFile={activeFile} onActiveFileChange={onActiveFileChange} tabId={tabId} panelId={panelId} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={activeIndex >= 0 ? tabId(activeIndex) : undefined}
        aria-label={activeIndex >= 0 ? undefined : 'Source'}
        className="relative min-h-0 flex-1"
        data-editor={ready ? 'monaco' : 'fallback'}
      >
        {load.state === 'loaded' && active ? (
          <MonacoView
            monaco={load.monaco}
            files={files}
            activeFile={activeFile}
            readOnly={readOnly}
            theme={theme}
            highlight={highlight}
            markers={markers}
            onChange={onChange}
            onReady={onReady}
            logpoints={logpoints}
            editingLogpoint={editingLogpoint}
            logpointActions={logpointActions}
            hover={hover}
            onHover={onHover}
          />
        ) : null}
        {!ready && active ? (
          <SourceFallback
            file={active.name}
            text={active.text}
            highlight={highlight}
            markers={markers}
            notice={load.state === 'failed' ? load.message : undefined}
          />
        ) : null}
        {!active ? (
          <p className="ts-editor-empty p-3 text-sm">{files.length ? `No file named ${activeFile}.` : 'No source file to show.'}</p>
        ) : null}
      </div>
    </div>
  );
}
