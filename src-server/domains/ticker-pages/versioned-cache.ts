/**
 * A per-process cache of values derived from one company's filings, valid only for the
 * filing_cik_versions value they were built from (triggers bump it on every filings change), so
 * each app instance serves current data with no cross-instance invalidation. Concurrent misses
 * share one load; the least recently used entries go beyond `max`.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<number, { version: number; value: T }>();
  private readonly loading = new Map<string, Promise<T>>();

  constructor(private readonly max = 5_000) {}

  async get(key: number, version: number | null, load: () => Promise<T>): Promise<T> {
    // No version row yet: the company never had a filing stored, nothing worth caching.
    if (version == null) return load();
    const hit = this.entries.get(key);
    if (hit?.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const id = `${key}:${version}`;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = load().then((value) => {
        this.entries.delete(key);
        this.entries.set(key, { version, value });
        if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
        return value;
      });
      this.loading.set(id, pending);
      void pending.catch(() => {}).finally(() => this.loading.delete(id));
    }
    return pending;
  }
}
