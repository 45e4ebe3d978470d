import { useCallback, useSyncExternalStore } from 'react';
import { rememberThemeMode, storedThemeMode, type ThemeMode } from '../../brand/theme';
import { STORAGE_CHANGE_EVENT } from '../../lib/storage';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(STORAGE_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(STORAGE_CHANGE_EVENT, onChange);
  };
}

/** The light/dark mode: applied at once, cached locally, saved as a server preference. */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = useSyncExternalStore(subscribe, storedThemeMode, storedThemeMode);
  const setMode = useCallback((next: ThemeMode) => {
    rememberThemeMode(next);
  }, []);
  return [mode, setMode];
}
