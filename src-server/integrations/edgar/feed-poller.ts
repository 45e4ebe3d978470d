/**
 * Live detection from EDGAR's latest-filings Atom feed, one request per poll whatever the
 * watchlist (schedule.ts: about once a second 06:00-22:05 ET on business days, once a minute
 * otherwise). The feed is sorted by acceptance time, not by when an entry appeared, so a filing
 * listed late sits below newer ones, and the filings EDGAR holds overnight appear deep in the
 * list at 06:00. Hence:
 *
 * - every poll reads page 1, and keeps paging while a whole page is new (a burst);
 * - every few seconds the next page, every minute pages down to half an hour back;
 * - from 06:00 to 06:12 on business days, a sweep every 5 s down to the previous business day's
 *   17:30, where the held filings are inserted;
 * - filings are deduplicated by accession number (a seen set, then the caller's store), never by
 *   "newer than the newest seen", which would drop every late or deep insertion.
 *
 * Deep pages overlap by ten entries, so entries shifting down between two requests are not
 * skipped. Each new filing carries its receipt: when we saw it, and the last moment one of our
 * polls covered its place in the feed without listing it (it appeared in between).
 */
import { systemClock, type Clock } from '../../clock';
import { feedFilings, parseAtomFeed, type FeedFiling } from './atom';
import type { EdgarClient } from './edgar-client';
import { currentFeedPath } from './paths';
import { deepSweepFloor, isEdgarActive, msUntilActive } from './schedule';

export type FeedVia = 'feed' | 'feed_deep';

export interface DetectedFiling extends FeedFiling {
  detectedAt: Date;
  /** Last poll covering its place without listing it; null when unknown. */
  listedAfter: Date | null;
  via: FeedVia;
}

export interface FeedPollerOptions {
  client: () => Promise<EdgarClient>;
  clock?: Clock;
  /** Page-1 poll interval in EDGAR hours and otherwise. */
  activeMs?: number;
  idleMs?: number;
  /** Poll at activeMs at every hour (the recorded replay); default false: EDGAR's schedule. */
  alwaysActive?: boolean;
  /** Of these accession numbers, the ones already stored or queued (after a restart). */
  known: (accessionNos: string[]) => Promise<Set<string>>;
  /** New filings, oldest first. */
  onNew: (filings: DetectedFiling[]) => Promise<void>;
  onError?: (error: unknown) => void;
  /** Tests: the seen set shared with other detection layers. */
  seen?: SeenSet;
}

export interface FeedPoller {
  /** One poll (page 1 and whatever deeper pages are due now); the number of new filings. */
  pollOnce(): Promise<number>;
  stop(): Promise<void>;
}

export const PAGE1_COUNT = 40;
const PAGE_COUNT = 100;
/** Deeper pages start 10 entries before the previous page's end. */
const PAGE_STEP = 90;
const BURST_MAX_PAGES = 10;
const NEAR_EVERY_MS = 5_000;
const DEEP_EVERY_MS = 60_000;
const DEEP_HORIZON_MS = 30 * 60_000;
const DEEP_MAX_PAGES = 10;
const SWEEP_EVERY_MS = 5_000;
const SWEEP_MAX_PAGES = 30;
/** How long coverage observations are kept (the receipt's "listed after" looks this far back). */
const COVERAGE_MS = 10 * 60_000;

/** Accession numbers seen by any detection layer, oldest evicted first (covers several days). */
export class SeenSet {
  private readonly set = new Set<string>();
  constructor(private readonly limit = 60_000) {}
  has(accessionNo: string): boolean {
    return this.set.has(accessionNo);
  }
  add(accessionNo: string): void {
    this.set.add(accessionNo);
    if (this.set.size > this.limit) {
      const drop = this.set.size - Math.floor(this.limit * 0.9);
      let i = 0;
      for (const a of this.set) {
        if (i++ >= drop) break;
        this.set.delete(a);
      }
    }
  }
  get size(): number {
    return this.set.size;
  }
}

/** What one page response showed: the acceptance-time range it covered, at which instant. */
interface Coverage {
  at: number;
  oldest: number;
  newest: number;
}

const orderOf = (f: FeedFiling) => (f.updated ? Date.parse(f.updated) : Number.NaN);

