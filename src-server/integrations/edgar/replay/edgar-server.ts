/**
 * A local EDGAR over HTTP: the latest-filings Atom feed (getcurrent, `type` as a prefix filter),
 * the full-text search index (efts /LATEST/search-index), submissions JSON, the archive (404 in
 * S3's XML until a filing's documents land; Last-Modified and If-Modified-Since), and the daily
 * master index, each answering from what the world shows at the clock's "now". Optionally it
 * enforces SEC's fair-access rules as SEC does: more than `perSecond` requests in any second
 * gets 403 "Request Rate Threshold Exceeded" for `blockMs`, extended while the excess goes on,
 * and a request without a declared User-Agent gets 403 "Undeclared Automated Tool".
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Clock } from '../../../clock';
import {
  dailyIndexAnswer,
  eftsAnswer,
  FeedIndex,
  submissionsAnswer,
  type SimFiling,
  type SimParty,
} from '../simulator/edgar-state';
import { atomDocument, atomEntry } from './atom-writer';

export interface EdgarWorldOptions {
  /** Recorded submissions JSON files (CIK##########.json) served as they are, before generated ones. */
  submissionsDir?: string;
  /** Share of filers whose submissions JSON writes New York time with a 'Z' (default 0.22). */
  fakeZuluShare?: number;
}

/** The filings and what each source shows of them at the clock's now. */
export class EdgarWorld {
  readonly feed: FeedIndex;
  private readonly byFolder: Map<string, SimFiling>;

  constructor(
    readonly filings: SimFiling[],
    readonly clock: Clock,
    private readonly options: EdgarWorldOptions = {},
  ) {
    this.feed = new FeedIndex(filings);
    this.byFolder = new Map(filings.map((f) => [f.accessionNo.replace(/-/g, ''), f]));
  }

  filing(folder: string): SimFiling | undefined {
    return this.byFolder.get(folder);
  }

  submissions(cik: number): string | null {
    const file = this.options.submissionsDir
      ? join(this.options.submissionsDir, `CIK${String(cik).padStart(10, '0')}.json`)
      : null;
    if (file && existsSync(file)) return readFileSync(file, 'utf8');
    const json = submissionsAnswer(this.filings, this.clock.now(), cik, this.options.fakeZuluShare ?? 0.22);
    return json ? JSON.stringify(json) : null;
  }
}

export interface RequestInfo {
  path: string;
  userAgent: string | undefined;
  acceptEncoding: string | undefined;
  /** The world's clock at arrival. */
  at: number;
  status: number;
}

export interface FairAccess {
  perSecond: number;
  blockMs: number;
  /** 403 for requests without a declared User-Agent (name and e-mail address). */
  requireUserAgent: boolean;
}

export interface EdgarServerOptions {
  port?: number;
  fairAccess?: FairAccess | null;
  /** Seen for every request (tests count them). */
  onRequest?: (info: RequestInfo) => void;
  /** Tests: answer this status instead (e.g. 429, 503) for matching requests. */
  override?: (path: string) => number | undefined;
  /** Compressed bodies by accession (bench:ingest: EDGAR's CPU is not ours). */
  precompressed?: Map<string, Buffer>;
  /** Whole files served as they are, by URL path (the replay's /files/company_tickers.json). */
  staticFiles?: Record<string, { path: string; type: string }>;
}

