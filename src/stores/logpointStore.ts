// The open incident's logpoints (core/logpoints): what to show at which line of the flow, kept
// per trace in local storage as they are typed, like edits, and the hits pinned into the
// walkthrough and the post-mortem. Panels read and change them here; the replay that fills them
// in is the app shell's (it passes `points` with every replay it runs).
import { create } from 'zustand';
import type { Logpoint, PinnedHit } from '../core/logpoints/types';
import { MAX_LOGPOINTS } from '../core/logpoints/limits';

export type { PinnedHit };

interface Saved {
  readonly points: readonly Logpoint[];
  readonly pinned: readonly PinnedHit[];
  /** they came with a link or capsule: someone else's expressions, which wait for Replay (stores/autoReplay) */
  readonly received?: boolean;
}

const key = (traceId: string) => `timescope.logpoints.${traceId}`;

function isLogpoint(v: unknown): v is Logpoint {
  const p = v as Logpoint;
  return typeof v === 'object' && v !== null && typeof p.id === 'string' && typeof p.file === 'string' && Number.isInteger(p.line) && p.line > 0 && typeof p.expr === 'string';
}

function isPinned(v: unknown): v is PinnedHit {
  const p = v as PinnedHit;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof p.id === 'string' &&
    Number.isInteger(p.seq) &&
    typeof p.text === 'string' &&
    typeof p.file === 'string' &&
    Number.isInteger(p.line) &&
    typeof p.expr === 'string' &&
    (p.step === undefined || Number.isInteger(p.step)) &&
    (p.path === undefined || typeof p.path === 'string')
  );
}

function loadSaved(traceId: string): Saved {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(key(traceId)) ?? '{}');
    const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return {
      points: Array.isArray(o.points) ? o.points.filter(isLogpoint).slice(0, MAX_LOGPOINTS) : [],
      pinned: Array.isArray(o.pinned) ? o.pinned.filter(isPinned) : [],
      ...(o.received === true ? { received: true } : {})
    };
  } catch {
    return { points: [], pinned: [] };
  }
}

function save(traceId: string | undefined, saved: Saved): void {
  if (!traceId) return;
  try {
    if (saved.points.length === 0 && saved.pinned.length === 0) localStorage.removeItem(key(traceId));
    else localStorage.setItem(key(traceId), JSON.stringify(saved));
  } catch {
    // storage full or off: the logpoints still live for this tab
  }
}

let counter = 0;
const newId = () => `lp${Date.now().toString(36)}${(counter++).toString(36)}`;

interface LogpointState {
  readonly traceId: string | undefined;
  readonly points: readonly Logpoint[];
  readonly pinned: readonly PinnedHit[];
  /**
   * The logpoints came with a link or capsule (`initial.received`): someone else's expressions. Like
   * code that came with a link, they never run by themselves (stores/autoReplay); Replay runs them.
   * Kept with the trace's logpoints until none is left.
   */
  readonly received: boolean;
  /** the logpoint whose expression is being typed in the editor (not saved) */
  readonly editing: string | undefined;
  /** Opens (or with undefined closes) the editor's input for a logpoint. */
  edit(id: string | undefined): void;
  /** This trace's saved logpoints; `initial` replaces them (a link or capsule that carried some). */
  openTrace(traceId: string, initial?: { readonly points?: readonly Logpoint[]; readonly pinned?: readonly PinnedHit[]; readonly received?: boolean }): void;
  /** Adds a logpoint and returns its id. */
  add(file: string, line: number, expr: string): string;
  setExpr(id: string, expr: string): void;
  /** The editor moved its line (lines inserted or removed above it). */
  setLine(id: string, line: number): void;
  remove(id: string): void;
  clear(): void;
  pin(hit: PinnedHit): void;
  unpin(id: string, seq: number): void;
}

export const useLogpointStore = create<LogpointState>()((set, get) => {
  const commit = (points: readonly Logpoint[], pinned: readonly PinnedHit[] = get().pinned) => {
    const received = get().received && points.length + pinned.length > 0;
    set({ points, pinned, received });
    save(get().traceId, { points, pinned, ...(received ? { received } : {}) });
  };
  return {
    traceId: undefined,
    points: [],
    pinned: [],
    received: false,
    editing: undefined,
    edit: (id) => set({ editing: id }),
    openTrace: (traceId, initial) => {
      const saved = loadSaved(traceId);
      const next = {
        points: initial?.points ? initial.points.filter(isLogpoint).slice(0, MAX_LOGPOINTS) : saved.points,
        pinned: initial?.pinned ? initial.pinned.filter(isPinned) : saved.pinned,
        received: initial ? initial.received === true : saved.received === true
      };
      set({ traceId, ...next, editing: undefined });
      if (initial) save(traceId, { points: next.points, pinned: next.pinned, ...(next.received ? { received: true } : {}) });
    },
    add: (file, line, expr) => {
      const id = newId();
      if (get().points.length < MAX_LOGPOINTS) commit([...get().points, { id, file, line, expr }]);
      return id;
    },
    setExpr: (id, expr) => commit(get().points.map((p) => (p.id === id ? { ...p, expr } : p))),
    setLine: (id, line) => commit(get().points.map((p) => (p.id === id && line > 0 ? { ...p, line } : p))),
    remove: (id) => {
      if (get().editing === id) set({ editing: undefined });
      commit(
        get().points.filter((p) => p.id !== id),
        get().pinned.filter((h) => h.id !== id)
      );
    },
    clear: () => commit([], []),
    pin: (hit) => {
      if (get().pinned.some((h) => h.id === hit.id && h.seq === hit.seq)) return;
      commit(get().points, [...get().pinned, hit]);
    },
    unpin: (id, seq) =>
      commit(
        get().points,
        get().pinned.filter((h) => !(h.id === id && h.seq === seq))
      )
  };
});
