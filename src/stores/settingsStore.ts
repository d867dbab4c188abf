// The person's settings, kept in this browser (local storage, one JSON entry).
// Whatever is stored is checked as it is read: a value that is missing, of the
// wrong type or out of range (an old version, a hand edit, another app on the
// same origin) falls back to its default alone, and the others are kept.
// Setters refuse invalid values, so what is stored is always usable.
// The checks are plain functions, not zod schemas: this store loads with the page, and zod
// would bring ~27 KB gzip to the first paint for a few fields (issue 11).
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { checkSourceTemplate } from '../core/source/sourceUrl';
import { DEFAULT_LINK_LIMIT } from '../core/share/linkLimits';
import { checkAppAddress } from '../core/share/appAddress';

export const SETTINGS_KEY = 'timescope.settings';
const SETTINGS_VERSION = 1;

export { DEFAULT_LINK_LIMIT };
/** Shorter than any page address plus an incident; Chromium refuses URLs past 2 MB. */
export const LINK_LIMIT_RANGE = { min: 500, max: 2_000_000 } as const;

const MB = 1024 * 1024;
export const DEFAULT_MAX_TRACE_BYTES = 1024 ** 3;
export const MAX_TRACE_BYTES_RANGE = { min: MB, max: 16 * 1024 * MB } as const;

/** Longer than any real template; stops a pasted file from landing in the setting. */
export const MAX_TEMPLATE_LENGTH = 2_000;

const base = () => (typeof location === 'undefined' ? undefined : location.href);

type Check<T> = (value: unknown) => value is T;

/** A whole number in the range (no NaN, no infinity, no fraction). */
const intIn =
  (range: { readonly min: number; readonly max: number }): Check<number> =>
  (value): value is number =>
    Number.isSafeInteger(value) && (value as number) >= range.min && (value as number) <= range.max;

export const isLinkLimit = intIn(LINK_LIMIT_RANGE);
export const isMaxTraceBytes = intIn(MAX_TRACE_BYTES_RANGE);
/** Stored as checkAppAddress normalised it, so a stored value is taken only in that form. */
export const isAppUrl: Check<string> = (value): value is string => {
  if (typeof value !== 'string' || value.length > MAX_TEMPLATE_LENGTH) return false;
  const checked = checkAppAddress(value);
  return checked.ok && checked.url === value;
};
/** The largest instant a Date holds, either side of 1970. */
const MAX_CLOCK_MS = 8.64e15;
/** null: replays read the real clock (the library's own behaviour). */
export const isReplayClock: Check<number | null> = (value): value is number | null => value === null || (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_CLOCK_MS);
/** null: real randomness; else the 32 bits the seeded generator takes (core/source/ambient.ts). */
export const isReplaySeed: Check<number | null> = (value): value is number | null => value === null || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 0xffffffff);
export const isSourceUrlTemplate: Check<string> = (value): value is string =>
  typeof value === 'string' && value.length <= MAX_TEMPLATE_LENGTH && checkSourceTemplate(value, base()).ok;

export interface Settings {
  /** the longest incident link to offer, in characters; past it the Share dialog offers the capsule */
  readonly linkLimit: number;
  /** a URL with {flowName} and {version}: the flow's source at the trace's build ('' = off) */
  readonly sourceUrlTemplate: string;
  /** the largest trace file to open, in bytes (read by loading once the scale work lands) */
  readonly maxTraceBytes: number;
  /** the app's public address (core/share/appAddress), where shared links point ('' = not set: the page's own) */
  readonly appUrl: string;
  /** every clock read of pure code in a replay answers this instant, ms since 1970 (null: the real clock) */
  readonly replayClock: number | null;
  /** pure code's Math.random() and crypto draw from a generator seeded with this (null: real randomness) */
  readonly replaySeed: number | null;
}

export const DEFAULT_SETTINGS: Settings = {
  linkLimit: DEFAULT_LINK_LIMIT,
  sourceUrlTemplate: '',
  maxTraceBytes: DEFAULT_MAX_TRACE_BYTES,
  appUrl: '',
  replayClock: null,
  replaySeed: null
};

