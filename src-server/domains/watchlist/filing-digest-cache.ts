import type { FilingDigest } from './filing-digest';

/**
 * Per-process cache of company filing digests, keyed by CIK and valid only for the exact
 * filing_cik_versions value it was built from (triggers bump it on any filings change), so every
 * app instance serves current data without cross-instance invalidation. Least recently used
 * companies are evicted beyond `maxCompanies`.
 */
export class FilingDigestCache {
  private readonly entries = new Map<number, FilingDigest>();
  /** Loads under way, so concurrent readers of a cold company share one query. */
  private readonly loading = new Map<string, Promise<FilingDigest | undefined>>();

  constructor(private readonly maxCompanies = 20_000) {}

  /**
   * The digests for `wanted` (CIK -> current version): cached ones, ones another request is
   * loading, and one `load` call for the rest.
   */
  async resolve(
    wanted: Map<number, number>,
    load: (ciks: number[]) => Promise<Map<number, FilingDigest>>,
  ): Promise<Map<number, FilingDigest>> {
    const found = new Map<number, FilingDigest>();
    const waits: Promise<void>[] = [];
    const missing: number[] = [];
    for (const [cik, version] of wanted) {
      const cached = this.get(cik, version);
      const pending = cached ? undefined : this.loading.get(`${cik}:${version}`);
      if (cached) found.set(cik, cached);
      else if (pending !== undefined)
        waits.push(
          pending.then((d) => {
            if (d) found.set(cik, d);
          }),
        );
      else missing.push(cik);
    }
    if (missing.length > 0) {
      const batch = load(missing);
      for (const cik of missing) {
        const key = `${cik}:${wanted.get(cik)}`;
        const one = batch.then((loaded) => loaded.get(cik));
        this.loading.set(key, one);
        one.catch(() => {}).finally(() => this.loading.delete(key));
      }
      for (const [cik, digest] of await batch) {
        this.set(cik, digest);
        found.set(cik, digest);
      }
    }
    await Promise.all(waits);
    return found;
  }

  private get(cik: number, version: number): FilingDigest | undefined {
    const digest = this.entries.get(cik);
    if (!digest || digest.version !== version) return undefined;
    this.entries.delete(cik);
    this.entries.set(cik, digest);
    return digest;
  }

  private set(cik: number, digest: FilingDigest): void {
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
