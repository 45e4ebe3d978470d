import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { rememberThemeMode, storedThemeMode, type ThemeMode } from '../../brand/theme';
import { STORAGE_CHANGE_EVENT } from '../../lib/storage';
import { usePreferences } from '../preferences/use-preferences';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(STORAGE_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(STORAGE_CHANGE_EVENT, onChange);
  };
}

/**
 * The light/dark mode: a saved preference on the server, cached locally so the first paint is
 * right. A change applies at once; the saved value wins when it differs from the cache.
 */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = useSyncExternalStore(subscribe, storedThemeMode, storedThemeMode);
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
  return [mode, setMode];
}
