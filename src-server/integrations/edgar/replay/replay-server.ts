/**
 * A local stand-in for EDGAR serving recorded real filings under EDGAR's own paths and releasing
 * them over time through the latest-filings Atom feed (and the full-text index), so the live
 * pipeline runs unchanged against it (EDGAR_BASE_URL / EDGAR_DATA_BASE_URL point here). The
 * archive holds every recorded filing (they are all historical, as backfill expects); the
 * release clock only decides when each one appears in the feed, newest release first.
 * The simulated business day (simulator/simulator.ts) is the same server over generated filings.
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { systemClock, type Clock } from '../../../clock';
import { projectPath } from '../../../config/paths';
import type { SimFiling } from '../simulator/edgar-state';
import { replayRole } from './atom-writer';
import { EdgarWorld, serveEdgar, type EdgarServer, type RequestInfo } from './edgar-server';
import { loadReplaySet, REPLAY_DATA_DIR, type ReplayFiling } from './replay-set';

export interface ReplayServerOptions {
  filings?: ReplayFiling[];
  submissionsDir?: string;
  /** Released at start. */
  initial?: number;
  /** Then one more every intervalMs (0: only by releaseNext()). */
  intervalMs?: number;
  port?: number;
  clock?: Clock;
  /** Seen for every request (tests count them). */
  onRequest?: (info: RequestInfo) => void;
  /** Tests: answer this status instead (e.g. 429, 503) for matching requests. */
  override?: (path: string) => number | undefined;
  /**
   * Compress every filing at start (bench:ingest): EDGAR's own CPU is not ours, and the bench's
   * stand-in shares the machine with the pipeline it measures.
   */
  precompress?: boolean;
}

export interface ReplayServer extends EdgarServer {
  total: number;
  released(): number;
  releaseNext(): ReplayFiling | null;
  releaseAll(): void;
}

function fileName(f: ReplayFiling): string {
  if (f.kind === 'document') return f.documentName ?? 'document.xml';
  return f.kind === 'submission' ? `${f.accessionNo}.txt` : `${f.accessionNo}-index-headers.html`;
}

/** A recorded filing as the world serves it; unreleased until `release` sets its feed time. */
function asSimFiling(f: ReplayFiling, order: number): SimFiling {
  const accepted = f.acceptedAt ? Date.parse(f.acceptedAt) : null;
  let files: Map<string, string> | null = null;
  return {
    accessionNo: f.accessionNo,
    formType: f.formType,
    cik: f.cik,
    companyName: f.companyName,
    parties: [
      { cik: f.cik, name: f.companyName, role: replayRole(f.formType) as SimFiling['parties'][number]['role'] },
    ],
    acceptedAt: accepted,
    filingDate: f.filedDate,
    feedAt: null,
    feedOrder: order,
    archivesAt: -Infinity,
    eftsAt: null,
    submissionsAt: null,
    sizeBytes: f.sizeBytes,
    primaryDocument: f.kind === 'document' ? fileName(f) : null,
    files: () => {
      files ??= new Map([[fileName(f), f.body]]);
      return files;
    },
  };
}

export async function startReplayServer(options: ReplayServerOptions = {}): Promise<ReplayServer> {
  const recorded = options.filings ?? loadReplaySet();
  const clock = options.clock ?? systemClock;
  const filings = recorded.map((f, i) => asSimFiling(f, i));
  const world = new EdgarWorld(filings, clock, {
    submissionsDir: options.submissionsDir ?? join(REPLAY_DATA_DIR, 'submissions'),
  });
  let releasedCount = 0;
  const release = () => {
    const f = filings[releasedCount];
    if (!f) return null;
    releasedCount += 1;
    f.feedAt = clock.now();
    f.eftsAt = f.feedAt;
    world.feed.add(f);
    return recorded[releasedCount - 1] ?? null;
  };
  for (let i = 0; i < Math.min(options.initial ?? 0, filings.length); i += 1) release();
  const precompressed = options.precompress
    ? new Map(recorded.map((f) => [`${f.accessionNo}/${fileName(f)}`, gzipSync(f.body)]))
    : undefined;
  // SEC's ticker file as shipped (a real download, data/SOURCES.md): the admin refresh reads it offline.
  const staticFiles = {
    '/files/company_tickers.json': {
      path: projectPath('src-server/domains/tickers/data/company_tickers.json'),
      type: 'application/json',
    },
  };
  const server = await serveEdgar(world, {
    port: options.port,
    onRequest: options.onRequest,
    override: options.override,
    precompressed,
    staticFiles,
  });
  const timer = options.intervalMs ? setInterval(release, options.intervalMs) : null;
  timer?.unref();
  return {
    ...server,
    total: filings.length,
    released: () => releasedCount,
    releaseNext: release,
    releaseAll() {
      while (release());
    },
    async close() {
      if (timer) clearInterval(timer);
      await server.close();
    },
  };
}
