/**
 * One quote refresher per cluster (issue 27): two app instances on one database, each with its
 * own pool and its own loopback Yahoo (so every provider request is counted per process). Only
 * the `quote-refresher` leader asks its provider, whichever process's reader found a quote
 * stale; the other process serves the stored quote; after the leader stops, the other takes over;
 * the request budget (QUOTES_REQUESTS_PER_MINUTE) holds across both processes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { connectDatabase } from '../../db/client';
import { startTestApp, testEnv, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { startYahooPeer, type YahooPeer } from '../../test/peers/yahoo';
import { createSignedInUser } from '../../test/users';
import { QUOTE_BUDGET_BUCKET } from './quote-budget';
import { createQuoteRequests } from './quote-requests';
import { startQuoteRefresh, type QuoteRefreshing } from './quotes.workers';
import { until } from '../../test/until';

const quiet = { warn: () => {} };

/** This file's waits (leadership moves through lock timeouts). */
const WAIT = { timeoutMs: 20_000 };

const database = await createTestDatabase();
/** The second process's own pool on the same database. */
const second = connectDatabase(database.url, { max: 5 });
afterAll(() => second.close());

interface Instance {
  app: TestApp;
  peer: YahooPeer;
  refreshing: QuoteRefreshing;
}

async function instance(db: typeof database): Promise<Instance> {
  const peer = await startYahooPeer();
  afterAll(() => peer.close());
  const app = await startTestApp({
    env: { QUOTES_PROVIDER: 'yahoo', QUOTES_YAHOO_BASE_URL: peer.url },
    database: db,
    customise: (d) => ({ ...d, quotes: createQuoteRequests(d.env, d.db, quiet) }),
  });
  // Lock checks as in production (5 s): a check slower than checkMs steps down, and a loaded
  // machine must not hand the leadership over in the middle of a test. A lost lock connection
  // steps down at once whatever checkMs is.
  const refreshing = await startQuoteRefresh(app.deps, { retryMs: 100, checkMs: 5_000, handoverMs: 100 });
  afterAll(() => refreshing.stop());
  return { app, peer, refreshing };
}

const instances = [await instance(database), await instance(second)];
const leaderIndex = () => instances.findIndex((i) => i.refreshing.isLeader());

