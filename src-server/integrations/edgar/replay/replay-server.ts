/**
 * A local stand-in for EDGAR: serves recorded real filings under EDGAR's own paths and releases
 * them over time through the latest-filings Atom feed, so the live pipeline runs unchanged
 * against it (EDGAR_BASE_URL / EDGAR_DATA_BASE_URL point here). The archive holds every recorded
 * filing (they are all historical, as backfill expects); the release clock only decides when
 * each one appears in the feed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { atomFeed } from './atom-writer';
import { loadReplaySet, REPLAY_DATA_DIR, type ReplayFiling } from './replay-set';

export interface ReplayServerOptions {
  filings?: ReplayFiling[];
  submissionsDir?: string;
  /** Released at start. */
  initial?: number;
  /** Then one more every intervalMs (0: only by releaseNext()). */
  intervalMs?: number;
  port?: number;
  /** Seen for every request (tests count them). */
  onRequest?: (info: { path: string; userAgent: string | undefined; acceptEncoding: string | undefined }) => void;
  /** Tests: answer this status instead (e.g. 429, 503) for matching requests. */
  override?: (path: string) => number | undefined;
  /**
   * Compress every filing at start (bench:ingest): EDGAR's own CPU is not ours, and the bench's
   * stand-in shares the machine with the pipeline it measures.
   */
  precompress?: boolean;
}

export interface ReplayServer {
  url: string;
  total: number;
  released(): number;
  releaseNext(): ReplayFiling | null;
  releaseAll(): void;
  close(): Promise<void>;
}

/** Compressed once per body: recorded documents are served many times (tests, benchmark). */
const gzipped = new Map<string, Buffer>();

function gzipOnce(body: string): Buffer {
  let out = gzipped.get(body);
  if (!out) {
    out = gzipSync(body);
    if (gzipped.size > 5_000) gzipped.clear();
    gzipped.set(body, out);
  }
  return out;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: string, type: string, compressed?: Buffer): void {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 256;
  const payload = gzip ? (compressed ?? gzipOnce(body)) : Buffer.from(body);
  res.writeHead(status, { 'content-type': type, 'content-length': payload.length, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
  res.end(payload);
}

export async function startReplayServer(options: ReplayServerOptions = {}): Promise<ReplayServer> {
  const filings = options.filings ?? loadReplaySet();
  const submissionsDir = options.submissionsDir ?? join(REPLAY_DATA_DIR, 'submissions');
  let releasedCount = Math.min(options.initial ?? 0, filings.length);
  const byFolder = new Map(filings.map((f, i) => [f.accessionNo.replace(/-/g, ''), i]));
  const precompressed = options.precompress ? filings.map((f) => gzipSync(f.body)) : null;
  let baseUrl = '';

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    options.onRequest?.({ path: url.pathname + url.search, userAgent: req.headers['user-agent'], acceptEncoding: req.headers['accept-encoding'] as string | undefined });
    const forced = options.override?.(url.pathname + url.search);
    if (forced) return send(req, res, forced, `forced ${forced}`, 'text/plain');
    if (url.pathname === '/cgi-bin/browse-edgar' && url.searchParams.get('action') === 'getcurrent') {
      const start = Number(url.searchParams.get('start') ?? 0) || 0;
      const count = Math.min(100, Number(url.searchParams.get('count') ?? 40) || 40);
      const newestFirst = filings.slice(0, releasedCount).reverse().slice(start, start + count);
      return send(req, res, 200, atomFeed(newestFirst, baseUrl, new Date()), 'application/atom+xml');
    }
    const subm = /^\/submissions\/(CIK\d{10}\.json)$/.exec(url.pathname);
    if (subm?.[1] && existsSync(join(submissionsDir, subm[1]))) {
      return send(req, res, 200, readFileSync(join(submissionsDir, subm[1]), 'utf8'), 'application/json');
    }
    const arch = /^\/Archives\/edgar\/data\/\d+\/(\d{18})\/([^/]+)$/.exec(url.pathname);
    const index = arch?.[1] ? byFolder.get(arch[1]) : undefined;
    const filing = index != null ? filings[index] : undefined;
    if (filing && arch?.[2]) {
      const name = arch[2];
      const acc = filing.accessionNo;
      if (name === 'index.json') {
        const own = filing.kind === 'document' ? filing.documentName : filing.kind === 'submission' ? `${acc}.txt` : `${acc}-index-headers.html`;
        const listing = { directory: { name: url.pathname.replace(/index\.json$/, ''), item: [{ name: own, type: 'file', size: String(filing.body.length) }] } };
        return send(req, res, 200, JSON.stringify(listing), 'application/json');
      }
      const served =
        (filing.kind === 'submission' && name === `${acc}.txt`) ||
        (filing.kind === 'index-headers' && name === `${acc}-index-headers.html`) ||
        (filing.kind === 'document' && name === filing.documentName);
      const type = name.endsWith('.xml') ? 'application/xml' : name.endsWith('.html') || name.endsWith('.htm') ? 'text/html' : 'text/plain';
      if (served) return send(req, res, 200, filing.body, type, precompressed?.[index!]);
    }
    return send(req, res, 404, 'Not Found', 'text/plain');
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const timer = options.intervalMs
    ? setInterval(() => {
        if (releasedCount < filings.length) releasedCount += 1;
      }, options.intervalMs)
    : null;
  timer?.unref();

  return {
    url: baseUrl,
    total: filings.length,
    released: () => releasedCount,
    releaseNext() {
      if (releasedCount >= filings.length) return null;
      releasedCount += 1;
      return filings[releasedCount - 1] ?? null;
    },
    releaseAll() {
      releasedCount = filings.length;
    },
    async close() {
      if (timer) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
