// The person's settings, kept in this browser (local storage, one JSON entry).
// Whatever is stored is checked as it is read: a value that is missing, of the
// wrong type or out of range (an old version, a hand edit, another app on the
// same origin) falls back to its default alone, and the others are kept.
// Setters refuse invalid values, so what is stored is always usable.
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { z } from 'zod';
import { checkSourceTemplate } from '../core/source/sourceUrl';
import { DEFAULT_LINK_LIMIT } from '../core/share/link';

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

export const linkLimitSchema = z.number().int().min(LINK_LIMIT_RANGE.min).max(LINK_LIMIT_RANGE.max);
export const maxTraceBytesSchema = z.number().int().min(MAX_TRACE_BYTES_RANGE.min).max(MAX_TRACE_BYTES_RANGE.max);
export const sourceUrlTemplateSchema = z
  .string()
  .max(MAX_TEMPLATE_LENGTH)
  .refine((t) => checkSourceTemplate(t, base()).ok);

export interface Settings {
  /** the longest incident link to offer, in characters; past it the Share dialog offers the capsule */
  readonly linkLimit: number;
  /** a URL with {flowName} and {version}: the flow's source at the trace's build ('' = off) */
  readonly sourceUrlTemplate: string;
  /** the largest trace file to open, in bytes (read by loading once the scale work lands) */
  readonly maxTraceBytes: number;
}

export const DEFAULT_SETTINGS: Settings = {
  linkLimit: DEFAULT_LINK_LIMIT,
  sourceUrlTemplate: '',
  maxTraceBytes: DEFAULT_MAX_TRACE_BYTES
};

// Each field on its own: one bad value costs only that value.
const storedSchema = z.object({
  linkLimit: linkLimitSchema.catch(DEFAULT_SETTINGS.linkLimit),
  sourceUrlTemplate: sourceUrlTemplateSchema.catch(DEFAULT_SETTINGS.sourceUrlTemplate),
  maxTraceBytes: maxTraceBytesSchema.catch(DEFAULT_SETTINGS.maxTraceBytes)
});

/** The stored value as settings: never throws, whatever was stored. */
export function readStoredSettings(stored: unknown): Settings {
  const parsed = storedSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

interface SettingsState extends Settings {
  /** each setter returns false, and keeps the old value, when the value is not valid */
  setLinkLimit(chars: number): boolean;
  setSourceUrlTemplate(template: string): boolean;
  setMaxTraceBytes(bytes: number): boolean;
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
        <K extends keyof Settings>(key: K, schema: z.ZodType<Settings[K]>) =>
        (value: Settings[K]) => {
          if (!schema.safeParse(value).success) return false;
          set({ [key]: value } as Pick<Settings, K>);
          return true;
        };
      return {
        ...DEFAULT_SETTINGS,
        setLinkLimit: setter('linkLimit', linkLimitSchema),
        setSourceUrlTemplate: setter('sourceUrlTemplate', sourceUrlTemplateSchema),
        setMaxTraceBytes: setter('maxTraceBytes', maxTraceBytesSchema)
      };
    },
    {
      name: SETTINGS_KEY,
      version: SETTINGS_VERSION,
      storage: createJSONStorage(() => safeStorage),
      partialize: ({ linkLimit, sourceUrlTemplate, maxTraceBytes }): Settings => ({ linkLimit, sourceUrlTemplate, maxTraceBytes }),
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
