import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { describe, expect, it } from 'vitest';
import { catalogueFormOf } from '#shared/forms';
import type { Importance } from '#shared/importance';
import { schema } from '../../db/client';
import { startTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { insertRealFilings, MUSK_FORM4, plainOneLiner, realFilings, type RealFiling } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';
import { upsertCompanyProfile } from '../tickers/tickers.service';
import { RECENT_FILINGS_PER_ITEM, UNSEEN_WINDOW } from './filing-digest';

// Every statement the app sends through drizzle is counted, to prove reads do not grow with the list.
let queries = 0;
const countQuery = () => {
  queries += 1;
};
const base = await createTestDatabase();
const database = { ...base, db: drizzle(base.sql, { schema, logger: { logQuery: countQuery } }) };
const { url, deps } = await startTestApp({ database });
const db = deps.db;

const client = (session?: string) =>
  createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${url}/trpc`, headers: session ? { 'x-session': session } : {} })],
  });

interface Item extends Record<string, unknown> {
  ticker: string;
  recent_filings: Record<string, unknown>[];
}
async function getWatchlist(
  session?: string,
): Promise<{ watchlist: Item[]; tickerLimit: number; contact: { ticker_limit: number }; user: unknown }> {
  const response = await fetch(`${url}/api/watchlist`, { headers: session ? { 'x-session': session } : {} });
  expect(response.status).toBe(200);
  return response.json();
}
async function subscribe(session: string, tickers: string, forms: string, note?: string) {
  const response = await fetch(`${url}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session },
    body: JSON.stringify({ tickers, forms, note }),
  });
  expect(response.status).toBe(200);
}
const pro = (email: string) => createSignedInUser(db, { email, planType: 'pro', planStatus: 'active' });
const followed = (list: RealFiling[], forms: string[]) =>
  list.filter((f) => forms.includes(catalogueFormOf(f.form) ?? ''));

const ITEM_FIELDS = [
  'id',
  'ticker',
  'cik',
  'company_name',
  'sector',
  'industry',
  'forms',
  'notes',
  'current_price',
  'change_percent',
  'market_cap',
  'pe_ratio',
  'eps',
  'dividend_yield',
  'volume',
  'avg_volume',
  'week_52_low',
  'week_52_high',
  'quote_updated_at',
  'paused',
  'unseen_filings_count',
  'highest_importance',
  'last_filing_date',
  'last_filing_date_unknown',
  'latest_filing_link',
  'latest_one_liner',
  'recent_filings',
].sort();
const FILING_FIELDS = [
  'id',
  'accession_no',
  'form',
  'form_type',
  'importance',
  'reasons',
  'one_liner',
  'summary_text',
  'filed_at',
  'filed_date_unknown',
  'updated_at',
  'insider_data',
  'insider_value',
  'insider_cik',
  'executive_names',
  'data_incomplete',
  'reviewed',
  'link',
].sort();

// Apple: the newest 60 real filings (Form 4, 8-K, 10-Q, and untracked forms such as 144 or 424B2).
const apple = realFilings('AAPL').slice(0, 60);
const appleImportance = (f: RealFiling): Importance =>
  f.form === '8-K' ? 'HIGH' : catalogueFormOf(f.form) ? 'LOW' : 'CRITICAL';
await insertRealFilings(db, apple, { ticker: 'AAPL', importance: appleImportance });

describe('GET /api/watchlist without a session', () => {
  it('is an empty watchlist with the free limit', async () => {
    const empty = { watchlist: [], tickerLimit: 10, contact: { ticker_limit: 10 }, user: null };
    expect(await getWatchlist()).toEqual(empty);
    expect(await getWatchlist('not-a-live-session')).toEqual(empty);
    expect(await client().watchlist.get.query()).toEqual(empty);
  });
});

