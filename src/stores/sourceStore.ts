// The flow's source files the person gave us, by file name. They outlive a
// trace switch on purpose: dropping a second trace of the same flow keeps
// its source open.
import { create } from 'zustand';

export interface SourceFile {
  readonly name: string;
  readonly text: string;
  /**
   * 'link': the code arrived with a link or URL, not from the person's own files. Such code is
   * shown, and runs only when the person presses Replay (no replay on load).
   */
  readonly origin?: 'link';
}

interface SourceState {
  readonly files: readonly SourceFile[];
  readonly activeFile: string | undefined;
  addFiles(files: readonly SourceFile[]): void;
  /** a trace arrived with its own source files: they replace whatever was open */
  replaceFiles(files: readonly SourceFile[]): void;
  setActiveFile(name: string): void;
  clear(): void;
}

export const useSourceStore = create<SourceState>()((set) => ({
  files: [],
  activeFile: undefined,
  addFiles: (incoming) =>
    set((s) => {
      const byName = new Map(s.files.map((f) => [f.name, f] as const));
      for (const f of incoming) byName.set(f.name, f);
      return { files: [...byName.values()], activeFile: incoming[0]?.name ?? s.activeFile };
    }),
  replaceFiles: (files) => set({ files: [...files], activeFile: files[0]?.name }),
  setActiveFile: (name) => set({ activeFile: name }),
  clear: () => set({ files: [], activeFile: undefined })
}));

/** The files as the person sees them: the originals with their edits applied. */
export function effectiveFiles(files: readonly SourceFile[], edits: Readonly<Record<string, string>>): SourceFile[] {
  return files.map((f) => (edits[f.name] !== undefined ? { ...f, text: edits[f.name]! } : f));
}
