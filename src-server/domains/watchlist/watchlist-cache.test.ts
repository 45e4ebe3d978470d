import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, schema } from '../../db/client';
import { startTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';
import { pickEncoding } from '../../transport/rest/accept-encoding';
import { sessionBatcher } from '../auth/session.service';
import { saveQuotes } from '../quotes/quotes.repo';
import { upsertCompanyProfile } from '../tickers/tickers.service';
import { fastFingerprint } from './watchlist.repo';

// Proves the per-user response cache never answers with stale data: every change that shapes the
// response is made, then read back through REST (compressed and not) and tRPC.
let queries = 0;
const countQuery = () => {
  queries += 1;
};
const base = await createTestDatabase();
const database = { ...base, db: drizzle(base.sql, { schema, logger: { logQuery: countQuery } }) };
const { url, deps } = await startTestApp({ database });
const db = deps.db;
// A second app process on the same database: its own caches, its own connection pool.
const otherDatabase = connectDatabase(base.url, { max: 4 });
afterAll(() => otherDatabase.close());
const other = await startTestApp({ database: otherDatabase });

const apple = realFilings('AAPL');
await insertRealFilings(db, apple.slice(10, 40), { ticker: 'AAPL', importance: 'LOW' });

interface Item {
  ticker: string;
  forms: string;
  notes: string | null;
  unseen_filings_count: number;
  current_price: number | null;
  sector: string | null;
  recent_filings: { accession_no: string }[];
}
interface Body {
  watchlist: Item[];
  tickerLimit: number;
  contact: { ticker_limit: number };
  user: { planType: string; isPro: boolean } | null;
}

async function raw(session: string, encoding: string | null, at = url) {
  const headers: Record<string, string> = { 'x-session': session };
  if (encoding !== null) headers['accept-encoding'] = encoding;
  // fetch would decode for us; node's http keeps the bytes as sent.
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }>(
    (resolve, reject) => {
      const req = request(`${at}/api/watchlist`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject).end();
    },
  );
}

/** Reads through every path (br, gzip, identity, tRPC) and checks they agree. */
async function read(session: string, at = url): Promise<Body> {
  const br = await raw(session, 'gzip, deflate, br', at);
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  const gz = await raw(session, 'gzip', at);
  expect(gz.headers['content-encoding']).toBe('gzip');
  const plain = await raw(session, null, at);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const text = plain.bytes.toString('utf8');
  expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(text);
  expect(gunzipSync(gz.bytes).toString('utf8')).toBe(text);
  const body = JSON.parse(text) as Body;
  expect(await trpcAt(session, at).watchlist.get.query()).toEqual(body);
  return body;
}

async function subscribe(session: string, tickers: string, forms: string, note?: string, at = url) {
  const response = await fetch(`${at}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session },
    body: JSON.stringify({ tickers, forms, note }),
  });
  expect(response.status).toBe(200);
}
const trpcAt = (session: string, at = url) =>
  createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${at}/trpc`, headers: { 'x-session': session } })] });
const pro = (email: string) => createSignedInUser(db, { email, planType: 'pro', planStatus: 'active' });

