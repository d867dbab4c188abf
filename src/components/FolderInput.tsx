// "Open folder…": a hidden directory input (every file under the folder, with
// its path inside it), for a corpus of traces to replay all at once.
import { useEffect, useRef } from 'react';

export const FOLDER_INPUT_ID = 'timescope-folder-input';

export function pickFolder() {
  document.getElementById(FOLDER_INPUT_ID)?.click();
}

export function FolderInput({ onFiles }: { onFiles: (files: File[]) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  // React has no typed prop for it; the attribute is what Chromium, Firefox and Safari read.
  useEffect(() => ref.current?.setAttribute('webkitdirectory', ''), []);
  return (
    <input
      ref={ref}
      id={FOLDER_INPUT_ID}
      type="file"
      multiple
      aria-label="Open a folder of traces"
      className="sr-only"
      tabIndex={-1}
      onChange={(e) => {
        const files = [...(e.currentTarget.files ?? [])];
        e.currentTarget.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}
