import { useEffect, useLayoutEffect } from 'react';
import { resolvedTheme, useThemeStore } from '../../stores/themeStore';

/** Keeps <html data-theme> in step with the choice and the OS setting. */
export function useThemeSync(): 'dark' | 'light' {
  const theme = useThemeStore(resolvedTheme);
  const setOsDark = useThemeStore((s) => s.setOsDark);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setOsDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [setOsDark]);
  // A layout effect, so the tokens have switched before any panel's effect reads them (the editor's theme).
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}