describe('watchlist response cache', () => {
  it('an unchanged watchlist is answered with one statement, compressed as asked', async () => {
    const { session } = await pro('cache-hit@example.com');
    await subscribe(session, 'AAPL,TSLA', '8-K,4,10-Q');
    const body = await read(session);
    queries = 0;
    const again = await raw(session, 'br');
    expect(queries).toBe(1);
    expect(JSON.parse(brotliDecompressSync(again.bytes).toString('utf8'))).toEqual(body);
    const brSize = again.bytes.length;
    expect(brSize).toBeLessThan((await raw(session, null)).bytes.length);
  });

  it("a write to another company's data or quote keeps the cached body: one look at the user's ticker stamps, then one statement again", async () => {
    const { session } = await pro('cache-stamp@example.com');
    await subscribe(session, 'AAPL', '8-K');
    const body = await read(session);
    // The global stamps move with Tesla's writes; the sum over AAPL's stamps does not (decisions 283, 335).
    await db.execute(sql`update companies set industry = 'Unrelated' where cik = 1318605`);
    await db.execute(
      sql`insert into quotes (ticker, price, source, fetched_at) values ('TSLA', 250, 'bench', now()) on conflict (ticker) do update set price = 251, fetched_at = now()`,
    );
    queries = 0;
    const again = await raw(session, 'br');
    expect(queries).toBe(2);
    expect(JSON.parse(brotliDecompressSync(again.bytes).toString('utf8'))).toEqual(body);
    queries = 0;
    const third = await raw(session, 'br');
    expect(queries).toBe(1);
    expect(third.bytes).toEqual(again.bytes);
  });

  it('an item written after the session lookup read its fingerprint is never hidden by the ticker sum', async () => {
    const { session, user } = await pro('cache-race@example.com');
    await subscribe(session, 'AAPL', '8-K', 'before');
    await read(session);
    // Another company's write moves the global stamps: the next read takes the revalidation path.
    await db.execute(sql`update companies set industry = 'Elsewhere' where cik = 1318605`);
    const [row] = await db.execute<{ fast: string }>(sql`select ${fastFingerprint(sql`${user.id}::uuid`)} as fast`);
    // The session lookup reads this fingerprint; the item changes before the fingerprints are read.
    const real = deps.watchlist.session;
    deps.watchlist.session = async (token) => {
      const found = await real(token);
      await db.execute(sql`update watchlist_items set notes = 'after' where user_id = ${user.id}`);
      return found && { ...found, extra: row!.fast };
    };
    try {
      const body = JSON.parse((await raw(session, null)).bytes.toString('utf8')) as Body;
      expect(body.watchlist[0]!.notes).toBe('after');
    } finally {
      deps.watchlist.session = real;
    }
    expect((await read(session)).watchlist[0]!.notes).toBe('after');
  });

  it('a write to the same company that changes nothing shown costs one more statement, then the cached body again', async () => {
    const { session } = await pro('cache-stamp-same@example.com');
    await subscribe(session, 'AAPL', '8-K');
    const body = await read(session);
    await db.execute(sql`insert into companies (cik, name) values (320193, 'Apple Inc.') on conflict (cik) do nothing`);
    const shown = await read(session);
    await db.execute(sql`update companies set sic = '3571' where cik = 320193`);
    queries = 0;
    const again = await raw(session, 'br');
    expect(queries).toBe(2);
    expect(JSON.parse(brotliDecompressSync(again.bytes).toString('utf8'))).toEqual(shown);
    queries = 0;
    await raw(session, 'br');
    expect(queries).toBe(1);
    expect(body.watchlist).toHaveLength(1);
  });

  it('follows company and item rows changed by hand (no timestamps relied on)', async () => {
    const { session, user } = await pro('cache-raw@example.com');
    await subscribe(session, 'AAPL', '8-K');
    await read(session);
    await db.execute(sql`insert into companies (cik, name) values (320193, 'Apple Inc.') on conflict (cik) do nothing`);
    await db.execute(sql`update companies set industry = 'Phones' where cik = 320193`);
    expect((await read(session)).watchlist[0]).toMatchObject({ industry: 'Phones' });
    await db.execute(sql`update companies set name = 'Apple Renamed' where cik = 320193`);
    expect((await read(session)).watchlist[0]).toMatchObject({ company_name: 'Apple Renamed' });
    await db.execute(sql`update watchlist_items set notes = 'edited by hand' where user_id = ${user.id}`);
    expect((await read(session)).watchlist[0]).toMatchObject({ notes: 'edited by hand' });
  });

  it('follows item rows inserted and deleted by hand; deleting a user with items still works', async () => {
    const { session, user } = await pro('cache-raw-rows@example.com');
    await subscribe(session, 'AAPL', '8-K');
    await read(session);
    await db.execute(sql`insert into watchlist_items (user_id, ticker, forms) values (${user.id}, 'TSLA', '{4}')`);
    expect((await read(session)).watchlist.map((i) => i.ticker)).toEqual(['AAPL', 'TSLA']);
    await db.execute(sql`delete from watchlist_items where user_id = ${user.id} and ticker = 'AAPL'`);
    expect((await read(session)).watchlist.map((i) => i.ticker)).toEqual(['TSLA']);
    // The items' delete trigger runs inside the cascade and must not re-create the user's stamp.
    await db.execute(sql`delete from users where id = ${user.id}`);
    const gone = await raw(session, null);
    expect(JSON.parse(gone.bytes.toString('utf8'))).toMatchObject({ watchlist: [], user: null });
  });

  it('follows adding, removing, forms and notes changes', async () => {
    const { session } = await pro('cache-items@example.com');
    await subscribe(session, 'AAPL', '8-K');
    expect((await read(session)).watchlist.map((i) => i.ticker)).toEqual(['AAPL']);

    await subscribe(session, 'TSLA', '4');
    expect((await read(session)).watchlist.map((i) => i.ticker)).toEqual(['AAPL', 'TSLA']);

    await subscribe(session, 'AAPL', '8-K,10-Q', 'margins');
    expect((await read(session)).watchlist[0]).toMatchObject({ ticker: 'AAPL', forms: '8-K,10-Q', notes: 'margins' });

    const unsubscribe = await fetch(`${url}/api/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': session },
      body: JSON.stringify({ ticker: 'AAPL' }),
    });
    expect(unsubscribe.status).toBe(200);
    expect((await read(session)).watchlist.map((i) => i.ticker)).toEqual(['TSLA']);

    await trpcAt(session).watchlist.unsubscribe.mutate({ ticker: 'TSLA' });
    const emptied = await raw(session, 'br');
    expect(emptied.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(emptied.bytes.toString('utf8'))).toMatchObject({ watchlist: [], tickerLimit: 50 });
    expect(await trpcAt(session).watchlist.get.query()).toMatchObject({ watchlist: [] });
  });

  it('a preferences change leaves the watchlist correct', async () => {
    const { session } = await pro('cache-prefs@example.com');
    await subscribe(session, 'AAPL', '8-K');
    const before = await read(session);
    await trpcAt(session).watchlist.updatePreferences.mutate({ sortDirection: 'desc' });
    expect(await read(session)).toEqual(before);
  });

  it('follows a new filing of a watched company and seen marking', async () => {
    const { session } = await pro('cache-filings@example.com');
    await subscribe(session, 'AAPL', '8-K,4,10-Q,10-K,13G,3,5');
    const before = (await read(session)).watchlist[0]!;
    expect(before.unseen_filings_count).toBeGreaterThan(0);

    const newer = apple.slice(0, 10).find((f) => ['8-K', '4', '10-Q'].includes(f.form))!;
    await insertRealFilings(db, [newer], { ticker: 'AAPL', importance: 'HIGH' });
    const after = (await read(session)).watchlist[0]!;
    expect(after.unseen_filings_count).toBe(before.unseen_filings_count + 1);
    expect(after.recent_filings[0]!.accession_no).toBe(newer.accessionNo);

    await trpcAt(session).watchlist.markSeen.mutate({ ticker: 'AAPL' });
    expect((await read(session)).watchlist[0]!.unseen_filings_count).toBe(0);
  });

  it('follows plan changes, quotes and company profiles', async () => {
    const { session, user } = await pro('cache-plan@example.com');
    await subscribe(session, 'AAPL', '8-K');
    expect(await read(session)).toMatchObject({ tickerLimit: 50, user: { planType: 'pro', isPro: true } });

    await db.update(schema.users).set({ planStatus: 'canceled' }).where(eq(schema.users.id, user.id));
    expect(await read(session)).toMatchObject({
      tickerLimit: 10,
      contact: { ticker_limit: 10 },
      user: { isPro: false },
    });
    await db.update(schema.users).set({ tickerLimitOverride: 7 }).where(eq(schema.users.id, user.id));
    expect((await read(session)).tickerLimit).toBe(7);

    const quote = {
      ticker: 'AAPL',
      price: 101.5,
      changePercent: 1,
      marketCap: null,
      peRatio: null,
      eps: null,
      dividendYield: null,
      volume: null,
      avgVolume: null,
      week52Low: null,
      week52High: null,
      currency: 'USD',
      marketTime: null,
    };
    await saveQuotes(db, { source: 'test', quotes: [quote], missing: [] });
    expect((await read(session)).watchlist[0]!.current_price).toBe(101.5);
    await saveQuotes(db, { source: 'test', quotes: [{ ...quote, price: 99.25 }], missing: [] });
    expect((await read(session)).watchlist[0]!.current_price).toBe(99.25);

    await upsertCompanyProfile(db, {
      cik: 320193,
      name: 'Apple Inc.',
      sic: '3571',
      sicDescription: 'Electronic Computers',
      exchange: 'Nasdaq',
    });
    expect((await read(session)).watchlist[0]!.sector).toBe('Information Technology');
  });

  it('follows changes made through a second app instance on the same database', async () => {
    const { session } = await pro('cache-two@example.com');
    await subscribe(session, 'AAPL', '8-K');
    // Both processes have cached this user's response.
    expect((await read(session)).watchlist).toHaveLength(1);
    expect((await read(session, other.url)).watchlist).toHaveLength(1);

    await subscribe(session, 'TSLA', '4', undefined, other.url);
    expect((await read(session)).watchlist.map((i) => i.ticker)).toEqual(['AAPL', 'TSLA']);

    await subscribe(session, 'AAPL', '8-K', 'from the other process', other.url);
    expect((await read(session)).watchlist[0]!.notes).toBe('from the other process');

    await trpcAt(session, other.url).watchlist.markSeen.mutate({ ticker: 'TSLA' });
    const tsla = (await read(session)).watchlist[1]!;
    expect(tsla.unseen_filings_count).toBe(0);
    expect(await read(session, other.url)).toEqual(await read(session));
  });

  it('a revoked session is refused at once, cached response or not', async () => {
    const { session } = await pro('cache-logout@example.com');
    await subscribe(session, 'AAPL', '8-K');
    expect((await read(session)).watchlist).toHaveLength(1);
    const logout = await fetch(`${url}/api/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': session },
      body: JSON.stringify({}),
    });
    expect(logout.status).toBe(200);
    const empty = { watchlist: [], tickerLimit: 10, contact: { ticker_limit: 10 }, user: null };
    for (const at of [url, other.url]) {
      for (const encoding of [null, 'gzip, deflate, br']) {
        const answer = await raw(session, encoding, at);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual(empty);
      }
      expect(await trpcAt(session, at).watchlist.get.query()).toEqual(empty);
    }
  });
});