describe('GET /api/watchlist item shape (SPEC.md sections 3 and 7)', () => {
  it('carries every field, filings only of the followed forms, snake_case', async () => {
    const { session, user } = await pro('shape@example.com');
    await subscribe(session, 'AAPL', '8-K,4,10-Q', 'services margin');
    await upsertCompanyProfile(db, {
      cik: 320193,
      name: 'Apple Inc.',
      sic: '3571',
      sicDescription: 'Electronic Computers',
      exchange: 'Nasdaq',
    });

    const body = await getWatchlist(session);
    expect(Object.keys(body).sort()).toEqual(['contact', 'tickerLimit', 'user', 'watchlist']);
    expect(body.tickerLimit).toBe(50);
    expect(body.contact).toEqual({ ticker_limit: 50 });
    expect(body.user).toEqual({
      id: user.id,
      email: 'shape@example.com',
      phone: null,
      verified: true,
      isAdmin: false,
      planType: 'pro',
      planStatus: 'active',
      isPro: true,
      billingIssue: false,
    });

    const [item] = body.watchlist;
    expect(Object.keys(item!).sort()).toEqual(ITEM_FIELDS);
    const mine = followed(apple, ['8-K', '4', '10-Q']);
    const latest = mine[0]!;
    expect(item).toMatchObject({
      ticker: 'AAPL',
      cik: 320193,
      company_name: 'Apple Inc.',
      sector: 'Information Technology',
      industry: 'Electronic Computers',
      forms: '8-K,4,10-Q',
      notes: 'services margin',
      current_price: null,
      market_cap: null,
      quote_updated_at: null,
      unseen_filings_count: mine.length,
      highest_importance: mine.some((f) => f.form === '8-K') ? 'HIGH' : 'LOW',
      last_filing_date: latest.acceptedAt.toISOString(),
      latest_filing_link: `https://www.sec.gov/Archives/edgar/data/320193/${latest.accessionNo.replace(/-/g, '')}/${latest.primaryDocument}`,
      latest_one_liner: plainOneLiner('Apple Inc.', latest),
    });
    expect(typeof item!.id).toBe('number');

    expect(item!.recent_filings.map((f) => f.accession_no)).toEqual(
      mine.slice(0, RECENT_FILINGS_PER_ITEM).map((f) => f.accessionNo),
    );
    for (const filing of item!.recent_filings) expect(Object.keys(filing).sort()).toEqual(FILING_FIELDS);
    const first = item!.recent_filings[0]!;
    expect(first).toMatchObject({
      form: latest.form,
      form_type: latest.form,
      importance: appleImportance(latest),
      filed_at: latest.acceptedAt.toISOString(),
      insider_data: null,
      insider_cik: null,
      executive_names: [],
      data_incomplete: false,
      link: `https://www.sec.gov/Archives/edgar/data/320193/${latest.accessionNo.replace(/-/g, '')}/${latest.primaryDocument}`,
    });
    expect(Date.parse(first.updated_at as string)).not.toBeNaN();

    // tRPC returns the same document.
    expect(await client(session).watchlist.get.query()).toEqual(body);
  });

  it('a Form 4 carries insider_data as a JSON string, the insider CIK and executive names', async () => {
    const { session } = await pro('insider@example.com');
    const musk = realFilings('TSLA').filter((f) => f.accessionNo === MUSK_FORM4.accessionNo);
    await insertRealFilings(db, musk, { ticker: 'TSLA', importance: 'HIGH' });
    await subscribe(session, 'TSLA', '4');
    const [item] = (await getWatchlist(session)).watchlist;
    const [filing] = item!.recent_filings;
    expect(typeof filing!.insider_data).toBe('string');
    expect(JSON.parse(filing!.insider_data as string)).toEqual(MUSK_FORM4.insiderData);
    expect(filing).toMatchObject({
      form: '4',
      insider_cik: '0001494730',
      executive_names: ['Elon Musk'],
      one_liner: 'Elon Musk (CEO) sold 4,400,000 shares',
    });
    expect(item).toMatchObject({
      unseen_filings_count: 1,
      highest_importance: 'HIGH',
      company_name: 'Tesla, Inc.',
      sector: null,
    });
  });

  it('a ticker without filings reads as empty fields, not errors', async () => {
    const { session } = await pro('quiet@example.com');
    await subscribe(session, 'BRK-B', '8-K');
    const [item] = (await getWatchlist(session)).watchlist;
    expect(item).toMatchObject({
      ticker: 'BRK-B',
      company_name: 'BERKSHIRE HATHAWAY INC',
      unseen_filings_count: 0,
      highest_importance: null,
      last_filing_date: null,
      latest_filing_link: null,
      latest_one_liner: null,
      recent_filings: [],
    });
  });
});

