// A hidden one-file input opened from a button of the caller's ("Compare with…",
// "Baseline from a file…"): out of the tab order, cleared after each pick so the
// same file can be picked again, and named for screen readers and tests.
import { useRef, type ReactElement } from 'react';

export interface FilePick {
  /** the hidden input, to render anywhere near the button */
  readonly input: ReactElement;
  /** opens the file chooser */
  readonly pick: () => void;
}

export function useFilePick(accept: string, label: string, onFile: (file: File) => void): FilePick {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={accept}
      aria-label={label}
      className="sr-only"
      tabIndex={-1}
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        e.currentTarget.value = '';
        if (file) onFile(file);
      }}
    />
  );
  return { input, pick: () => ref.current?.click() };
}
