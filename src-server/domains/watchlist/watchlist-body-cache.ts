import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from 'node:zlib';

export type BodyEncoding = 'br' | 'gzip' | 'identity';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);
const unbrotliAsync = promisify(brotliDecompress);

/**
 * Quality 5: about as small as gzip -9 at a fraction of brotli's default (11) cost, which would
 * spend ~100 ms per 170 KB response on every cache refill. Compression runs on libuv's pool.
 */
const compress = (encoding: 'br' | 'gzip', json: Buffer) =>
  encoding === 'br'
    ? brotliAsync(json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
      })
    : gzipAsync(json, { level: 6 });

/** One user's serialised response, valid only while its fingerprints and user part are current. */
export interface CachedBody {
  /** The fast fingerprint (watchlist.repo) the body is known to be current for. */
  fast: string;
  /** The sum of the user's ticker stamps the body is known to be current for. */
  tickers: string;
  /** The full fingerprint read together with the rows the body was built from. */
  full: string;
  /** The user-derived fields (user DTO, limits) as JSON, compared on every hit. */
  userKey: string;
  /** At least one of br/gzip; the identity body is never kept (it is 5-30x larger). */
  compressed: Partial<Record<'br' | 'gzip', Buffer>>;
  /** Watched tickers with their quote's fetched_at (ms), so hits still queue stale quotes. */
  quotes: { ticker: string; fetchedMs: number | null }[];
  /** Bytes of the identity JSON (the parsed response is counted at twice that). */
  jsonBytes?: number;
  /**
   * The response as an object, kept once a tRPC reader (the dashboard) asked for it, so its hits
   * skip decompress -> parse; REST-only entries never hold it (it is ~10x their compressed size).
   */
  response?: unknown;
}

/**
 * Per-process LRU of pre-serialised, pre-compressed watchlist responses keyed by user id, bounded
 * by the bytes it holds. It is only ever a copy: the service revalidates an entry against the
 * database (fingerprints) and the freshly loaded session user (userKey) on every read, so a change
 * made by any app process is seen on the next request; nothing here needs invalidating.
 */
export class WatchlistBodyCache {
  private readonly entries = new Map<string, CachedBody>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The user's entry when it was built for this user part, refreshed as most recently used. */
  get(userId: string, userKey: string): CachedBody | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.userKey !== userKey) {
      this.remove(userId);
      return undefined;
    }
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry;
  }

  /** The ticker or full fingerprint was re-read unchanged: the entry is current for these fingerprints too. */
  revalidate(entry: CachedBody, now: { fast: string; tickers: string }): void {
    entry.fast = now.fast;
    entry.tickers = now.tickers;
  }

  /**
   * Builds an entry from the response JSON, compressed for `encoding` (gzip when identity was
   * asked for); `response`, the same response as an object, is kept when a tRPC reader built it.
   */
  async store(
    userId: string,
    entry: Omit<CachedBody, 'compressed' | 'jsonBytes' | 'response'>,
    json: Buffer,
    encoding: BodyEncoding,
    response?: unknown,
  ): Promise<CachedBody> {
    const first = encoding === 'identity' ? 'gzip' : encoding;
    const stored: CachedBody = {
      ...entry,
      jsonBytes: json.length,
      response,
      compressed: { [first]: await compress(first, json) },
    };
    this.remove(userId);
    this.entries.set(userId, stored);
    this.bytes += sizeOf(stored);
    this.evict();
    return stored;
  }

  private evict(): void {
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** The entry's body in `encoding`, adding a missing compressed form to the entry. */
  async body(userId: string, entry: CachedBody, encoding: BodyEncoding): Promise<Buffer> {
    if (encoding !== 'identity' && entry.compressed[encoding]) return entry.compressed[encoding]!;
    const json = await identityOf(entry);
    if (encoding === 'identity') return json;
    const added = await compress(encoding, json);
    // Two requests may compress the same missing form at once: count only the one kept, or the
    // byte total drifts upwards for good and the cache ends up evicting every entry it stores.
    if (this.entries.get(userId) === entry && !entry.compressed[encoding]) {
      entry.compressed[encoding] = added;
      this.bytes += added.length;
    }
    return added;
  }

  /** The entry's response as an object (tRPC): parsed once, then kept with the entry. */
  async response<T>(userId: string, entry: CachedBody): Promise<T> {
    if (entry.response !== undefined) return entry.response as T;
    const parsed = JSON.parse((await identityOf(entry)).toString('utf8')) as T;
    if (this.entries.get(userId) === entry && entry.response === undefined) {
      entry.response = parsed;
      this.bytes += responseBytes(entry);
      this.evict();
    }
    return parsed;
  }

  /** Drops the user's entry (an emptied watchlist is not worth keeping). */
  delete(userId: string): void {
    this.remove(userId);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Compressed and stored bytes held now (what the byte bound counts). */
  get heldBytes(): number {
    return this.bytes;
  }

  private remove(userId: string): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.entries.delete(userId);
    this.bytes -= sizeOf(entry);
  }
}

function responseBytes(entry: CachedBody): number {
  return entry.response === undefined ? 0 : (entry.jsonBytes ?? 0) * 2;
}

function sizeOf(entry: CachedBody): number {
  return (
    (entry.compressed.br?.length ?? 0) +
    (entry.compressed.gzip?.length ?? 0) +
    entry.userKey.length +
    entry.quotes.length * 64 +
    responseBytes(entry)
  );
}

function identityOf(entry: CachedBody): Promise<Buffer> {
  return entry.compressed.gzip ? gunzipAsync(entry.compressed.gzip) : unbrotliAsync(entry.compressed.br!);
}