describe('seen state (unseen_filings_count and highest_importance follow it)', () => {
  it('markSeen clears the count; filings stored later count again, only in followed forms', async () => {
    const { session } = await pro('seen@example.com');
    await subscribe(session, 'AAPL', '8-K');
    expect((await getWatchlist(session)).watchlist[0]).toMatchObject({
      unseen_filings_count: followed(apple, ['8-K']).length,
    });

    const seen = await client(session).watchlist.markSeen.mutate({ ticker: 'aapl' });
    expect(seen.ticker).toBe('AAPL');
    expect((await getWatchlist(session)).watchlist[0]).toMatchObject({
      unseen_filings_count: 0,
      highest_importance: null,
    });

    // Older real filings arriving now (a backfill): stored after seen_at, so unseen.
    const older = realFilings('AAPL').slice(60);
    const [older8k] = older.filter((f) => f.form === '8-K');
    const [older4] = older.filter((f) => f.form === '4');
    await insertRealFilings(db, [older8k!], { ticker: 'AAPL', importance: 'CRITICAL' });
    await insertRealFilings(db, [older4!], { ticker: 'AAPL', importance: 'CRITICAL' });
    const [item] = (await getWatchlist(session)).watchlist;
    expect(item).toMatchObject({ unseen_filings_count: 1, highest_importance: 'CRITICAL' });
    await expect(client(session).watchlist.markSeen.mutate({ ticker: 'MSFT' })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
  });

  it('changed and deleted filings show at once (the per-company cache is versioned in the database)', async () => {
    const { session } = await pro('versions@example.com');
    await subscribe(session, 'AAPL', '8-K,4,10-Q');
    const before = (await getWatchlist(session)).watchlist[0]!;
    const top = before.recent_filings[0]!;

    await db.execute(
      sql`update filings set importance = 'CRITICAL', importance_rank = 4, one_liner = 'Restated' where id = ${top.id as number}`,
    );
    const changed = (await getWatchlist(session)).watchlist[0]!;
    expect(changed.recent_filings[0]).toMatchObject({ id: top.id, importance: 'CRITICAL', one_liner: 'Restated' });
    expect(changed.highest_importance).toBe('CRITICAL');

    await db.execute(sql`delete from filings where id = ${top.id as number}`);
    const after = (await getWatchlist(session)).watchlist[0]!;
    expect(after.recent_filings.map((f) => f.id)).not.toContain(top.id);
    expect(after.unseen_filings_count).toBe((before.unseen_filings_count as number) - 1);
  });
});

describe('round trips and large unseen tails', () => {
  it('reads a 12-ticker watchlist with as many statements as a 1-ticker one (no N+1)', async () => {
    const small = await pro('one@example.com');
    const large = await pro('twelve@example.com');
    const tickers = (
      await db.execute<{ ticker: string }>(sql`select ticker from tickers where rank between 100 and 111 order by rank`)
    ).map((r) => r.ticker);
    await subscribe(small.session, tickers[0]!, '8-K');
    await subscribe(large.session, tickers.join(','), '8-K');
    const count = async (session: string) => {
      queries = 0;
      await getWatchlist(session);
      return queries;
    };
    const coldSmall = await count(small.session);
    const coldLarge = await count(large.session);
    expect(coldLarge).toBe(coldSmall);
    expect(await count(large.session)).toBeLessThanOrEqual(coldLarge);
    expect(await count(large.session)).toBe(await count(small.session));
  });

  it(`counts unseen filings exactly past the ${UNSEEN_WINDOW}-filing digest window`, async () => {
    const { session } = await pro('backlog@example.com');
    const teslaForm4 = realFilings('TSLA', { forms: ['4'] }).filter((f) => f.accessionNo !== MUSK_FORM4.accessionNo);
    await insertRealFilings(db, teslaForm4, { ticker: 'TSLA' });
    await subscribe(session, 'TSLA', '4');
    const [item] = (await getWatchlist(session)).watchlist;
    expect(teslaForm4.length + 1).toBeGreaterThan(UNSEEN_WINDOW);
    expect(item).toMatchObject({ unseen_filings_count: teslaForm4.length + 1, highest_importance: 'HIGH' });
    expect(item!.recent_filings.map((f) => f.accession_no)).toEqual(
      teslaForm4.slice(0, RECENT_FILINGS_PER_ITEM).map((f) => f.accessionNo),
    );
  });
});

describe('isolation', () => {
  it("a session only ever reads its own user's watchlist", async () => {
    const a = await pro('iso-a@example.com');
    const b = await pro('iso-b@example.com');
    await subscribe(a.session, 'AAPL', '8-K');
    await subscribe(b.session, 'TSLA', '4');
    expect((await getWatchlist(a.session)).watchlist.map((i) => i.ticker)).toEqual(['AAPL']);
    expect((await getWatchlist(b.session)).watchlist.map((i) => i.ticker)).toEqual(['TSLA']);
  });
});
