// A split group's sizes (components/split), kept in localStorage between
// visits under the keys and in the form react-resizable-panels used before
// it (so sizes saved by earlier builds carry over): read once per key, and
// written after each finished move.
import { useCallback, useMemo } from 'react';
import type { Layout } from '../../components/split/Split';

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
    (layout: Layout) => {
      try {
        localStorage.setItem(storageKey(id, keyed ? Object.keys(layout) : []), JSON.stringify(layout));
      } catch {
        // Full or refused storage: the sizes last only as long as the page.
      }
    },
    [id, keyed]
  );
  return { defaultLayout, onLayoutChanged };
}
