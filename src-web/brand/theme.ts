import { STORAGE_KEYS, readStorage, writeStorage } from '../lib/storage';
import { currentBrand, currentBrandConfig } from './current-brand';

/** What the person chose: 'system' follows the device (prefers-color-scheme); the default (issue 28). */
export type ThemeMode = 'system' | 'light' | 'dark';
/** What the page shows. */
export type Theme = 'light' | 'dark';

const darkQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

/** Brand colours as CSS variables, so one stylesheet serves the three brands. */
export function applyBrandTheme(): void {
  const brand = currentBrandConfig();
  const root = document.documentElement;
  root.dataset.brand = currentBrand();
  root.style.setProperty('--brand-primary', brand.ui.primaryColor);
  root.style.setProperty('--brand-accent', brand.ui.accentColor);
  applyThemeMode(storedThemeMode());
}

/** The cached choice (server preference); 'system' until one is made. */
export function storedThemeMode(): ThemeMode {
  const stored = readStorage(STORAGE_KEYS.themeMode);
  return stored === 'dark' || stored === 'light' ? stored : 'system';
}

/** The theme a choice shows now: 'system' reads the device setting. */
export function resolveTheme(mode: ThemeMode): Theme {
  if (mode !== 'system') return mode;
  return darkQuery()?.matches ? 'dark' : 'light';
}

let followingSystem = false;

export function applyThemeMode(mode: ThemeMode): void {
  document.documentElement.dataset.theme = resolveTheme(mode);
  // A device switching light/dark (evening mode) moves a 'system' page with it.
  if (!followingSystem) {
    followingSystem = true;
    darkQuery()?.addEventListener('change', () => applyThemeMode(storedThemeMode()));
  }
}

export function rememberThemeMode(mode: ThemeMode): void {
  if (storedThemeMode() !== mode) writeStorage(STORAGE_KEYS.themeMode, mode);
  applyThemeMode(mode);
}
