import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { rememberThemeMode, resolveTheme, storedThemeMode, type Theme, type ThemeMode } from '../../brand/theme';
import { STORAGE_CHANGE_EVENT } from '../../lib/storage';
import { usePreferences } from '../preferences/use-preferences';

function subscribe(onChange: () => void) {
  const device = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  window.addEventListener('storage', onChange);
  window.addEventListener(STORAGE_CHANGE_EVENT, onChange);
  device?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(STORAGE_CHANGE_EVENT, onChange);
    device?.removeEventListener('change', onChange);
  };
}

const shownTheme = () => resolveTheme(storedThemeMode());

/**
 * The theme choice (system, light or dark): a saved preference on the server, cached locally so
 * the first paint is right. A change applies at once; the saved value wins when it differs from
 * the cache. The third value is the theme shown now ('system' resolved against the device).
 */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void, Theme] {
  const mode = useSyncExternalStore(subscribe, storedThemeMode, storedThemeMode);
  const shown = useSyncExternalStore(subscribe, shownTheme, shownTheme);
  const { prefs, loaded, update } = usePreferences();
  useEffect(() => {
    if (loaded) rememberThemeMode(prefs.theme);
  }, [loaded, prefs.theme]);
  const setMode = useCallback(
    (next: ThemeMode) => {
      rememberThemeMode(next);
      void update({ theme: next }).catch(() => undefined);
    },
    [update],
  );
  return [mode, setMode, shown];
}
