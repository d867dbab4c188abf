// The files of a drop, folders included: a dropped folder arrives as one
// unreadable entry in dataTransfer.files, so its files are read through the
// entries API, each keeping its path inside the folder (as an input with
// webkitdirectory gives it), for a corpus to name every trace's file.

/** The path a file had inside a dropped or chosen folder, else its name. */
export function pathOf(file: File): string {
  return (file as File & { relativePath?: string }).relativePath || file.webkitRelativePath || file.name;
}

/** `file`, known by `path` from now on (pathOf). */
export const withPath = (file: File, path: string) => Object.defineProperty(file, 'relativePath', { value: path, configurable: true });

function filesOf(entry: FileSystemEntry, prefix: string): Promise<File[]> {
  if (entry.isFile) {
    return new Promise((resolve) => (entry as FileSystemFileEntry).file((f) => resolve([withPath(f, `${prefix}${f.name}`)]), () => resolve([])));
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const all: FileSystemEntry[] = [];
  // readEntries gives a batch at a time (100 in Chromium) until it gives none.
  return new Promise((resolve) => {
    const more = () =>
      reader.readEntries(
        (batch) => {
          if (batch.length === 0) {
            void Promise.all(all.map((e) => filesOf(e, `${prefix}${entry.name}/`))).then((lists) => resolve(lists.flat()));
            return;
          }
          all.push(...batch);
          more();
        },
        () => resolve([])
      );
    more();
  });
}

/** Hidden files (.DS_Store, .git) are never traces nor flow code. */
const visible = (file: File) => !pathOf(file).split('/').some((part) => part.startsWith('.'));

export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null));
  if (!entries.some((e) => e?.isDirectory)) return [...data.files];
  const lists = await Promise.all(entries.map((e) => (e ? filesOf(e, '') : Promise.resolve([]))));
  return lists.flat().filter(visible);
}
