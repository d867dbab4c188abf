// The open session and the recent traces, kept in this browser. An entry per
// trace file (metadata in IndexedDB 'recent', original bytes in 'bytes')
// carries its sources and selected step; localStorage only says which entry is
// open, so the first paint after a reload already knows to show "Restoring …".
// Edits stay where replayStore keeps them (per traceIdentity in localStorage).
import { forgetSecrets } from './secretDb';
import { create } from 'zustand';
import type { TraceModel } from '../core/trace/model';
import { traceIdentity } from '../core/trace/identity';
import { useTraceStore, type LocalLoad, type TraceSource } from '../stores/traceStore';
import { useSourceStore, type SourceFile } from '../stores/sourceStore';
import { useViewStore } from '../stores/viewStore';
import { useReplayStore } from '../stores/replayStore';
import { useNotesStore } from '../stores/notesStore';
import { forgetWhatIfs } from '../stores/whatIfStore';
import { openTraceBlob } from '../app/open/openTrace';
import { clearStepHash, stepFromHash, writeHash } from '../app/navigation/stepHash';
import { admit, collectionKey, fitsLimit, update, type RecentEntry } from './recent';
import { clearAll, getAllValues, getValue, write, type Op } from './sessionDb';
import { isStoredCorpus, markRestoring, type PendingOpen, type StoredCorpus } from './pending';

type Picking = Extract<LocalLoad, { status: 'picking' }>;

export const useRecentStore = create<{ readonly entries: readonly RecentEntry[]; readonly loaded: boolean }>()(() => ({ entries: [], loaded: false }));

const POINTER = 'timescope.session';

interface Pointer {
  readonly key: string;
  readonly fileName: string;
}

export function readPointer(): Pointer | undefined {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(POINTER) ?? 'null');
    const p = parsed as Partial<Pointer> | null;
    return typeof p?.key === 'string' && typeof p.fileName === 'string' ? { key: p.key, fileName: p.fileName } : undefined;
  } catch {
    return undefined;
  }
}

function writePointer(p: Pointer | undefined) {
  try {
    if (p) localStorage.setItem(POINTER, JSON.stringify(p));
    else localStorage.removeItem(POINTER);
  } catch {
    // storage off: this tab works, a reload starts empty
  }
}

// A Forget is noted here at once, synchronously: IndexedDB's delete runs after the writes queued
// before it, and a tab closed or reloaded meanwhile aborts it, which brought the trace back. The
// next load finishes what a note says and drops it.
const FORGOTTEN = 'timescope.forgotten';
const ALL = '*';

