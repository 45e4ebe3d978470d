/**
 * `filings.live` over real websockets: who may subscribe, what streams (watched tickers and
 * forms only), replay by lastEventId, watchlist changes while connected, and two app instances on
 * two connection pools (two LISTEN connections): a filing stored through one reaches a socket
 * held by the other.
 */
import { createTRPCClient, createWSClient, wsLink, type TRPCClientError } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { connectDatabase, type Db } from '../db/client';
import { FIXTURES, follow, proUser, seedTickers, storeFixture } from '../test/alerts';
import { startTestApp } from '../test/app';
import { createTestDatabase } from '../test/db';
import { insertRealFilings, realFilings } from '../test/real-filings';
import { createSignedInUser } from '../test/users';
import type { AppRouter } from '../transport/trpc/app-router';
import type { LiveFilingEvent } from './live.repo';

const database = await createTestDatabase();
const db = database.db;
// A second instance with its own pool: its own LISTEN connection, like another server process.
const second = connectDatabase(database.url, { max: 5 });
const appA = await startTestApp({ database });
const appB = await startTestApp({ database: second });
afterAll(() => second.close());
beforeAll(() => seedTickers(db));

interface Feed {
  events: { id: string; data: LiveFilingEvent }[];
  error: Promise<TRPCClientError<AppRouter>>;
  started: Promise<void>;
  next(count: number, timeoutMs?: number): Promise<LiveFilingEvent[]>;
  close(): Promise<void>;
}

function subscribe(baseUrl: string, session: string | null, input?: { lastEventId?: string }): Feed {
  const wsClient = createWSClient({
    url: `${baseUrl.replace('http', 'ws')}/trpc`,
    WebSocket: WebSocket as never,
    ...(session ? { connectionParams: { session } } : {}),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  const events: Feed['events'] = [];
  let fail!: (e: TRPCClientError<AppRouter>) => void;
  let ready!: () => void;
  const error = new Promise<TRPCClientError<AppRouter>>((resolve) => (fail = resolve));
  const started = new Promise<void>((resolve) => (ready = resolve));
  const sub = client.filings.live.subscribe(input, {
    onStarted: () => ready(),
    onData: (message) => void events.push(message as Feed['events'][number]),
    onError: (e) => fail(e),
  });
  return {
    events,
    error,
    started,
    async next(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return events.map((e) => e.data);
    },
    async close() {
      sub.unsubscribe();
      await wsClient.close();
    },
  };
}

/** Stores real Apple filings (SEC submissions JSON) the way ingest does: insert + NOTIFY in one transaction. */
const pickedForms = new Map<string, number>();
async function storeApple(into: Db, form: string, { notify = true } = {}): Promise<number> {
  const index = pickedForms.get(form) ?? 0;
  pickedForms.set(form, index + 1);
  return into.transaction(async (tx) => {
    const [id] = await insertRealFilings(tx, [realFilings('AAPL', { forms: [form] })[index]!], {
      ticker: 'AAPL',
      importance: 'HIGH',
    });
    if (notify) await tx.execute(sql`select pg_notify('filing_scored', ${String(id)})`);
    return id!;
  });
}
/*
 * No waiting for something not to arrive: the hub handles notifications one after another in commit
 * order (LiveHub's chain), and a feed yields its replay before its tail. So a filing that must
 * arrive, stored after one that must not, is a sentinel: once it is here, the other would be too.
 */

describe('who may subscribe', () => {
  it('refuses a connection without a session, and a session that is not PRO', async () => {
    const anonymous = subscribe(appA.url, null);
    expect((await anonymous.error).data?.code).toBe('UNAUTHORIZED');
    await anonymous.close();
    const free = await createSignedInUser(db, { email: 'free-live@example.com' });
    const notPro = subscribe(appA.url, free.session);
    const refused = await notPro.error;
    expect(refused.data?.code).toBe('FORBIDDEN');
    expect(refused.message).toBe('This feature needs a PRO subscription.');
    await notPro.close();
    const forged = subscribe(appA.url, 'not-a-session');
    expect((await forged.error).data?.code).toBe('UNAUTHORIZED');
    await forged.close();
  });
});

describe('streaming', () => {
  it('streams newly stored filings of watched tickers and forms, tracked by id, and nothing else', async () => {
    const { user, session } = await proUser(db, { email: 'live@example.com' });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['4'] });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-K'] });
    const feed = subscribe(appA.url, session);
    await feed.started;

    await storeApple(db, '8-K'); // AAPL, but a form not followed
    const filingId = await storeFixture(db, FIXTURES.teslaForm4.name); // the sentinel
    const [event] = await feed.next(1);
    expect(feed.events).toHaveLength(1);
    expect(feed.events[0]!.id).toBe(String(filingId));
    expect(event).toMatchObject({
      id: filingId,
      accession_no: '0000899243-22-035394',
      ticker: 'TSLA',
      company_name: expect.stringMatching(/tesla/i),
      form: '4',
      form_type: '4',
      catalogue_form: '4',
      importance: 'HIGH',
      one_liner: 'Elon Musk sold 4,400,000 shares at an average $191.63 ($843.2M, $189.578-$197.70)',
      filed_at: '2022-11-09T01:18:10.000Z',
      insider_cik: '1494730',
      executive_names: ['Elon Musk'],
      data_incomplete: false,
    });
    expect(event!.reasons.length).toBeGreaterThan(0);
    expect(JSON.parse(event!.insider_data!)).toMatchObject({ executiveName: 'Elon Musk', isDisposition: true });
    await feed.close();
  });

  it('follows watchlist changes made while connected', async () => {
    const { user, session } = await proUser(db, { email: 'changes@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-Q'] });
    const feed = subscribe(appA.url, session);
    await feed.started;
    // watchlist_changed commits before the filing's NOTIFY: the hub reloads the watchlist first.
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-Q', 'DEF 14A'] });
    const proxy = await storeApple(db, 'DEF 14A');
    expect((await feed.next(1)).map((e) => e.id)).toEqual([proxy]);
    await db.execute(sql`delete from watchlist_items where user_id = ${user.id}`);
    await storeApple(db, '10-Q'); // no longer followed
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['8-K'] });
    const sentinel = await storeApple(db, '8-K');
    expect((await feed.next(2)).map((e) => e.id)).toEqual([proxy, sentinel]);
    await feed.close();
  });
});

