import { currentBrand, currentBrandConfig } from './current-brand';

/** Brand colours as CSS variables, so one stylesheet serves the three brands. */
export function applyBrandTheme(): void {
  const brand = currentBrandConfig();
  const root = document.documentElement;
  root.dataset.brand = currentBrand();
  root.style.setProperty('--brand-primary', brand.ui.primaryColor);
  root.style.setProperty('--brand-accent', brand.ui.accentColor);
}
