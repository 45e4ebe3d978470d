/**
 * Live detection from EDGAR's latest-filings Atom feed, one request per poll whatever the
 * watchlist (schedule.ts: about once a second 06:00-22:05 ET on business days, once a minute
 * otherwise). The feed is sorted by acceptance time, not by when an entry appeared, so a filing
 * listed late sits below newer ones, and the filings EDGAR holds overnight appear deep in the
 * list at 06:00. Hence:
 *
 * - every poll reads page 1 (100 entries, EDGAR's largest page), and keeps paging while a whole
 *   page is new (a burst);
 * - every 2 s the next page, every minute pages down to half an hour back;
 * - from 06:00 to 06:12 on business days, a sweep at every poll down to the previous business
 *   day's 17:30, where the held filings are inserted;
 * - filings are deduplicated by accession number (a seen set, then the caller's store), never by
 *   "newer than the newest seen", which would drop every late or deep insertion.
 *
 * Deep pages overlap by ten entries, so entries shifting down between two requests are not
 * skipped. Each new filing carries its receipt: when we saw it, and the last moment one of our
 * polls covered its place in the feed without listing it (it appeared in between).
 *
 * Why these sizes (decision 282): the feed lists a filing up to minutes after its acceptance, at
 * its acceptance time, so in the 16:00 rush a late one lands below dozens of newer entries. A
 * page 1 of 40 missed it until the 5-second next page came round (all-day p95 4 s); 100 entries
 * cost the same one request and cover about three minutes of the rush. The held filings come out
 * 06:01-06:10 deep in the list: swept every 5 s, they waited 2.5 s on average for the sweep.
 */
import { systemClock, type Clock } from '../../clock';
import { feedFilings, parseAtomFeed, type FeedFiling } from './atom';
import type { EdgarClient } from './edgar-client';
import { currentFeedPath } from './paths';
import type { EdgarPriority } from './request-budget';
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

export const PAGE1_COUNT = 100;
const PAGE_COUNT = 100;
/** Deeper pages start 10 entries before the previous page's end. */
const PAGE_STEP = 90;
const BURST_MAX_PAGES = 10;
export const NEAR_EVERY_MS = 2_000;
const DEEP_EVERY_MS = 60_000;
const DEEP_HORIZON_MS = 30 * 60_000;
const DEEP_MAX_PAGES = 10;
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

/** What one page response showed: the acceptance-time range it covered, and when we asked for it. */
interface Coverage {
  at: number;
  oldest: number;
  newest: number;
}

const orderOf = (f: FeedFiling) => (f.updated ? Date.parse(f.updated) : Number.NaN);

/** What our page responses showed lately: for each new filing, the last poll that covered its place. */
class CoverageLog {
  private readonly seen: Coverage[] = [];
  record(c: Coverage): void {
    this.seen.push(c);
    while (this.seen.length > 0 && this.seen[0]!.at < c.at - COVERAGE_MS) this.seen.shift();
  }
  /** The latest earlier response that covered this acceptance time. */
  listedAfter(order: number, before: number): Date | null {
    if (Number.isNaN(order)) return null;
    for (let i = this.seen.length - 1; i >= 0; i -= 1) {
      const c = this.seen[i]!;
      if (c.at < before && c.oldest <= order && order <= c.newest) return new Date(c.at);
    }
    return null;
  }
}

/** One page response read: its filings, whether it was full, and the acceptance range it covered. */
function readFeedPage(text: string | null, start: number, count: number) {
  const entries = text == null ? [] : parseAtomFeed(text);
  const orders = entries.map((e) => (e.updated ? Date.parse(e.updated) : Number.NaN)).filter((n) => !Number.isNaN(n));
  const full = entries.length >= count;
  const oldestListed = orders.length ? Math.min(...orders) : -Infinity;
  return {
    filings: feedFilings(entries),
    full,
    oldestListed,
    // A short page is the end of the list: it covered everything below its newest entry.
    covered: {
      oldest: full ? oldestListed : -Infinity,
      newest: start === 0 || !orders.length ? Infinity : Math.max(...orders),
    },
  };
}