function readForgotten(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(FORGOTTEN) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function writeForgotten(keys: readonly string[]) {
  try {
    if (keys.length > 0) localStorage.setItem(FORGOTTEN, JSON.stringify([...new Set(keys)]));
    else localStorage.removeItem(FORGOTTEN);
  } catch {
    // storage off: the delete below still goes; only a reload before it lands brings the entry back
  }
}

/** The IndexedDB side of a Forget is done: its note can go. */
function forgotten(keys: readonly string[]) {
  const done = new Set(keys);
  writeForgotten(readForgotten().filter((k) => !done.has(k)));
}

// All storage work runs in order, after the list has loaded: a save never races the read it builds on.
let chain: Promise<unknown> = Promise.resolve();
function enqueue<T>(job: () => Promise<T>): Promise<T> {
  const next = chain.then(job);
  chain = next.catch(() => undefined);
  return next;
}

const entries = () => useRecentStore.getState().entries;
const setEntries = (list: readonly RecentEntry[]) => useRecentStore.setState({ entries: list, loaded: true });

export function loadRecent(): Promise<void> {
  return enqueue(async () => {
    // Forgets the last page did not get to finish.
    const pending = readForgotten();
    if (pending.includes(ALL)) await clearAll();
    else if (pending.length > 0) await write(pending.flatMap((key): Op[] => [{ store: 'recent', key, delete: true }, { store: 'bytes', key, delete: true }]));
    forgotten(pending);
    const all = await getAllValues<RecentEntry>('recent');
    setEntries(all.filter((e) => typeof e?.key === 'string').sort((a, b) => b.openedAt - a.openedAt));
  });
}

const collectionKeys = new WeakMap<Picking, string>();
function keyOfCollection(c: Picking): string {
  let key = collectionKeys.get(c);
  if (!key) collectionKeys.set(c, (key = collectionKey(c.models.map(traceIdentity))));
  return key;
}

/** What is open, as a recent entry would record it; undefined when nothing local is. */
export function describeOpen(local: LocalLoad, collection: Picking | undefined) {
  if (local.status !== 'ready' && local.status !== 'picking') return undefined;
  const coll = local.status === 'picking' ? local : collection;
  const model: TraceModel | undefined = local.status === 'ready' ? local.model : undefined;
  const pick = model && coll ? coll.models.indexOf(model) : -1;
  return {
    key: coll ? keyOfCollection(coll) : traceIdentity(model!),
    fileName: coll ? coll.fileName : (local as { fileName: string }).fileName,
    traceId: model ? traceIdentity(model) : undefined,
    flowName: model?.flowName,
    outcome: model?.outcome.known ? ('Failure' as const) : ('unknown' as const),
    steps: model?.steps.length ?? 0,
    traces: coll?.models.length,
    pick: pick >= 0 ? pick : undefined
  };
}

/** Whether `key` is still what is on screen, so a queued job never points a reload at a trace since closed. */
function stillOpen(key: string): boolean {
  const { source, local, collection } = useTraceStore.getState();
  return source.kind === 'local' && describeOpen(local, collection)?.key === key;
}

const sameSources = (a: readonly SourceFile[], b: readonly SourceFile[]) => a.length === b.length && a.every((f, i) => f.name === b[i]!.name && f.text === b[i]!.text);
const withId = (ids: readonly string[], id: string | undefined) => (id && !ids.includes(id) ? [...ids, id] : ids);

function entryOps(entry: RecentEntry, blob: Blob | StoredCorpus | undefined, evicted: readonly string[]): Op[] {
  // Opened again after a Forget: the Forget's note must not delete it at the next load.
  forgotten([entry.key]);
  const ops: Op[] = [{ store: 'recent', key: entry.key, value: entry }];
  if (blob) ops.push({ store: 'bytes', key: entry.key, value: blob });
  else if (!entry.kept) ops.push({ store: 'bytes', key: entry.key, delete: true });
  for (const key of evicted) ops.push({ store: 'recent', key, delete: true }, { store: 'bytes', key, delete: true });
  return ops;
}

/** A local load settled: keep its bytes (unless too big) at the top of the recent list. */
export function commitOpened(p: PendingOpen, local: LocalLoad, collection: Picking | undefined): Promise<void> {
  const open = describeOpen(local, collection);
  if (!open) return Promise.resolve();
  const sources = useSourceStore.getState().files;
  return enqueue(async () => {
    const before = entries().find((e) => e.key === open.key);
    const fits = fitsLimit(p.size);
    const entry: RecentEntry = {
      ...open,
      pick: open.pick ?? before?.pick,
      openedAt: Date.now(),
      bytes: p.size,
      kept: fits,
      notKept: fits ? undefined : 'too-big',
      sources,
      selected: before?.selected ?? 0,
      traceIds: withId(before?.traceIds ?? [], open.traceId)
    };
    const { list, evicted } = admit(entries(), entry);
    // Stored bytes read back for a restore are already there.
    const bytes = fits && !(p.restored && before?.kept) ? p.stored : undefined;
    let saved = entry;
    if (!(await write(entryOps(entry, bytes, evicted))) && fits) {
      // Most likely the quota: list it, say it could not be kept, and keep nothing of it.
      saved = { ...entry, kept: false, notKept: 'no-room' };
      await write(entryOps(saved, undefined, evicted));
    }
    setEntries(list.map((e) => (e.key === saved.key ? saved : e)));
    if (stillOpen(saved.key)) writePointer(saved.kept ? { key: saved.key, fileName: saved.fileName } : undefined);
  });
}

export interface SessionSnapshot {
  readonly source: TraceSource;
  readonly local: LocalLoad;
  readonly collection: Picking | undefined;
  /** undefined: leave the saved step alone (it is stale while a new trace renders) */
  readonly selected: number | undefined;
  /** undefined: leave the saved sources alone */
  readonly sources: readonly SourceFile[] | undefined;
}

export function currentSession(): SessionSnapshot {
  const { source, local, collection } = useTraceStore.getState();
  return { source, local, collection, selected: useViewStore.getState().selected, sources: useSourceStore.getState().files };
}

/** Records where the open session is (step, sources, picked line); called debounced as they change. */
export function saveSession(snap: SessionSnapshot = currentSession()): Promise<void> {
  const { source, local, collection, sources } = snap;
  // A trace from ?trace= reloads from its URL; an empty screen has nothing to bring back.
  if (source.kind === 'url' || local.status === 'empty') {
    writePointer(undefined);
    return Promise.resolve();
  }
  const open = describeOpen(local, collection);
  // Loading or a bad file: the last good session is still the one to restore.
  if (!open) return Promise.resolve();
  const selected = local.status === 'ready' ? snap.selected : undefined;
  return enqueue(async () => {
    const before = entries().find((e) => e.key === open.key);
    if (!before) {
      if (stillOpen(open.key)) writePointer(undefined);
      return;
    }
    const patch = {
      selected: selected ?? before.selected,
      // Back on the picker ("All traces"): a reload should come back to the picker too.
      pick: local.status === 'picking' ? undefined : (open.pick ?? before.pick),
      sources: sources ?? before.sources,
      traceIds: withId(before.traceIds, open.traceId),
      ...(open.traceId ? { flowName: open.flowName, outcome: open.outcome, steps: open.steps } : {})
    };
    const changed =
      patch.selected !== before.selected || patch.pick !== before.pick || !sameSources(patch.sources, before.sources) || patch.traceIds !== before.traceIds || patch.flowName !== before.flowName;
    if (changed) {
      const list = update(entries(), open.key, patch);
      setEntries(list);
      await write([{ store: 'recent', key: open.key, value: list.find((e) => e.key === open.key) }]);
    }
    if (stillOpen(open.key)) writePointer(before.kept ? { key: before.key, fileName: before.fileName } : undefined);
  });
}

/**
 * Reopens a kept trace through the parse worker, with its sources, at its
 * step (or at `startAt`: a #step= in the URL wins). `placeholder` is the
 * "Restoring …" load shown since the first paint; if anything else opened
 * meanwhile, this gives way. False when its bytes are gone.
 */
export async function reopen(key: string, placeholder?: LocalLoad): Promise<boolean> {
  const startAt = stepFromHash(Number.MAX_SAFE_INTEGER);
  const entry = await enqueue(async () => entries().find((e) => e.key === key));
  const stored = entry?.kept ? await getValue<unknown>('bytes', key) : undefined;
  const trace = useTraceStore.getState();
  if (placeholder && trace.local !== placeholder) return false;
  const corpus = isStoredCorpus(stored) ? stored : undefined;
  if (!entry || !(stored instanceof Blob || corpus)) {
    if (placeholder) trace.setLocal({ status: 'empty' });
    writePointer(undefined);
    return false;
  }
  useSourceStore.getState().replaceFiles(entry.sources);
  const step = placeholder ? (startAt ?? entry.selected) : entry.selected;
  const pick = entry.traces !== undefined ? entry.pick : undefined;
  if (corpus) {
    // A folder or several files: opened as a corpus again, each file by the path it had.
    markRestoring(corpus.files[0]!);
    const { openCorpusFiles, withPath } = await import('../app/open/openCorpus');
    await openCorpusFiles(corpus.files.map((f, i) => withPath(f instanceof File ? f : new File([f], corpus.paths[i]!), corpus.paths[i]!)), entry.sources.length > 0);
  } else {
    markRestoring(stored as Blob);
    await openTraceBlob(stored as Blob, entry.fileName, { label: `Restoring ${entry.fileName}`, startAt: pick === undefined ? step : undefined });
  }
  const now = useTraceStore.getState();
  if (pick !== undefined && now.local.status === 'picking' && now.local.fileName === entry.fileName) {
    // As the picker does, but to the saved step rather than step 1.
    writeHash(step);
    now.pick(now.local, pick);
  }
  return true;
}

/** Back to the empty screen (and its recent list); a reload stays there. */
export function closeTrace() {
  void saveSession();
  writePointer(undefined);
  useTraceStore.setState({ local: { status: 'empty' }, source: { kind: 'local' }, collection: undefined, lastReady: undefined });
  useSourceStore.getState().clear();
  clearStepHash();
}

function forgetEdits(traceIds: readonly string[]) {
  useNotesStore.getState().forget(traceIds);
  forgetSecrets(traceIds);
  forgetWhatIfs(traceIds);
  const replay = useReplayStore.getState();
  // The open trace's edits live in memory too: reset through the store, which also clears its keys.
  if (replay.traceId && traceIds.includes(replay.traceId)) {
    replay.resetEdits();
    replay.chooseExport(undefined);
  }
  for (const id of traceIds) {
    try {
      localStorage.removeItem(`timescope.edits.${id}`);
      localStorage.removeItem(`timescope.export.${id}`);
    } catch {
      // storage off: nothing was kept there either
    }
  }
}

/** Removes a trace's bytes, sources and edits from this browser; closes it if it is open. */
export function forget(key: string): Promise<void> {
  const { local, collection } = useTraceStore.getState();
  const open = describeOpen(local, collection);
  const entry = entries().find((e) => e.key === key);
  const ids = withId(entry?.traceIds ?? [], open?.key === key ? open.traceId : undefined);
  if (open?.key === key) closeTrace();
  forgetEdits(ids);
  writeForgotten([...readForgotten(), key]);
  setEntries(entries().filter((e) => e.key !== key));
  return enqueue(async () => {
    setEntries(entries().filter((e) => e.key !== key));
    await write([
      { store: 'recent', key, delete: true },
      { store: 'bytes', key, delete: true }
    ]);
    forgotten([key]);
  });
}

export function forgetAll(): Promise<void> {
  const { local, collection } = useTraceStore.getState();
  const open = describeOpen(local, collection);
  const all = entries();
  if (open && all.some((e) => e.key === open.key)) closeTrace();
  forgetEdits(all.flatMap((e) => e.traceIds));
  writeForgotten([...readForgotten(), ALL]);
  setEntries([]);
  return enqueue(async () => {
    setEntries([]);
    await clearAll();
    forgotten([ALL]);
  });
}
