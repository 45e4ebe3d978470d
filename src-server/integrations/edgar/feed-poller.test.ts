/**
 * The feed poller's reach (decision 282): a filing listed late in the 16:00 rush lands below the
 * newer entries; page 1 (100 entries) finds it at the next poll, the next page within 2 s. In the
 * 06:00 release the held filings sit deep, below today's entries: the sweep reads down to them at
 * every poll. A fake feed on a fake clock; the requests the poller makes are what is checked.
 */
import { describe, expect, it } from 'vitest';
import { nyInstant } from '#shared/us-calendar';
import type { Clock } from '../../clock';
import type { EdgarClient } from './edgar-client';
import { NEAR_EVERY_MS, PAGE1_COUNT, startFeedPoller, type DetectedFiling } from './feed-poller';
import { atomDocument, atomEntry } from './replay/atom-writer';

const DAY = '2025-11-18'; // a Tuesday

/** The feed as EDGAR sorts it: newest acceptance first. Entries are added as they are listed. */
class FakeFeed {
  entries: { accessionNo: string; acceptedAt: number }[] = [];
  requests: { start: number; count: number; at: number; priority: string }[] = [];
  constructor(private readonly clock: Clock) {}
  list(accessionNo: string, acceptedAt: number) {
    this.entries.push({ accessionNo, acceptedAt });
    this.entries.sort((a, b) => b.acceptedAt - a.acceptedAt);
  }
  client(): EdgarClient {
    return {
      get: async (path: string, options: { priority: string }) => {
        const url = new URL(path, 'https://www.sec.gov');
        const start = Number(url.searchParams.get('start'));
        const count = Number(url.searchParams.get('count'));
        this.requests.push({ start, count, at: this.clock.now(), priority: options.priority });
        const page = this.entries.slice(start, start + count).map((e) =>
          atomEntry(
            {
              accessionNo: e.accessionNo,
              formType: '8-K',
              companyName: 'Example Corp',
              cik: 1000 + Number(e.accessionNo.slice(-4)),
              role: 'Filer',
              filedDate: DAY,
              acceptedAt: new Date(e.acceptedAt).toISOString(),
              sizeBytes: 2048,
            },
            'https://www.sec.gov',
          ),
        );
        return { status: 200, url: path, text: atomDocument(page, new Date(this.clock.now())) };
      },
    } as unknown as EdgarClient;
  }
}

/** A clock the test moves by hand; sleeping never resolves (the test calls pollOnce itself). */
function manualClock(start: number): Clock & { set(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    sleep: (_ms, signal) => new Promise((resolve) => signal?.addEventListener('abort', () => resolve())),
    offsetMs: () => 0,
    busy: (work) => work(),
    set: (ms) => {
      now = ms;
    },
  };
}

const accession = (n: number) => `0000000001-25-${String(n).padStart(6, '0')}`;

/** A poller over the feed `fill` writes; returns once its own first poll handed its finds over. */
async function pollerAt(start: number, fill: (feed: FakeFeed) => void) {
  const clock = manualClock(start);
  const feed = new FakeFeed(clock);
  fill(feed);
  const found: DetectedFiling[] = [];
  let firstPoll!: () => void;
  const polled = new Promise<void>((resolve) => {
    firstPoll = resolve;
  });
  const poller = startFeedPoller({
    client: async () => feed.client(),
    clock,
    known: async () => new Set(),
    onNew: async (filings) => {
      found.push(...filings);
      firstPoll();
    },
  });
  await polled; // then the loop sleeps on the manual clock: the test drives pollOnce itself
  return { clock, feed, found, poller };
}

describe('feed poller reach', () => {
  it('reads 100 entries on page 1 and finds a late listing 60 entries down at the next poll', async () => {
    const t0 = nyInstant(DAY, 16 * 3600 + 5 * 60);
    const { clock, feed, found, poller } = await pollerAt(t0, (feed) => {
      for (let i = 0; i < 300; i += 1) feed.list(accession(i), t0 - 300_000 + i * 1000);
    });
    expect(feed.requests[0]).toMatchObject({ start: 0, count: PAGE1_COUNT });
    expect(PAGE1_COUNT).toBe(100);
    const before = found.length;
    // Accepted 60 s ago, listed now: 60 newer entries sit above it.
    feed.list(accession(9001), t0 - 60_500);
    clock.set(t0 + 1000);
    feed.requests.length = 0;
    await poller.pollOnce();
    expect(found.slice(before).map((f) => f.accessionNo)).toEqual([accession(9001)]);
    expect(feed.requests).toEqual([{ start: 0, count: 100, at: t0 + 1000, priority: 'feed' }]);
    await poller.stop();
  });

  it('reads the next page every 2 s, so a listing 150 entries down waits at most that long', async () => {
    const t0 = nyInstant(DAY, 16 * 3600 + 5 * 60);
    const { clock, feed, found, poller } = await pollerAt(t0, (feed) => {
      for (let i = 0; i < 400; i += 1) feed.list(accession(i), t0 - 400_000 + i * 1000);
    }); // page 1 and the minute's deep pages
    const deep = found.length;
    feed.list(accession(9002), t0 - 150_500);
    let at = t0;
    while (!found.slice(deep).some((f) => f.accessionNo === accession(9002))) {
      at += 1000;
      clock.set(at);
      await poller.pollOnce();
      expect(at - t0).toBeLessThanOrEqual(NEAR_EVERY_MS);
    }
    expect(NEAR_EVERY_MS).toBe(2000);
    await poller.stop();
  });

  it('06:00-06:12: sweeps down to the held filings at every poll', async () => {
    const t0 = nyInstant(DAY, 6 * 3600 + 3 * 60);
    const evening = nyInstant('2025-11-17', 19 * 3600);
    const { clock, feed, found, poller } = await pollerAt(t0, (feed) => {
      // Today's 120 filings above the previous evening's, then the afternoon before 17:30.
      for (let i = 0; i < 120; i += 1) feed.list(accession(i), t0 - 120_000 + i * 1000);
      for (let i = 0; i < 100; i += 1) feed.list(accession(200 + i), evening + i * 60_000);
      const afternoon = nyInstant('2025-11-17', 17 * 3600);
      for (let i = 0; i < 100; i += 1) feed.list(accession(400 + i), afternoon + i * 10_000);
    });
    const firstPoll = feed.requests.length;
    for (let k = 1; k <= 3; k += 1) {
      const before = found.length;
      feed.list(accession(9100 + k), evening + 30_500 + k); // released now, deep in the list
      clock.set(t0 + k * 1000);
      await poller.pollOnce();
      expect(found.slice(before).map((f) => f.accessionNo)).toEqual([accession(9100 + k)]);
    }
    // Page 1 goes first; the sweep's pages share the budget with live documents (decision 337).
    const polled = feed.requests.slice(firstPoll);
    const priorities = (deep: boolean) => [
      ...new Set(polled.filter((r) => r.start > 0 === deep).map((r) => r.priority)),
    ];
    expect(priorities(false)).toEqual(['feed']);
    expect(priorities(true)).toEqual(['live']);
    await poller.stop();
  });
});
