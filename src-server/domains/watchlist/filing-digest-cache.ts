import type { AppDeps } from '../../deps';
import type { FilingDigest } from './filing-digest';

/**
 * Per-process cache of company filing digests, keyed by CIK and valid only for the exact
 * filing_cik_versions value it was built from (triggers bump it on any filings change), so every
 * app instance serves current data without cross-instance invalidation. Least recently used
 * companies are evicted beyond `maxCompanies`.
 */
export class FilingDigestCache {
  private readonly entries = new Map<number, FilingDigest>();

  constructor(private readonly maxCompanies = 20_000) {}

  get(cik: number, version: number): FilingDigest | undefined {
    const digest = this.entries.get(cik);
    if (!digest || digest.version !== version) return undefined;
    this.entries.delete(cik);
    this.entries.set(cik, digest);
    return digest;
  }

  set(cik: number, digest: FilingDigest): void {
    const current = this.entries.get(cik);
    // A slower concurrent load must not replace a newer digest.
    if (current && current.version > digest.version) return;
    this.entries.delete(cik);
    this.entries.set(cik, digest);
    while (this.entries.size > this.maxCompanies) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

const caches = new WeakMap<AppDeps, FilingDigestCache>();

export function filingDigestCache(deps: AppDeps): FilingDigestCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new FilingDigestCache();
    caches.set(deps, cache);
  }
  return cache;
}
