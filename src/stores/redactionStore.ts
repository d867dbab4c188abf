// The redaction rules the person works with: key names and detectors are a
// setting (the same for every incident), field paths belong to one incident
// ("Redact this field everywhere" in the inspector). All of it is saved in
// local storage as it changes, and read back through checks (redactionSaved.ts), so
// a stored value from an older or broken tab falls back to the defaults, never a crash.
// Imports the rules' plain data only (rules.ts, detectorIds.ts), not the redaction
// code: this store loads with the page.
import { create } from 'zustand';
import { ALL_DETECTORS, DEFAULT_KEY_RULES, type PathRule, type RedactionRules } from '../core/redact/rules';
import { isDetectorId, type DetectorId } from '../core/redact/detectorIds';
import { readSaved, type Saved } from './redactionSaved';
import type { StandInKind } from '../core/redact/standIn';

const KEY = 'timescope.redaction';

const DEFAULTS: Saved = { keys: DEFAULT_KEY_RULES, detectors: ALL_DETECTORS, paths: {}, standIns: {} };
const NO_STAND_INS: Readonly<Record<string, StandInKind>> = {};
const NO_PATHS: readonly PathRule[] = [];

function read(): Saved {
  try {
    const saved = readSaved(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    if (!saved) return DEFAULTS;
    return { keys: saved.keys, detectors: saved.detectors.filter(isDetectorId), paths: saved.paths, standIns: saved.standIns };
  } catch {
    return DEFAULTS;
  }
}

function write(saved: Saved) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ v: 1, ...saved }));
  } catch {
    // storage off or full: the rules still hold for this tab
  }
}

/** A key name as typed: trimmed; empty means nothing to add. */
export const cleanKeyName = (name: string) => name.trim().slice(0, 100);

interface RedactionState extends Saved {
  addKey(name: string): void;
  removeKey(name: string): void;
  setDetector(id: DetectorId, on: boolean): void;
  resetKeysAndDetectors(): void;
  addPath(traceId: string, rule: PathRule): void;
  removePath(traceId: string, pointer: string): void;
  /** this incident's values of `types` get format-preserving stand-ins instead of tokens (merged with those set) */
  addStandIns(traceId: string, types: Readonly<Record<string, StandInKind>>): void;
  /** back to plain tokens for this incident */
  clearStandIns(traceId: string): void;
}

export const useRedactionStore = create<RedactionState>()((set, get) => {
  const change = (next: Partial<Saved>) => {
    set(next);
    const { keys, detectors, paths, standIns } = get();
    write({ keys, detectors, paths, standIns });
  };
  return {
    ...read(),
    addKey: (name) => {
      const clean = cleanKeyName(name);
      if (!clean || get().keys.some((k) => k.name.toLowerCase() === clean.toLowerCase())) return;
      change({ keys: [...get().keys, { name: clean }] });
    },
    removeKey: (name) => change({ keys: get().keys.filter((k) => k.name !== name) }),
    setDetector: (id, on) => {
      const current = new Set(get().detectors);
      if (on) current.add(id);
      else current.delete(id);
      // kept in priority order, so the manifest lists them the same way every time
      change({ detectors: ALL_DETECTORS.filter((d) => current.has(d)) });
    },
    resetKeysAndDetectors: () => change({ keys: DEFAULTS.keys, detectors: DEFAULTS.detectors }),
    addPath: (traceId, rule) => {
      const list = get().paths[traceId] ?? NO_PATHS;
      if (list.some((r) => r.pointer === rule.pointer)) return;
      change({ paths: { ...get().paths, [traceId]: [...list, rule] } });
    },
    removePath: (traceId, pointer) => {
      const list = (get().paths[traceId] ?? NO_PATHS).filter((r) => r.pointer !== pointer);
      const paths = { ...get().paths };
      if (list.length) paths[traceId] = list;
      else delete paths[traceId];
      change({ paths });
    },
    addStandIns: (traceId, types) => change({ standIns: { ...get().standIns, [traceId]: { ...(get().standIns[traceId] ?? NO_STAND_INS), ...types } } }),
    clearStandIns: (traceId) => {
      const standIns = { ...get().standIns };
      delete standIns[traceId];
      change({ standIns });
    }
  };
});

/** This incident's stand-ins (a stable empty object when none). */
export const standInsFor = (state: Saved, traceId: string | undefined): Readonly<Record<string, StandInKind>> => (traceId ? (state.standIns[traceId] ?? NO_STAND_INS) : NO_STAND_INS);

/** A stable empty list for selectors, so a trace with no path rules does not re-render every time. */
export const pathsFor = (state: Saved, traceId: string | undefined): readonly PathRule[] => (traceId ? (state.paths[traceId] ?? NO_PATHS) : NO_PATHS);

/** The rules in effect for one incident. */
export function rulesFor(traceId: string | undefined): RedactionRules {
  const state = useRedactionStore.getState();
  return { keys: state.keys, detectors: state.detectors, paths: pathsFor(state, traceId) };
}
