// Raw IndexedDB for the recent traces: 'recent' holds each entry's metadata
// (small, read whole to draw the list), 'bytes' holds each trace's original
// Blob under the same key (read only to reopen it), 'notes' each trace's
// incident notes by trace identity, 'secrets' each incident's pseudonym
// secret (redaction) by trace identity. Every failure resolves to
// undefined / false: private mode, a full quota or a blocked open must cost
// the person their history, never the app.

export type StoreName = 'recent' | 'bytes' | 'notes' | 'secrets';

export type Op = { readonly store: StoreName; readonly key: string; readonly value: unknown } | { readonly store: StoreName; readonly key: string; readonly delete: true };

const NAME = 'timescope';
const VERSION = 3; // 2 added 'notes', 3 'secrets'

let opening: Promise<IDBDatabase | undefined> | undefined;

function openDb(): Promise<IDBDatabase | undefined> {
  opening ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(NAME, VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('recent')) db.createObjectStore('recent');
        if (!db.objectStoreNames.contains('bytes')) db.createObjectStore('bytes');
        if (!db.objectStoreNames.contains('notes')) db.createObjectStore('notes');
        if (!db.objectStoreNames.contains('secrets')) db.createObjectStore('secrets');
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab wants a newer schema: step aside rather than block it.
        db.onversionchange = () => {
          db.close();
          opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () => resolve(undefined);
      // An older tab holds the database open at another version: go on without storage.
      request.onblocked = () => resolve(undefined);
    } catch {
      // indexedDB missing or forbidden (some private modes, sandboxed frames)
      resolve(undefined);
    }
  });
  return opening;
}

function settle<T>(request: IDBRequest<T>): Promise<T | undefined> {
  return new Promise((resolve) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
}

async function inStore<T>(store: StoreName, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  try {
    return await settle(run(db.transaction(store, 'readonly').objectStore(store)));
  } catch {
    // the connection closed under us (versionchange) or the store is gone
    return undefined;
  }
}

export const getValue = <T>(store: StoreName, key: string) => inStore(store, (s) => s.get(key) as IDBRequest<T | undefined>);

export const getAllValues = async <T>(store: StoreName): Promise<T[]> => (await inStore(store, (s) => s.getAll() as IDBRequest<T[]>)) ?? [];

/** Puts and deletes in one transaction, so an entry and its bytes come and go together. True when it committed. */
export async function write(ops: readonly Op[]): Promise<boolean> {
  if (!ops.length) return true;
  const db = await openDb();
  if (!db) return false;
  return new Promise((resolve) => {
    try {
      const stores = [...new Set(ops.map((o) => o.store))];
      const tx = db.transaction(stores, 'readwrite');
      tx.oncomplete = () => resolve(true);
      // QuotaExceededError lands here (or in onabort): the whole write is dropped.
      tx.onerror = () => resolve(false);
      tx.onabort = () => resolve(false);
      for (const op of ops) {
        const store = tx.objectStore(op.store);
        if ('delete' in op) store.delete(op.key);
        else store.put(op.value, op.key);
      }
    } catch {
      resolve(false);
    }
  });
}

/** Empties every store (Forget all). */
export async function clearAll(): Promise<boolean> {
  const db = await openDb();
  if (!db) return false;
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(['recent', 'bytes', 'notes', 'secrets'], 'readwrite');
      tx.oncomplete = () => resolve(true);
      tx.onerror = () => resolve(false);
      tx.onabort = () => resolve(false);
      tx.objectStore('recent').clear();
      tx.objectStore('bytes').clear();
      tx.objectStore('notes').clear();
      tx.objectStore('secrets').clear();
    } catch {
      resolve(false);
    }
  });
}
