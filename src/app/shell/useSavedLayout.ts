// A panel group's sizes, kept in localStorage between visits, under the keys
// react-resizable-panels' own useDefaultLayout uses (so saved sizes carry
// over). Its hook reads the saved sizes through useSyncExternalStore, so the
// save the group makes as it first mounts (the sizes it settled on) changed
// the snapshot between render and commit, and React rendered the whole
// workspace a second time before the first look at a new trace. Here they are
// read once per key and written without a subscription: the group only reads
// them as it mounts.
import { useCallback, useMemo } from 'react';
import type { Layout, LayoutChangedMeta } from 'react-resizable-panels';

const storageKey = (id: string, panelIds: readonly string[]) => `react-resizable-panels:${[id, ...panelIds].join(':')}`;

function readLayout(key: string): Layout | undefined {
  try {
    const text = localStorage.getItem(key);
    if (!text) return undefined;
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const values = Object.values(parsed);
    return values.length > 0 && values.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (parsed as Layout) : undefined;
  } catch {
    // Storage refused (a privacy mode) or a value not ours: the group's own default sizes.
    return undefined;
  }
}

/** `panelIds`: a group whose panels come and go keeps a layout per set of panels. */
export function useSavedLayout(id: string, panelIds?: readonly string[]) {
  const key = storageKey(id, panelIds ?? []);
  const defaultLayout = useMemo(() => readLayout(key), [key]);
  const keyed = panelIds !== undefined;
  const onLayoutChanged = useCallback(
    (layout: Layout, meta: LayoutChangedMeta) => {
      // The sizes asked for, before a small window's constraints bent them (as the library saves).
      const toSave = meta.requestedLayout ?? layout;
      try {
        localStorage.setItem(storageKey(id, keyed ? Object.keys(toSave) : []), JSON.stringify(toSave));
      } catch {
        // Full or refused storage: the sizes last only as long as the page.
      }
    },
    [id, keyed]
  );
  return { defaultLayout, onLayoutChanged };
}
