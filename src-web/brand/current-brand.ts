import { themedBrand, type BrandTheme } from '../../src-server/core/brand-theme';
import { BRANDS, BRAND_IDS, DEFAULT_BRAND, isBrandId, type BrandConfig, type BrandId } from '../../src-server/core/brands';

declare global {
  interface Window {
    __BRAND__?: string;
    __BRAND_LINKS__?: Partial<Record<string, string | null>>;
    /** The theme an admin stored for this brand (/admin/theme); null: the code default. */
    __BRAND_THEME__?: BrandTheme | null;
  }
}

/** The brand the server resolved for this host (injected into index.html); ?brand= in dev. */
let resolved: BrandId | undefined;
export function currentBrand(): BrandId {
  if (resolved) return resolved;
  const requested = new URLSearchParams(window.location.search).get('brand');
  // Resolved once per page load: later client-side navigation drops the ?brand= parameter.
  resolved = isBrandId(window.__BRAND__) ? window.__BRAND__ : isBrandId(requested) ? requested : DEFAULT_BRAND;
  return resolved;
}

export function currentBrandConfig(): BrandConfig {
  return themedBrand(BRANDS[currentBrand()], window.__BRAND_THEME__);
}

/** Where the other brands live (server-injected from BRAND_HOSTS); `/?brand=` during development. */
export function brandLink(id: BrandId): string | null {
  const injected = window.__BRAND_LINKS__;
  if (injected) return injected[id] ?? null;
  return `/?brand=${id}`;
}

export function sisterBrands(): { id: BrandId; config: BrandConfig; href: string }[] {
  return BRAND_IDS.filter((id) => id !== currentBrand()).flatMap((id) => {
    const href = brandLink(id);
    return href ? [{ id, config: BRANDS[id], href }] : [];
  });
}
