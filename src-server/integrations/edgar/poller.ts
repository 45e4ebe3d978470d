/**
 * Live detection: polls the latest-filings Atom feed (all forms, newest 100) and hands new
 * accession numbers on with the time we first saw them. When a whole page is new, it reads the
 * next page too, so a burst of more than 100 filings between two polls is not missed.
 */
import { feedFilings, parseAtomFeed, type FeedFiling } from './atom';
import type { EdgarClient } from './edgar-client';
import { currentFeedPath } from './paths';

export interface FeedPollerOptions {
  client: () => Promise<EdgarClient>;
  intervalMs: number;
  /** Of these accession numbers, the ones already stored or queued. */
  known: (accessionNos: string[]) => Promise<Set<string>>;
  /** New filings, oldest first. */
  onNew: (filings: FeedFiling[], detectedAt: Date) => Promise<void>;
  onError?: (error: unknown) => void;
  maxPages?: number;
}

export interface FeedPoller {
  pollOnce(): Promise<number>;
  stop(): Promise<void>;
}

const PAGE = 100;
const SEEN_LIMIT = 20_000;

export function startFeedPoller(options: FeedPollerOptions): FeedPoller {
  const seen = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function pollOnce(): Promise<number> {
    const client = await options.client();
    const detectedAt = new Date();
    const fresh: FeedFiling[] = [];
    for (let page = 0; page < (options.maxPages ?? 5); page += 1) {
      const res = await client.get(currentFeedPath(page * PAGE, PAGE), 'application/atom+xml');
      if (res.status !== 200) break;
      const filings = feedFilings(parseAtomFeed(res.text)).filter((f) => !seen.has(f.accessionNo));
      const known = await options.known(filings.map((f) => f.accessionNo));
      const newOnes = filings.filter((f) => !known.has(f.accessionNo));
      for (const f of filings) seen.add(f.accessionNo);
      fresh.push(...newOnes);
      // Only when every entry of a full page was unseen can older new ones hide on the next page.
      if (filings.length < PAGE || newOnes.length < filings.length) break;
    }
    if (seen.size > SEEN_LIMIT) [...seen].slice(0, seen.size - SEEN_LIMIT / 2).forEach((a) => seen.delete(a));
    if (fresh.length > 0) await options.onNew(fresh.reverse(), detectedAt);
    return fresh.length;
  }

  const loop = async () => {
    if (stopped) return;
    running = pollOnce().catch((error) => {
      options.onError?.(error);
      return 0;
    });
    await running;
    running = null;
    if (!stopped) timer = setTimeout(loop, options.intervalMs);
  };
  void loop();

  return {
    pollOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
