// The original bytes of the load in flight, handed from openTraceBlob (every
// local load: drop, picker, paste, demo) and openCorpusFiles (several files at
// once) to the session saver once the parse settles. Kept apart from
// session.ts so loading.ts need not import it.

/** A several-file corpus as it is kept: the files themselves, with the path each was opened by. */
export interface StoredCorpus {
  readonly files: readonly File[];
  readonly paths: readonly string[];
}

export function isStoredCorpus(value: unknown): value is StoredCorpus {
  const v = value as Partial<StoredCorpus> | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.files) && Array.isArray(v.paths) && v.files.length === v.paths.length && v.files.every((f) => f instanceof Blob);
}

export interface PendingOpen {
  readonly stored: Blob | StoredCorpus;
  /** the bytes it takes to keep */
  readonly size: number;
  readonly fileName: string;
  /** these bytes came out of storage (a restore), so they need not be written again */
  readonly restored: boolean;
}

let pending: PendingOpen | undefined;
let restoring: Blob | undefined;

/** Called by openTraceBlob for each local load; a newer load replaces an older one, as the parse does. */
export function noteOpened(blob: Blob, fileName: string) {
  pending = { stored: blob, size: blob.size, fileName, restored: blob === restoring };
  restoring = undefined;
}

/** Called by openCorpusFiles: the corpus is kept as its files, to be opened as a corpus again. */
export function noteOpenedCorpus(files: readonly File[], paths: readonly string[], fileName: string) {
  const size = files.reduce((n, f) => n + f.size, 0);
  pending = { stored: { files, paths }, size, fileName, restored: files[0] !== undefined && files[0] === restoring };
  restoring = undefined;
}

/** The next noteOpened(blob) (or corpus whose first file is `blob`) is a restore of stored bytes. */
export function markRestoring(blob: Blob) {
  restoring = blob;
}

export function takePending(): PendingOpen | undefined {
  const p = pending;
  pending = undefined;
  return p;
}

export const hasPending = () => pending !== undefined;