export function startFeedPoller(options: FeedPollerOptions): FeedPoller {
  const clock = options.clock ?? systemClock;
  const activeMs = options.activeMs ?? 1_000;
  const idleMs = options.idleMs ?? 60_000;
  const seen = options.seen ?? new SeenSet();
  const active = (ms: number) => options.alwaysActive === true || isEdgarActive(ms);
  const coverage: Coverage[] = [];
  let lastNear = -Infinity;
  let lastDeep = -Infinity;
  let lastSweep = -Infinity;
  let stopped = false;
  const abort = new AbortController();
  let loop: Promise<void> | null = null;

  /** The latest earlier response that covered this acceptance time. */
  function listedAfter(order: number, before: number): Date | null {
    if (Number.isNaN(order)) return null;
    for (let i = coverage.length - 1; i >= 0; i -= 1) {
      const c = coverage[i]!;
      if (c.at < before && c.oldest <= order && order <= c.newest) return new Date(c.at);
    }
    return null;
  }

  /** One page: new filings on it (marked seen), and its oldest acceptance time. */
  async function page(client: EdgarClient, start: number, count: number, via: FeedVia, out: DetectedFiling[], local: Set<string>) {
    const res = await client.get(currentFeedPath(start, count), { accept: 'application/atom+xml', priority: 'feed' });
    const at = clock.now();
    const entries = res.status === 200 ? parseAtomFeed(res.text) : [];
    const filings = feedFilings(entries);
    const orders = entries.map((e) => (e.updated ? Date.parse(e.updated) : Number.NaN)).filter((n) => !Number.isNaN(n));
    const full = entries.length >= count;
    // A short page is the end of the list: it covered everything below its newest entry.
    const oldest = full && orders.length ? Math.min(...orders) : -Infinity;
    const newest = start === 0 || !orders.length ? Infinity : Math.max(...orders);
    let fresh = 0;
    for (const f of filings) {
      if (seen.has(f.accessionNo) || local.has(f.accessionNo)) continue;
      local.add(f.accessionNo);
      fresh += 1;
      out.push({ ...f, detectedAt: new Date(at), listedAfter: listedAfter(orderOf(f), at), via });
    }
    coverage.push({ at, oldest, newest });
    while (coverage.length > 0 && coverage[0]!.at < at - COVERAGE_MS) coverage.shift();
    return { fresh, filings: filings.length, full, oldest: orders.length ? Math.min(...orders) : -Infinity };
  }

  /** Pages start, start+90, ... while `more` says so. */
  type Page = Awaited<ReturnType<typeof page>>;
  async function pages(client: EdgarClient, first: number, maxPages: number, via: FeedVia, out: DetectedFiling[], local: Set<string>, more: (p: Page) => boolean) {
    for (let i = 0, start = first; i < maxPages && !stopped; i += 1, start += PAGE_STEP) {
      const p = await page(client, start, PAGE_COUNT, via, out, local);
      if (!p.full || !more(p)) return;
    }
  }

  async function pollOnce(): Promise<number> {
    const client = await options.client();
    const now = clock.now();
    const out: DetectedFiling[] = [];
    const local = new Set<string>();
    const first = await page(client, 0, PAGE1_COUNT, 'feed', out, local);
    // A whole new page: more new filings may follow below it.
    if (first.full && first.fresh === first.filings) {
      await pages(client, PAGE1_COUNT - 10, BURST_MAX_PAGES, 'feed', out, local, (p) => p.fresh === p.filings);
    }
    const floor = deepSweepFloor(now);
    if (floor != null && now - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now;
      await pages(client, 0, SWEEP_MAX_PAGES, 'feed_deep', out, local, (p) => p.oldest >= floor);
    } else if (active(now)) {
      if (now - lastDeep >= DEEP_EVERY_MS) {
        lastDeep = now;
        lastNear = now;
        await pages(client, PAGE1_COUNT - 10, DEEP_MAX_PAGES, 'feed_deep', out, local, (p) => p.oldest >= now - DEEP_HORIZON_MS);
      } else if (now - lastNear >= NEAR_EVERY_MS) {
        lastNear = now;
        await page(client, PAGE1_COUNT - 10, PAGE_COUNT, 'feed_deep', out, local);
      }
    }
    if (out.length === 0) return 0;
    const known = await options.known(out.map((f) => f.accessionNo));
    const fresh = out.filter((f) => !known.has(f.accessionNo)).sort((a, b) => orderOf(a) - orderOf(b));
    if (fresh.length > 0) await options.onNew(fresh);
    // Marked seen only once handed on: a failed hand-over is tried again by the next poll.
    for (const f of out) seen.add(f.accessionNo);
    return fresh.length;
  }

  async function run() {
    while (!stopped) {
      const started = clock.now();
      await clock.busy(() =>
        pollOnce().catch((error) => {
          options.onError?.(error);
          return 0;
        }),
      );
      if (stopped) break;
      // Once a second from the start of the previous poll, not a second after it ended.
      const now = clock.now();
      const wait = active(now) ? started + activeMs - now : msUntilActive(now, idleMs);
      await clock.sleep(Math.max(1, wait), abort.signal);
    }
  }
  loop = run();

  return {
    pollOnce,
    async stop() {
      stopped = true;
      abort.abort();
      await loop;
    },
  };
}
