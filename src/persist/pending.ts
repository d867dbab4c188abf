// The original bytes of the load in flight, handed from openTraceBlob (every
// local load: drop, picker, paste, demo) to the session saver once the parse
// settles. Kept apart from session.ts so loading.ts need not import it.

export interface PendingOpen {
  readonly blob: Blob;
  readonly fileName: string;
  /** these bytes came out of storage (a restore), so they need not be written again */
  readonly restored: boolean;
}

let pending: PendingOpen | undefined;
let restoring: Blob | undefined;

/** Called by openTraceBlob for each local load; a newer load replaces an older one, as the parse does. */
export function noteOpened(blob: Blob, fileName: string) {
  pending = { blob, fileName, restored: blob === restoring };
  restoring = undefined;
}

/** The next noteOpened(blob) is a restore of stored bytes. */
export function markRestoring(blob: Blob) {
  restoring = blob;
}

export function takePending(): PendingOpen | undefined {
  const p = pending;
  pending = undefined;
  return p;
}

export const hasPending = () => pending !== undefined;
