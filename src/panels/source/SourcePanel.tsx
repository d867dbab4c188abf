// The flow's source beside the steps, with the selected Command's line
// highlighted. Editable, for what-if replays: edits are kept per trace and
// can be reset. Monaco arrives lazily; the panel is readable before it does.
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { CodeEditor } from '../../editor/CodeEditor';
import { useSourceStore } from '../../stores/sourceStore';
import { useViewStore } from '../../stores/viewStore';
import { useReplayStore } from '../../stores/replayStore';
import { pickFiles } from '../../components/filePicker';
import { useSourceModel } from './useSourceModel';
import { useSelectedAfterPaint } from '../../stores/useSelectedAfterPaint';
import { ReplayToolbar } from './ReplayToolbar';
import { useAutoReplayBlocker } from '../../stores/autoReplay';
import { useSourceFetchStore } from '../../stores/sourceFetchStore';
import { SourceFetchStatus } from './SourceFetchStatus';
import { useLogpointView } from './useLogpointView';
import { useHoverView } from './useHoverView';

function NoSource() {
  const openDialog = useViewStore((s) => s.openDialog);
  const fetching = useSourceFetchStore((s) => s.fetch.status === 'loading');
  return (
    <div className="flex h-full items-center justify-center p-6 text-center">
      <div className="max-w-sm">
        <SourceFetchStatus layout="empty" />
        {!fetching && (
          <>
            <p className="font-semibold">No flow source yet</p>
            <p className="mt-1 text-[12px] text-muted">
              Drop the flow&apos;s .ts or .js file anywhere on the window, or add it here, to see each step&apos;s Command highlighted in its code and
              to replay it.
            </p>
          </>
        )}
        <div className="mt-3 flex justify-center gap-2">
          <button type="button" className="rounded border border-line px-2 py-1 text-[12px] hover:bg-raised" onClick={pickFiles}>
            Add source file…
          </button>
          <button type="button" className="rounded border border-line px-2 py-1 text-[12px] hover:bg-raised" onClick={() => openDialog('paste')}>
            Paste source
          </button>
        </div>
      </div>
    </div>
  );
}

export function SourcePanel({ model, theme }: { model: TraceModel | undefined; theme: 'dark' | 'light' }) {
  const { files, originals, activeFile, step, highlight, markers, located } = useSourceModel(model);
  const setActiveFile = useSourceStore((s) => s.setActiveFile);
  const edit = useReplayStore((s) => s.edit);
  // As the highlight does (useSourceModel): a paint behind the list, so a key press renders no editor.
  const selected = useSelectedAfterPaint();
  const blocked = useAutoReplayBlocker();
  const { logpoints, editing, actions } = useLogpointView(model, selected);
  const { hover, onHover } = useHoverView(model, files, selected);
  // Choosing a step takes the view back from a failure's line to that step's Command.
  useEffect(() => {
    useReplayStore.getState().setFocus(undefined);
  }, [selected]);

  // Follow the selected step into the file that defines its Command.
  useEffect(() => {
    if (highlight && highlight.file !== activeFile) setActiveFile(highlight.file);
  }, [highlight?.file]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section aria-label="Source" className="flex h-full min-h-0 flex-col bg-panel">
      {files.length === 0 || !activeFile ? (
        <NoSource />
      ) : (
        <>
          <SourceFetchStatus layout="strip" />
          {model && <ReplayToolbar model={model} blocked={blocked} />}
          <div className="min-h-0 flex-1">
            <CodeEditor
              files={files}
              activeFile={activeFile}
              onActiveFileChange={setActiveFile}
              readOnly={false}
              theme={theme}
              highlight={highlight}
              markers={markers}
              onChange={(file, text) => edit(file, text, originals.find((f) => f.name === file)?.text ?? '')}
              logpoints={logpoints}
              editingLogpoint={editing}
              logpointActions={model ? actions : undefined}
              hover={hover}
              onHover={model ? onHover : undefined}
            />
          </div>
          {step && !located && step.kind !== 'decision' && (
            <p className="shrink-0 border-t border-line px-2 py-1 text-[12px] text-muted">
              {step.command === 'anonymous'
                ? 'This step is an anonymous inline Command, so its line cannot be found. Name it with a const or meta.name.'
                : `'${step.command}' is not defined in the loaded source. Add the file that defines it.`}
            </p>
          )}
        </>
      )}
    </section>
  );
}