async function watch(via: Instance, email: string, tickers: string): Promise<string> {
  const { session } = await createSignedInUser(database.db, { email });
  const add = await fetch(`${via.app.url}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session },
    body: JSON.stringify({ tickers, forms: '8-K' }),
  });
  expect(add.status).toBe(200);
  return session;
}

async function prices(via: Instance, session: string): Promise<Record<string, number | null>> {
  const response = await fetch(`${via.app.url}/api/watchlist`, { headers: { 'x-session': session } });
  const body = (await response.json()) as { watchlist: { ticker: string; current_price: number | null }[] };
  return Object.fromEntries(body.watchlist.map((i) => [i.ticker, i.current_price]));
}

it("only the leader asks the provider, for the other process's readers too", async () => {
  await until(() => leaderIndex() >= 0, 'a quote refresher leader', WAIT);
  const leader = instances[leaderIndex()]!;
  const follower = instances[1 - leaderIndex()]!;
  expect(instances.filter((i) => i.refreshing.isLeader())).toHaveLength(1);

  const session = await watch(follower, 'follower-reader@example.com', 'AAPL, AMZN');
  expect(await prices(follower, session)).toEqual({ AAPL: null, AMZN: null });
  // The follower's reader asked; the leader fetched; the follower serves the stored quote.
  await until(async () => (await prices(follower, session)).AAPL === 244.6, "the follower serving AAPL's quote", WAIT);
  expect((await prices(follower, session)).AMZN).toBe(228.68);
  expect(leader.peer.quoteCalls.flat()).toEqual(expect.arrayContaining(['AAPL', 'AMZN']));
  expect(follower.peer.userAgents).toHaveLength(0);

  // The leader's own readers find the same stored quotes: nothing more is asked anywhere.
  const calls = leader.peer.quoteCalls.length;
  expect(await prices(leader, session)).toEqual({ AAPL: 244.6, AMZN: 228.68 });
  await leader.refreshing.idle();
  expect(leader.peer.quoteCalls).toHaveLength(calls);
  expect(follower.peer.userAgents).toHaveLength(0);
});

it('a leader whose lock connection the database ends steps down and stops refreshing', async () => {
  await until(() => leaderIndex() >= 0, 'a quote refresher leader', WAIT);
  const was = leaderIndex();
  const [lock] = await database.sql<{ pid: number }[]>`
    select pid from pg_locks where locktype = 'advisory' and granted
      and ((classid::int8 << 32) | objid::int8) = hashtext('quote-refresher')::int8`;
  await database.sql`select pg_terminate_backend(${lock!.pid}::int)`;
  await until(() => !instances[was]!.refreshing.isLeader(), 'the leader stepping down', WAIT);
  await until(() => leaderIndex() >= 0, 'a leader again (either process)', WAIT);
  const leader = instances[leaderIndex()]!;
  const other = instances[1 - leaderIndex()]!;
  const otherRequests = other.peer.userAgents.length;

  await database.db.execute(
    sql`update quotes set fetched_at = now() - interval '61 seconds', price = 1 where ticker = 'AAPL'`,
  );
  const session = await watch(other, 'after-step-down@example.com', 'AAPL');
  expect((await prices(other, session)).AAPL).toBe(1);
  await until(async () => (await prices(other, session)).AAPL === 244.6, 'AAPL refreshed by the leader', WAIT);
  expect(leader.peer.quoteCalls.at(-1)).toEqual(['AAPL']);
  expect(other.peer.userAgents).toHaveLength(otherRequests);
});

it('when the leader stops, the other process takes over and refreshes for both', async () => {
  await until(() => leaderIndex() >= 0, 'a quote refresher leader', WAIT);
  const old = instances[leaderIndex()]!;
  const next = instances[1 - leaderIndex()]!;
  await old.refreshing.stop();
  await until(() => next.refreshing.isLeader(), 'the other process leading', WAIT);
  const oldRequests = old.peer.userAgents.length;

  // A reader of the old leader's process (it still serves pages) finds GOOG stale.
  const session = await watch(old, 'after-failover@example.com', 'GOOG');
  await until(async () => (await prices(old, session)).GOOG === 186.87, 'GOOG refreshed by the new leader', WAIT);
  expect(next.peer.quoteCalls.flat()).toContain('GOOG');
  expect(old.peer.userAgents).toHaveLength(oldRequests);
});

it('the request budget holds across both processes', async () => {
  await database.db.execute(sql`delete from rate_limit_hits where bucket = ${QUOTE_BUDGET_BUCKET}`);
  const peer = await startYahooPeer();
  afterAll(() => peer.close());
  const env = testEnv({ QUOTES_PROVIDER: 'yahoo', QUOTES_YAHOO_BASE_URL: peer.url, QUOTES_REQUESTS_PER_MINUTE: '6' });
  // Each process's provider as createRuntimeDeps builds it, on that process's pool.
  const waits = [0, 0];
  const providers = instances.map(
    (i, n) =>
      createQuoteRequests(env, i.app.deps.db, {
        warn: (_obj, msg) => {
          if (msg.startsWith('QUOTES_REQUESTS_PER_MINUTE')) waits[n]! += 1;
        },
      })!.provider,
  );
  const abort = new AbortController();
  // Each client: a handshake (2 requests) and 5 quote calls; 14 requests asked for, 6 allowed a minute.
  const calls = providers.flatMap((p) =>
    Array.from({ length: 5 }, () => p.fetchQuotes(['AAPL'], { signal: abort.signal })),
  );
  await until(() => waits[0]! > 0 && waits[1]! > 0, 'both processes waiting on the spent budget', WAIT);
  await until(() => peer.userAgents.length === 6, 'the granted requests arriving', WAIT);
  abort.abort();
  const settled = await Promise.allSettled(calls);
  expect(peer.userAgents).toHaveLength(6);
  expect(settled.filter((s) => s.status === 'fulfilled').length).toBeLessThanOrEqual(4);
  const [row] = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from rate_limit_hits where bucket = ${QUOTE_BUDGET_BUCKET}`,
  );
  expect(row?.n).toBe(6);
});
