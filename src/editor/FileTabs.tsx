// Tab bar over the source files, following the WAI-ARIA tabs pattern: one tab in the Tab order
// (roving tabindex), arrow keys / Home / End move and activate (activation is cheap: a model swap).

import { useRef, type KeyboardEvent } from 'react';
import type { EditorFile } from './types';

export interface FileTabsProps {
  readonly files: readonly EditorFile[];
  readonly activeFile: string;
  readonly onActiveFileChange: (name: string) => void;
  readonly tabId: (index: number) => string;
  readonly panelId: string;
}

export function FileTabs({ files, activeFile, onActiveFileChange, tabId, panelId }: FileTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const activeIndex = files.findIndex((f) => f.name === activeFile);
  // If the active file is not among the tabs, the first tab still has to be reachable with Tab.
  const focusable = activeIndex >= 0 ? activeIndex : 0;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = files.length;
    if (count === 0) return;
    const focused = files.findIndex((f) => f.name === (event.target as HTMLElement).dataset.file);
    const from = focused >= 0 ? focused : focusable;
    let to: number;
    switch (event.key) {
      case 'ArrowRight':
        to = (from + 1) % count;
        break;
      case 'ArrowLeft':
        to = (from - 1 + count) % count;
        break;
      case 'Home':
        to = 0;
        break;
      case 'End':
        to = count - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    onActiveFileChange((files[to] as EditorFile).name);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label="Source files"
      className="ts-tabs flex shrink-0 overflow-x-auto"
      onKeyDown={onKeyDown}
    >
      {files.map((file, index) => {
        const selected = index === activeIndex;
        return (
          <button
            key={file.name}
            type="button"
            role="tab"
            id={tabId(index)}
            data-file={file.name}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={index === focusable ? 0 : -1}
            className="ts-tab shrink-0 whitespace-nowrap px-3 py-1 font-mono text-xs"
            onClick={() => onActiveFileChange(file.name)}
          >
            {file.name}
          </button>
        );
      })}
    </div>
  );
}
