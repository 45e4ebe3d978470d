import { STORAGE_KEYS, readStorage, writeStorage } from '../lib/storage';
import { currentBrand, currentBrandConfig } from './current-brand';

export type ThemeMode = 'light' | 'dark';

/** Brand colours as CSS variables, so one stylesheet serves the three brands. */
export function applyBrandTheme(): void {
  const brand = currentBrandConfig();
  const root = document.documentElement;
  root.dataset.brand = currentBrand();
  root.style.setProperty('--brand-primary', brand.ui.primaryColor);
  root.style.setProperty('--brand-accent', brand.ui.accentColor);
  applyThemeMode(storedThemeMode());
}

/** Light by default (SPEC.md section 3); the server preference is cached locally for the first paint. */
export function storedThemeMode(): ThemeMode {
  return readStorage(STORAGE_KEYS.themeMode) === 'dark' ? 'dark' : 'light';
}

export function applyThemeMode(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
}

export function rememberThemeMode(mode: ThemeMode): void {
  if (storedThemeMode() !== mode) writeStorage(STORAGE_KEYS.themeMode, mode);
  applyThemeMode(mode);
}