describe('concurrent requests share session lookups', () => {
  it('each caller gets its own watchlist; dead and unknown sessions get the empty one', async () => {
    const users = await Promise.all(['batch-a', 'batch-b', 'batch-c'].map((name) => pro(`${name}@example.com`)));
    await subscribe(users[0]!.session, 'AAPL', '8-K');
    await subscribe(users[1]!.session, 'TSLA', '4');
    await subscribe(users[2]!.session, 'AAPL,TSLA', '8-K');
    const revoked = await pro('batch-revoked@example.com');
    await subscribe(revoked.session, 'AAPL', '8-K');
    await fetch(`${url}/api/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': revoked.session },
      body: JSON.stringify({}),
    });
    const emailOf = new Map(users.map((u) => [u.session, u.user.email]));
    const expected = new Map([
      [users[0]!.session, ['AAPL']],
      [users[1]!.session, ['TSLA']],
      [users[2]!.session, ['AAPL', 'TSLA']],
      [revoked.session, []],
      ['no-such-session', []],
    ]);
    const callers = Array.from({ length: 40 }, (_, i) => [...expected.keys()][i % expected.size]!);

    // Lookups asked for together are one statement, each answered with its own session.
    const lookup = sessionBatcher(db, fastFingerprint);
    queries = 0;
    const found = await Promise.all(callers.map((session) => lookup(session)));
    expect(queries).toBe(1);
    for (const [i, session] of found.entries())
      expect(session?.user.email ?? null).toBe(expected.get(callers[i]!)!.length ? emailOf.get(callers[i]!) : null);

    const answers = await Promise.all(
      callers.map((session, i) => raw(session, i % 2 ? 'br' : null).then((a) => ({ session, a }))),
    );
    for (const { session, a } of answers) {
      const text =
        a.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(a.bytes).toString('utf8')
          : a.bytes.toString('utf8');
      const body = JSON.parse(text) as Body;
      expect(body.watchlist.map((item) => item.ticker)).toEqual(expected.get(session));
      expect(body.user === null).toBe(expected.get(session)!.length === 0);
    }
  });
});

describe('pickEncoding', () => {
  it('prefers br, then gzip, honours q=0 and *, defaults to identity', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('GZIP;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=0, br;q=0')).toBe('identity');
  });
});
