import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, readStoredSettings, SETTINGS_KEY } from './settingsStore';

/** A fresh store module over a fake local storage holding `stored` under the settings key. */
async function storeWith(stored: string | undefined, opts: { throwing?: boolean } = {}) {
  const map = new Map<string, string>(stored === undefined ? [] : [[SETTINGS_KEY, stored]]);
  const fail = () => {
    throw new DOMException('storage is off', 'SecurityError');
  };
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => (opts.throwing ? fail() : (map.get(k) ?? null)),
    setItem: (k: string, v: string) => (opts.throwing ? fail() : void map.set(k, v)),
    removeItem: (k: string) => void map.delete(k)
  });
  vi.resetModules();
  const { useSettingsStore } = await import('./settingsStore');
  return { store: useSettingsStore, saved: () => JSON.parse(map.get(SETTINGS_KEY) ?? 'null') as { state: unknown; version: number } | null };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settingsStore', () => {
  it('starts from the defaults: 8,000-character links, no template, 1 GB traces', async () => {
    const { store } = await storeWith(undefined);
    expect(store.getState()).toMatchObject({ linkLimit: 8_000, sourceUrlTemplate: '', maxTraceBytes: 1024 ** 3 });
  });

  it('saves each valid value at once, versioned, and reads it back in a new page', async () => {
    const first = await storeWith(undefined);
    expect(first.store.getState().setLinkLimit(4_000)).toBe(true);
    expect(first.store.getState().setSourceUrlTemplate('https://git.test/raw/{version}/{flowName}.ts')).toBe(true);
    expect(first.saved()).toEqual({ version: 1, state: { linkLimit: 4_000, sourceUrlTemplate: 'https://git.test/raw/{version}/{flowName}.ts', maxTraceBytes: 1024 ** 3, appUrl: '', replayClock: null, replaySeed: null } });
    const again = await storeWith(JSON.stringify(first.saved()));
    expect(again.store.getState()).toMatchObject({ linkLimit: 4_000, sourceUrlTemplate: 'https://git.test/raw/{version}/{flowName}.ts' });
  });

  it('refuses invalid values and keeps the old one', async () => {
    const { store, saved } = await storeWith(undefined);
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity, 10_000_000]) expect(store.getState().setLinkLimit(bad)).toBe(false);
    expect(store.getState().setSourceUrlTemplate('https://git.test/{branch}.ts')).toBe(false);
    expect(store.getState().setSourceUrlTemplate('ftp://git.test/{flowName}.ts')).toBe(false);
    expect(store.getState().setMaxTraceBytes(10)).toBe(false);
    expect(store.getState()).toMatchObject(DEFAULT_SETTINGS);
    expect(saved()).toBeNull();
    // An empty template turns the setting off, and is valid.
    expect(store.getState().setSourceUrlTemplate('')).toBe(true);
  });

  it('falls back field by field when what is stored is bad, and never throws', async () => {
    const mixed = await storeWith(JSON.stringify({ version: 1, state: { linkLimit: 'lots', sourceUrlTemplate: 'https://h.test/{flowName}.ts', maxTraceBytes: -5 } }));
    expect(mixed.store.getState()).toMatchObject({ linkLimit: 8_000, sourceUrlTemplate: 'https://h.test/{flowName}.ts', maxTraceBytes: 1024 ** 3 });
    for (const junk of ['not json{', '"a string"', 'null', '[1,2]', JSON.stringify({ version: 1, state: null }), JSON.stringify({ version: 99, state: { linkLimit: 2_000 } })]) {
      const { store } = await storeWith(junk);
      expect(store.getState().linkLimit, junk).toBe(junk.includes('99') ? 2_000 : 8_000);
      expect(store.getState().setLinkLimit(3_000)).toBe(true);
    }
  });

  it('keeps the app\'s public address normalised, refuses one that is no http(s) page, and drops a stored one that is not', async () => {
    const first = await storeWith(undefined);
    expect(first.store.getState().setAppUrl(' https://tools.example.com/timescope ')).toBe(true);
    expect(first.saved()?.state).toMatchObject({ appUrl: 'https://tools.example.com/timescope/' });
    for (const bad of ['tools.example.com', 'javascript:alert(1)', 'https://u:p@tools.example.com/', 'https://tools.example.com/?x=1']) expect(first.store.getState().setAppUrl(bad), bad).toBe(false);
    expect(first.store.getState().appUrl).toBe('https://tools.example.com/timescope/');
    const again = await storeWith(JSON.stringify(first.saved()));
    expect(again.store.getState().appUrl).toBe('https://tools.example.com/timescope/');
    expect(readStoredSettings({ appUrl: 'javascript:alert(1)' }).appUrl).toBe('');
    expect(readStoredSettings({ appUrl: 'https://tools.example.com/timescope' }).appUrl).toBe('');
  });

  it('keeps a fixed clock and seed for replays, null by default (the real ones), and drops a stored one that is not usable', async () => {
    const first = await storeWith(undefined);
    expect(first.store.getState()).toMatchObject({ replayClock: null, replaySeed: null });
    expect(first.store.getState().setReplayClock(Date.UTC(2026, 0, 1))).toBe(true);
    expect(first.store.getState().setReplaySeed(7)).toBe(true);
    for (const bad of [Number.NaN, Infinity, 9e15]) expect(first.store.getState().setReplayClock(bad), String(bad)).toBe(false);
    for (const bad of [-1, 1.5, 2 ** 32]) expect(first.store.getState().setReplaySeed(bad), String(bad)).toBe(false);
    const again = await storeWith(JSON.stringify(first.saved()));
    expect(again.store.getState()).toMatchObject({ replayClock: Date.UTC(2026, 0, 1), replaySeed: 7 });
    expect(again.store.getState().setReplayClock(null)).toBe(true);
    expect(again.store.getState().replayClock).toBeNull();
    expect(readStoredSettings({ replayClock: '2026-01-01', replaySeed: -3 })).toMatchObject({ replayClock: null, replaySeed: null });
  });

  it('works for the tab when storage is off', async () => {
    const { store } = await storeWith(undefined, { throwing: true });
    expect(store.getState().linkLimit).toBe(8_000);
    expect(store.getState().setLinkLimit(2_000)).toBe(true);
    expect(store.getState().linkLimit).toBe(2_000);
  });
});

describe('readStoredSettings', () => {
  it('keeps the valid fields of an object and defaults the rest', () => {
    expect(readStoredSettings({ linkLimit: 2_000, extra: true })).toEqual({ ...DEFAULT_SETTINGS, linkLimit: 2_000 });
    expect(readStoredSettings({ sourceUrlTemplate: 'https://h.test/{nope}' })).toEqual(DEFAULT_SETTINGS);
    expect(readStoredSettings(42)).toEqual(DEFAULT_SETTINGS);
  });
});