describe('reconnecting', () => {
  it('replays what the client missed after lastEventId, then tails, without gaps or repeats', async () => {
    const { user, session } = await proUser(db, { email: 'replay@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['4'] });
    await follow(db, { userId: user.id, ticker: 'GOOG', forms: ['4'] });
    const first = subscribe(appA.url, session);
    await first.started;
    const seen = await storeApple(db, '4');
    await first.next(1);
    const cursor = first.events.at(-1)!.id;
    expect(cursor).toBe(String(seen));
    await first.close();

    // Missed while disconnected: two Apple Form 4s and Alphabet's (followed as GOOG).
    const missedA = await storeApple(db, '4');
    const missedB = await storeApple(db, '4');
    const google = await storeFixture(db, FIXTURES.googForm4.name, FIXTURES.googForm4.hints);

    const again = subscribe(appA.url, session, { lastEventId: cursor });
    const replayed = await again.next(3);
    expect(replayed.map((e) => e.id)).toEqual([missedA, missedB, google]);
    expect(replayed[2]!.ticker).toBe('GOOG');
    const live = await storeApple(db, '4');
    const all = await again.next(4);
    expect(all.map((e) => e.id)).toEqual([missedA, missedB, google, live]);
    const tail = await storeApple(db, '4'); // a repeat of anything above would come before it
    await again.next(5);
    expect(again.events.map((e) => e.id)).toEqual([missedA, missedB, google, live, tail].map(String));
    await again.close();

    // A commit racing the replay query arrives once, whichever side of the seam it lands on.
    const racing = subscribe(appA.url, session, { lastEventId: cursor });
    const during = await storeApple(db, '4');
    await racing.next(6);
    const after = await storeApple(db, '4'); // the buffer's copy of `during` would come before it
    await racing.next(7);
    expect(racing.events.map((e) => e.id)).toEqual([missedA, missedB, google, live, tail, during, after].map(String));
    await racing.close();

    // Nothing to replay: the first event is the next filing, with no replayed one before it.
    const caughtUp = subscribe(appA.url, session, { lastEventId: String(after) });
    await caughtUp.started;
    const next = await storeApple(db, '4');
    await caughtUp.next(1);
    expect(caughtUp.events.map((e) => e.id)).toEqual([String(next)]);
    await caughtUp.close();
  });
});

describe('a lost LISTEN connection', () => {
  it('catches up on reconnect: a filing whose notification never arrived is pushed once, nothing old is', async () => {
    const { user, session } = await proUser(db, { email: 'relisten@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['8-K'] });
    const feed = subscribe(appA.url, session);
    await feed.started;
    const before = await storeApple(db, '8-K');
    expect((await feed.next(1)).map((e) => e.id)).toEqual([before]);
    // Committed while the connection is down: stored, its NOTIFY never heard.
    const unheard = await storeApple(db, '8-K', { notify: false });
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    const events = await feed.next(2, 10_000);
    expect(events.map((e) => e.id)).toEqual([before, unheard]);
    // The hub listens again: the next filing arrives as usual, and nothing came twice.
    const after = await storeApple(db, '8-K');
    await feed.next(3, 10_000);
    expect(feed.events.map((e) => e.id)).toEqual([before, unheard, after].map(String));
    await feed.close();
  });

  it('catches up several missed filings at once: in id order, unwatched forms left out, each push recorded', async () => {
    const { user, session } = await proUser(db, { email: 'relisten-many@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['8-K'] });
    const feed = subscribe(appA.url, session);
    await feed.started;
    const unheard = [];
    for (const form of ['8-K', '10-Q', '8-K', '8-K'])
      unheard.push({ form, id: await storeApple(db, form, { notify: false }) });
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    const missed = unheard.filter((f) => f.form === '8-K').map((f) => f.id);
    expect((await feed.next(3, 10_000)).map((e) => e.id)).toEqual(missed);
    const after = await storeApple(db, '8-K');
    await feed.next(4, 10_000);
    expect(feed.events.map((e) => e.id)).toEqual([...missed, after].map(String));
    await vi.waitFor(async () => {
      const pushes = await db.execute<{ filing_id: number }>(
        sql`select filing_id::float8 as filing_id from filing_pushes where instance_id = ${appA.deps.live.instanceId}
          and filing_id = any(${sql.param([...missed, after])}::int8[]) order by filing_id`,
      );
      expect(pushes.map((p) => Number(p.filing_id))).toEqual([...missed, after]);
    });
    await feed.close();
  });
});

describe('across instances', () => {
  it('a filing stored through one instance reaches a socket held by another', async () => {
    const { user, session } = await proUser(db, { email: 'cross@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['8-K'] });
    const onA = subscribe(appA.url, session);
    const onB = subscribe(appB.url, session);
    await Promise.all([onA.started, onB.started]);
    // Stored through instance B's pool; both instances' listeners hear the commit.
    const filingId = await storeApple(second.db, '8-K');
    expect((await onA.next(1)).map((e) => e.id)).toEqual([filingId]);
    expect((await onB.next(1)).map((e) => e.id)).toEqual([filingId]);
    // Each instance records its push after handing the event to its sockets, so wait for the rows.
    await vi.waitFor(async () => {
      const pushes = await db.execute<{ instance_id: string }>(
        sql`select instance_id from filing_pushes where filing_id = ${filingId}`,
      );
      expect(new Set(pushes.map((p) => p.instance_id)).size).toBe(2);
    });
    await onA.close();
    await onB.close();
  });
});
