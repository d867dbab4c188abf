// The flow's source while two runs are compared: read-only, the selected
// step's line highlighted with both runs' outcomes under it.
import { useEffect, useMemo } from 'react';
import { CodeEditor } from '../../editor/CodeEditor';
import { locateAll } from '../../core/source/locate';
import { useSourceStore } from '../../stores/sourceStore';
import { useCompareStore, type Comparison } from '../../stores/compareStore';
import { commandNames, compareSource } from './compareSource';

export function CompareSource({ comparison, row, theme }: { comparison: Comparison; row: number; theme: 'dark' | 'light' }) {
  const files = useSourceStore((s) => s.files);
  const activeFile = useSourceStore((s) => s.activeFile);
  const setActiveFile = useSourceStore((s) => s.setActiveFile);
  const locations = useMemo(() => (files.length ? locateAll(files, commandNames(comparison)) : {}), [files, comparison]);
  const detail = useCompareStore((s) => s.detail);
  const { markers, highlight } = useMemo(() => compareSource(comparison, row, detail, locations), [comparison, row, detail, locations]);
  const shown = activeFile ?? files[0]?.name;
  useEffect(() => {
    if (highlight && highlight.file !== shown) setActiveFile(highlight.file);
  }, [highlight?.file]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section aria-label="Source" className="flex h-full min-h-0 flex-col bg-panel">
      {files.length === 0 || !shown ? (
        <p className="m-auto max-w-sm p-6 text-center text-[12px] text-muted">
          Add the flow&apos;s source (drop its file on the window) to see both runs&apos; outcomes on each Command&apos;s line.
        </p>
      ) : (
        <CodeEditor files={files} activeFile={shown} onActiveFileChange={setActiveFile} theme={theme} highlight={highlight} markers={markers} />
      )}
    </section>
  );
}