export function startFeedPoller(options: FeedPollerOptions): FeedPoller {
  const clock = options.clock ?? systemClock;
  const activeMs = options.activeMs ?? 1_000;
  const idleMs = options.idleMs ?? 60_000;
  const seen = options.seen ?? new SeenSet();
  const active = (ms: number) => options.alwaysActive === true || isEdgarActive(ms);
  const coverage = new CoverageLog();
  let lastNear = -Infinity;
  let lastDeep = -Infinity;
  let stopped = false;
  const abort = new AbortController();
  let loop: Promise<void> | null = null;

  /** One page: new filings on it (marked seen), and its oldest acceptance time. */
  async function page(
    client: EdgarClient,
    start: number,
    count: number,
    via: FeedVia,
    out: DetectedFiling[],
    local: Set<string>,
    priority: EdgarPriority = 'feed',
  ) {
    // EDGAR drew the page somewhere between asking and hearing back: a filing missing from it was
    // listed after the asking instant, not after the answer's (which may be later than its listing).
    const asked = clock.now();
    const res = await client.get(currentFeedPath(start, count), { accept: 'application/atom+xml', priority });
    const at = clock.now();
    const read = readFeedPage(res.status === 200 ? res.text : null, start, count);
    let fresh = 0;
    for (const f of read.filings) {
      if (seen.has(f.accessionNo) || local.has(f.accessionNo)) continue;
      local.add(f.accessionNo);
      fresh += 1;
      out.push({ ...f, detectedAt: new Date(at), listedAfter: coverage.listedAfter(orderOf(f), at), via });
    }
    coverage.record({ at: asked, ...read.covered });
    return { fresh, filings: read.filings.length, full: read.full, oldest: read.oldestListed };
  }

  /** Pages start, start+90, ... while `more` says so. */
  type Page = Awaited<ReturnType<typeof page>>;
  async function pages(
    client: EdgarClient,
    first: number,
    maxPages: number,
    via: FeedVia,
    out: DetectedFiling[],
    local: Set<string>,
    more: (p: Page) => boolean,
    priority: EdgarPriority = 'feed',
  ) {
    for (let i = 0, start = first; i < maxPages && !stopped; i += 1, start += PAGE_STEP) {
      const p = await page(client, start, PAGE_COUNT, via, out, local, priority);
      if (!p.full || !more(p)) return;
    }
  }

  /**
   * Below page 1, what is due now: in the morning release window the sweep down to the held
   * filings (inserted anywhere below today's entries); else every minute pages half an hour deep,
   * and in between the next page every NEAR_EVERY_MS.
   */
  async function deeperPages(client: EdgarClient, now: number, out: DetectedFiling[], local: Set<string>) {
    const floor = deepSweepFloor(now);
    // In the window the sweep runs at every poll (the page-1 interval is 1 s): the release is the
    // day's second-largest burst.
    if (floor != null) {
      // Page 1 was just read: the sweep starts at the next page. Its pages (ten or more a poll,
      // down to the evening before) share the budget with live documents instead of going first:
      // at `feed` priority they took all of it for twelve minutes and the released filings'
      // documents waited up to 435 s (decision 337).
      await pages(client, PAGE1_COUNT - 10, SWEEP_MAX_PAGES, 'feed_deep', out, local, (p) => p.oldest >= floor, 'live');
      return;
    }
    if (!active(now)) return;
    if (now - lastDeep >= DEEP_EVERY_MS) {
      lastDeep = now;
      lastNear = now;
      const horizon = now - DEEP_HORIZON_MS;
      await pages(client, PAGE1_COUNT - 10, DEEP_MAX_PAGES, 'feed_deep', out, local, (p) => p.oldest >= horizon);
    } else if (now - lastNear >= NEAR_EVERY_MS) {
      lastNear = now;
      await page(client, PAGE1_COUNT - 10, PAGE_COUNT, 'feed_deep', out, local);
    }
  }

  /** Hands on the filings no earlier poll or store knew, oldest first; then marks all of them seen. */
  async function handOver(out: DetectedFiling[]): Promise<number> {
    if (out.length === 0) return 0;
    const known = await options.known(out.map((f) => f.accessionNo));
    const fresh = out.filter((f) => !known.has(f.accessionNo)).sort((a, b) => orderOf(a) - orderOf(b));
    if (fresh.length > 0) await options.onNew(fresh);
    // Marked seen only once handed on: a failed hand-over is tried again by the next poll.
    for (const f of out) seen.add(f.accessionNo);
    return fresh.length;
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
    await deeperPages(client, now, out, local);
    return handOver(out);
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
