// Drop anywhere on the window. The overlay shows while files hover; a
// counter keeps it from flickering as the pointer crosses child elements.
import { useEffect, useRef, useState } from 'react';
import { openFiles, openPastedText } from '../open/loading';
import { droppedFiles } from '../open/droppedFiles';
import { primeEngine } from '../../worker/engineClient';

const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');

function typingTarget(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.closest('.monaco-editor, textarea, input, [contenteditable="true"]') !== null);
}

export function DropZone() {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  useEffect(() => {
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      // Files are being dragged in: the engine that will read them warms up before they land.
      if (depth.current === 0) primeEngine();
      depth.current += 1;
      setOver(true);
    };
    const overHandler = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      // Read now: the DataTransfer is emptied once this handler returns.
      const data = e.dataTransfer;
      if (data) void droppedFiles(data).then((files) => (files.length ? openFiles(files) : undefined));
    };
    // Ctrl+V anywhere outside a text field opens pasted JSON as a trace, or code as source.
    const paste = (e: ClipboardEvent) => {
      if (typingTarget(e.target)) return;
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length) {
        e.preventDefault();
        void openFiles(files);
        return;
      }
      const text = e.clipboardData?.getData('text/plain');
      if (text?.trim()) {
        e.preventDefault();
        void openPastedText(text);
      }
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    window.addEventListener('paste', paste);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      window.removeEventListener('paste', paste);
    };
  }, []);
  if (!over) return null;
  return (
    <div data-testid="drop-overlay" className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-accent/15 p-6">
      <div className="rounded-xl border-2 border-dashed border-accent bg-panel px-10 py-8 text-center shadow-xl">
        <p className="text-base font-semibold">Drop to open</p>
        <p className="mt-1 text-muted">a trace (.json, .jsonl) and the flow&apos;s source (.ts, .js)</p>
      </div>
    </div>
  );
}