export interface EdgarServer {
  url: string;
  world: EdgarWorld;
  /** Requests being answered right now. */
  inFlight(): number;
  /** Requests so far, and the most that arrived within any one second of the world's clock. */
  requests(): { total: number; maxPerSecond: number; blocked: number };
  /** Until when SEC's block holds (null: not blocked). */
  blockedUntil(): number | null;
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

const NO_SUCH_KEY =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';
const RATE_EXCEEDED =
  '<html><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head><body><h1>Your Request Originates from an Undeclared Automated Tool</h1>' +
  '<p>To allow for equitable access to all users, SEC reserves the right to limit requests originating from undeclared automated tools.</p>' +
  '<p>Request Rate Threshold Exceeded</p></body></html>';
const UNDECLARED =
  '<html><body><h1>Your Request Originates from an Undeclared Automated Tool</h1><p>Please declare your traffic by updating your user agent to include company specific information.</p></body></html>';

/** A response, gzip-compressed when the client accepts it (a precompressed body when given). */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  extra: Record<string, string> = {},
  compressed?: Buffer,
) {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 256;
  const payload = gzip ? (compressed ?? gzipOnce(body)) : Buffer.from(body);
  res.writeHead(status, {
    'content-type': type,
    'content-length': payload.length,
    ...extra,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(payload);
}

/** A filing's folder under /Archives once EDGAR serves it (304 to If-Modified-Since); null: not there. */
function answerArchive(
  world: EdgarWorld,
  options: EdgarServerOptions,
  { req, res, path, now }: { req: IncomingMessage; res: ServerResponse; path: string; now: number },
): number | null {
  const arch = /^\/Archives\/edgar\/data\/\d+\/(\d{18})\/([^/]+)$/.exec(path);
  const filing = arch?.[1] ? world.filing(arch[1]) : undefined;
  if (filing && arch?.[2] && filing.archivesAt <= now) {
    const files = filing.files();
    const name = arch[2];
    const lastModified = new Date(Math.max(0, filing.archivesAt)).toUTCString();
    const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
    if (files.has(name) || name === 'index.json') {
      if (!Number.isNaN(since) && Math.floor(Math.max(0, filing.archivesAt) / 1000) * 1000 <= since) {
        res.writeHead(304, { 'last-modified': lastModified });
        res.end();
        return 304;
      }
    }
    if (name === 'index.json') {
      const item = [...files]
        .filter(([n]) => !n.endsWith('-index-headers.html'))
        .map(([n, body]) => ({ name: n, type: 'file', size: String(body.length) }));
      send(
        req,
        res,
        200,
        JSON.stringify({ directory: { name: path.replace(/index\.json$/, ''), item } }),
        'application/json',
        { 'last-modified': lastModified },
      );
      return 200;
    }
    const body = files.get(name);
    if (body != null) {
      const type = name.endsWith('.xml')
        ? 'application/xml'
        : name.endsWith('.html') || name.endsWith('.htm')
          ? 'text/html'
          : 'text/plain';
      send(
        req,
        res,
        200,
        body,
        type,
        { 'last-modified': lastModified },
        options.precompressed?.get(`${filing.accessionNo}/${name}`),
      );
      return 200;
    }
  }
  return null;
}

export async function serveEdgar(world: EdgarWorld, options: EdgarServerOptions = {}): Promise<EdgarServer> {
  const clock = world.clock;
  let baseUrl = '';
  let inFlight = 0;
  let total = 0;
  let blockedCount = 0;
  let maxPerSecond = 0;
  const window: number[] = [];
  let blockedUntil = -Infinity;
  const fair = options.fairAccess ?? null;

  const entryXml = (f: SimFiling, p: SimParty) =>
    atomEntry(
      {
        accessionNo: f.accessionNo,
        formType: f.formType,
        companyName: p.name,
        cik: p.cik,
        role: p.role,
        filedDate: f.filingDate,
        acceptedAt: f.acceptedAt != null ? new Date(f.acceptedAt).toISOString() : null,
        sizeBytes: f.sizeBytes,
      },
      baseUrl,
    );

  /** SEC's per-second rule, counted at arrival on the world's clock. */
  const admit = (now: number): boolean => {
    window.push(now);
    while (window.length > 0 && window[0]! <= now - 1000) window.shift();
    maxPerSecond = Math.max(maxPerSecond, window.length);
    if (!fair) return true;
    if (window.length > fair.perSecond) blockedUntil = Math.max(blockedUntil, now + fair.blockMs);
    return now >= blockedUntil;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, url: URL, now: number): number => {
    const path = url.pathname;
    if (path === '/cgi-bin/browse-edgar' && url.searchParams.get('action') === 'getcurrent') {
      const start = Math.max(0, Number(url.searchParams.get('start') ?? 0) || 0);
      const count = Math.min(100, Math.max(1, Number(url.searchParams.get('count') ?? 40) || 40));
      const entries = world.feed.page(now, start, count, (url.searchParams.get('type') ?? '').toUpperCase(), entryXml);
      send(req, res, 200, atomDocument(entries, new Date(now)), 'application/atom+xml', {
        'cache-control': 'no-cache',
      });
      return 200;
    }
    if (path === '/LATEST/search-index') {
      const ciks = new Set((url.searchParams.get('ciks') ?? '').split(',').filter(Boolean).map(Number));
      const startdt = url.searchParams.get('startdt') ?? '0000-00-00';
      const enddt = url.searchParams.get('enddt') ?? '9999-99-99';
      const from = Math.max(0, Number(url.searchParams.get('from') ?? 0) || 0);
      const size = Math.max(1, Number(url.searchParams.get('size') ?? 100) || 100);
      send(
        req,
        res,
        200,
        JSON.stringify(eftsAnswer(world.filings, now, { ciks, startdt, enddt, from, size })),
        'application/json',
      );
      return 200;
    }
    const staticFile = options.staticFiles?.[path];
    if (staticFile) {
      send(req, res, 200, readFileSync(staticFile.path, 'utf8'), staticFile.type);
      return 200;
    }
    const subm = /^\/submissions\/CIK(\d{10})\.json$/.exec(path);
    if (subm) {
      const json = world.submissions(Number(subm[1]));
      if (json) {
        send(req, res, 200, json, 'application/json', { 'cache-control': 'max-age=0, no-cache, no-store' });
        return 200;
      }
    }
    const daily = /^\/Archives\/edgar\/daily-index\/\d{4}\/QTR\d\/master\.(\d{4})(\d{2})(\d{2})\.idx$/.exec(path);
    if (daily) {
      const text = dailyIndexAnswer(world.filings, now, `${daily[1]}-${daily[2]}-${daily[3]}`);
      if (text) {
        send(req, res, 200, text, 'text/plain');
        return 200;
      }
    }
    const archived = answerArchive(world, options, { req, res, path, now });
    if (archived != null) return archived;
    send(req, res, 404, NO_SUCH_KEY, 'application/xml');
    return 404;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    total += 1;
    res.on('close', () => {
      inFlight -= 1;
    });
    const url = new URL(req.url ?? '/', 'http://edgar');
    const now = clock.now();
    const ua = req.headers['user-agent'];
    let status: number;
    if (!admit(now)) {
      blockedCount += 1;
      send(req, res, 403, RATE_EXCEEDED, 'text/html');
      status = 403;
    } else if (fair?.requireUserAgent && !/\S+@\S+\.\S+/.test(ua ?? '')) {
      send(req, res, 403, UNDECLARED, 'text/html');
      status = 403;
    } else {
      const forced = options.override?.(url.pathname + url.search);
      if (forced) {
        send(req, res, forced, `forced ${forced}`, 'text/plain');
        status = forced;
      } else {
        status = answer(req, res, url, now);
      }
    }
    options.onRequest?.({
      path: url.pathname + url.search,
      userAgent: ua,
      acceptEncoding: req.headers['accept-encoding'] as string | undefined,
      at: now,
      status,
    });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    world,
    inFlight: () => inFlight,
    requests: () => ({ total, maxPerSecond, blocked: blockedCount }),
    blockedUntil: () => (blockedUntil > clock.now() ? blockedUntil : null),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
