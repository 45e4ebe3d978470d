import { BRANDS, DEFAULT_BRAND, isBrandId, type BrandConfig, type BrandId } from '../../src-server/core/brands';

declare global {
  interface Window {
    __BRAND__?: string;
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
  return BRANDS[currentBrand()];
}