/** The stored value as settings: never throws, whatever was stored. Each field on its own: one bad value costs only that value. */
export function readStoredSettings(stored: unknown): Settings {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return DEFAULT_SETTINGS;
  const { linkLimit, sourceUrlTemplate, maxTraceBytes, appUrl, replayClock, replaySeed } = stored as Record<string, unknown>;
  return {
    linkLimit: isLinkLimit(linkLimit) ? linkLimit : DEFAULT_SETTINGS.linkLimit,
    sourceUrlTemplate: isSourceUrlTemplate(sourceUrlTemplate) ? sourceUrlTemplate : DEFAULT_SETTINGS.sourceUrlTemplate,
    maxTraceBytes: isMaxTraceBytes(maxTraceBytes) ? maxTraceBytes : DEFAULT_SETTINGS.maxTraceBytes,
    appUrl: isAppUrl(appUrl) ? appUrl : DEFAULT_SETTINGS.appUrl,
    replayClock: isReplayClock(replayClock) ? replayClock : DEFAULT_SETTINGS.replayClock,
    replaySeed: isReplaySeed(replaySeed) ? replaySeed : DEFAULT_SETTINGS.replaySeed
  };
}

interface SettingsState extends Settings {
  /** each setter returns false, and keeps the old value, when the value is not valid */
  setLinkLimit(chars: number): boolean;
  setSourceUrlTemplate(template: string): boolean;
  setMaxTraceBytes(bytes: number): boolean;
  /** the address as typed: saved normalised (checkAppAddress), or refused */
  setAppUrl(text: string): boolean;
  /** null puts back the real clock */
  setReplayClock(ms: number | null): boolean;
  /** null puts back real randomness */
  setReplaySeed(seed: number | null): boolean;
}

// Storage may be off (private mode) or full: the setting then holds for this tab, and nothing throws.
const safeStorage: StateStorage = {
  getItem: (name) => {
    try {
      return globalThis.localStorage?.getItem(name) ?? null;
    } catch {
      return null;
    }
  },
  setItem: (name, value) => {
    try {
      globalThis.localStorage?.setItem(name, value);
    } catch {
      // see above
    }
  },
  removeItem: (name) => {
    try {
      globalThis.localStorage?.removeItem(name);
    } catch {
      // see above
    }
  }
};

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => {
      const setter =
        <K extends keyof Settings>(key: K, valid: Check<Settings[K]>) =>
        (value: Settings[K]) => {
          if (!valid(value)) return false;
          set({ [key]: value } as Pick<Settings, K>);
          return true;
        };
      return {
        ...DEFAULT_SETTINGS,
        setLinkLimit: setter('linkLimit', isLinkLimit),
        setSourceUrlTemplate: setter('sourceUrlTemplate', isSourceUrlTemplate),
        setMaxTraceBytes: setter('maxTraceBytes', isMaxTraceBytes),
        setReplayClock: setter('replayClock', isReplayClock),
        setReplaySeed: setter('replaySeed', isReplaySeed),
        setAppUrl: (text) => {
          const checked = checkAppAddress(text);
          if (!checked.ok || checked.url.length > MAX_TEMPLATE_LENGTH) return false;
          set({ appUrl: checked.url });
          return true;
        }
      };
    },
    {
      name: SETTINGS_KEY,
      version: SETTINGS_VERSION,
      storage: createJSONStorage(() => safeStorage),
      partialize: ({ linkLimit, sourceUrlTemplate, maxTraceBytes, appUrl, replayClock, replaySeed }): Settings => ({ linkLimit, sourceUrlTemplate, maxTraceBytes, appUrl, replayClock, replaySeed }),
      // Another version's fields are read by the same checks; a future version adds its own steps here.
      migrate: (stored) => stored as Settings,
      merge: (stored, current) => ({ ...current, ...readStoredSettings(stored) })
    }
  )
);

// Settings changed in another tab apply here too, instead of being overwritten by this tab's next save.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SETTINGS_KEY) void useSettingsStore.persist.rehydrate();
  });
}
