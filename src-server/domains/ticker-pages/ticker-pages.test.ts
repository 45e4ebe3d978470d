/**
 * Ticker pages over the real app and PostgreSQL: one-request page data, keyset pagination,
 * filters, seen marking per user, 8-K items and Form 4 rows, the public page and its meta tags,
 * and the chart's filing markers. Filings are Apple's 1,000 real submissions (accessions, forms,
 * acceptance times, 8-K items from its EDGAR submissions JSON) and the replayed Tesla Form 4.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogueFormOf } from '#shared/forms';
import type { Importance } from '#shared/importance';
import { parseFiling } from '../../edgar-model/parse';
import { startTestApp } from '../../test/app';
import { repoDocument } from '../../test/edgar-fixtures';
import { FILING_FIELDS, type FilingFields, filingFacts } from '../alerts/delivery.repo';
import { setCompanyDisplayNames } from '../filings/filings.repo';
import { retitleOwnershipFilings } from '../filings/filings-admin.service';
import { storeParsedFiling } from '../filings/filings.service';
import { insertRealFilings, realFilings, type RealFiling } from '../../test/real-filings';
import { storeReplayFilings } from '../../test/replay-filings';
import { createSignedInUser } from '../../test/users';
import { loadShippedHistory } from '../prices/shipped-history';
import { tickerCatalogue } from '../tickers/ticker-catalogue';
import type { TickerPageData, FilingsPage } from './ticker-pages.service';
import type { PublicTickerPage } from './public-page.service';
import type { TickerChart } from './chart.service';

const dist = mkdtempSync(join(tmpdir(), 'ticker-pages-spa-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>App</title><!--app-head--></head><body><div id="root"></div></body></html>',
);
const { url, deps } = await startTestApp({ env: { WEB_DIST_DIR: dist } });
const db = deps.db;
await tickerCatalogue(deps).get();
await loadShippedHistory(db, { tickers: ['AAPL', 'TSLA'] });

// Importance by form, so every level and the untracked forms ('OTHER') are present.
const importanceOf = (f: RealFiling): Importance =>
  f.form === '8-K' ? 'HIGH' : f.form === 'SC 13G/A' ? 'CRITICAL' : catalogueFormOf(f.form) === '4' ? 'MEDIUM' : 'LOW';
const apple = realFilings('AAPL');
await insertRealFilings(db, apple, {
  ticker: 'AAPL',
  importance: importanceOf,
  storedAt: new Date('2024-01-01T00:00:00Z'),
});
const MUSK = '0000899243-22-035394';
await storeReplayFilings(db, [MUSK]);

async function get<T>(path: string, session?: string): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${url}${path}`, { headers: session ? { 'x-session': session } : {} });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}
const page = (ticker: string, query = '', session?: string) =>
  get<TickerPageData>(`/api/ticker/${ticker}${query}`, session);
async function subscribe(session: string, tickers: string, forms: string) {
  const response = await fetch(`${url}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session },
    body: JSON.stringify({ tickers, forms }),
  });
  expect(response.status).toBe(200);
}
async function unseen(session: string, ticker: string): Promise<number> {
  const { body } = await get<{ watchlist: { ticker: string; unseen_filings_count: number }[] }>(
    '/api/watchlist',
    session,
  );
  return body.watchlist.find((i) => i.ticker === ticker)!.unseen_filings_count;
}
const newest = [...apple].sort(
  (a, b) => b.acceptedAt.getTime() - a.acceptedAt.getTime() || b.accessionNo.localeCompare(a.accessionNo),
);

describe('the enhanced page in one request', () => {
  it('returns the company, the quote line from history, facets and the newest 50 filings', async () => {
    const { status, body, headers } = await page('aapl');
    expect(status).toBe(200);
    expect(headers.get('x-session')).toBeNull();
    expect(body.company).toMatchObject({
      ticker: 'AAPL',
      name: 'Apple Inc.',
      cik: 320193,
      tickers: ['AAPL'],
      edgar_url: 'https://www.sec.gov/edgar/browse/?CIK=0000320193',
    });
    expect(body.quote).toMatchObject({
      kind: 'history',
      as_of: '2024-03-08',
      current_price: 170.729996,
      market_cap: null,
    });
    // Without a quote provider the line comes from the stored bars: 2024-03-07 closed at 169.000000.
    expect(body.quote!.change_percent).toBeCloseTo(((170.729996 - 169) / 169) * 100, 6);
    const [year] = await db.execute<{ low: number; high: number; avg: number }>(sql`
      select min(low) as low, max(high) as high,
        (select round(avg(volume))::float8 from (select volume from price_bars where ticker = 'AAPL' order by day desc offset 1 limit 63) v) as avg
      from (select low, high from price_bars where ticker = 'AAPL' order by day desc limit 252) x`);
    expect(body.quote).toMatchObject({
      volume: 76114600,
      avg_volume: year!.avg,
      week_52_low: year!.low,
      week_52_high: year!.high,
    });
    expect(body.viewer).toEqual({ pro: false, signed_in: false, ai_available: false });
    expect(body.watchlist).toEqual({ watching: false, previous_seen_at: null });
    expect(body.facets.total).toBe(1000);
    expect(body.facets.forms.find((f) => f.form === '4')?.count).toBe(616);
    expect(body.facets.forms.find((f) => f.form === 'OTHER')?.count).toBe(
      apple.filter((f) => !catalogueFormOf(f.form)).length,
    );
    expect(body.facets.importance.map((i) => i.level)).toEqual(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);
    expect(body.filings.items.map((f) => f.accession_no)).toEqual(newest.slice(0, 50).map((f) => f.accessionNo));
    expect(body.filings.next_cursor).toMatch(/^\d+_\d+$/);
  });

  it("titles the page with the name the company writes on its own 8-K cover, not the catalogue's capitals", async () => {
    expect((await page('FDX')).body.company.name).toBe('FEDEX CORP');
    // FedEx's real 8-K of 2023-07-17 (eval/importance/SOURCES.md): its cover says "FedEx Corporation".
    const parsed = parseFiling(repoDocument('eval/importance/filings/8k/8k_1048911_8K_2023_0001193125-23-188128.htm'), {
      formType: '8-K',
      accessionNo: '0001193125-23-188128',
      cik: 1048911,
      companyName: 'FEDEX CORP',
      filedDate: '2023-07-17',
    });
    await storeParsedFiling(db, { parsed, meta: { source: 'replay' } });
    expect((await page('FDX')).body.company.name).toBe('FedEx Corporation');
    // The ticker profile (tRPC and scripts) names it the same way.
    const profile = await fetch(
      `${url}/trpc/tickers.profile?input=${encodeURIComponent(JSON.stringify({ ticker: 'FDX' }))}`,
    );
    expect(((await profile.json()) as { result: { data: { name: string } } }).result.data.name).toBe(
      'FedEx Corporation',
    );
    // Alerts name it the same way: the email's "FDX (FedEx Corporation) filed an 8-K", not "Fedex Corp.".
    const [alertRow] = await db.execute<FilingFields>(
      sql`select ${FILING_FIELDS} from filings f where f.accession_no = '0001193125-23-188128'`,
    );
    expect(filingFacts(alertRow!).companyName).toBe('FedEx Corporation');
    // The catalogue keeps its own name; only the page's title follows the filing.
    const [row] = await db.execute<{ name: string }>(sql`select name from companies where cik = 1048911`);
    expect(row!.name).toBe('FEDEX CORP');
    // A filing older than the one that named it (a backfill) leaves the name; a newer one replaces it.
    const name = async (written: string, filedAt: string) => {
      await setCompanyDisplayNames(db, {
        names: [{ cik: 1048911, name: written, conformed: 'FEDEX CORP', filedAt: new Date(filedAt) }],
      });
      const [c] = await db.execute<{ display_name: string }>(
        sql`select display_name from companies where cik = 1048911`,
      );
      return c!.display_name;
    };
    expect(await name('Federal Express Corporation', '1998-01-05T21:00:00Z')).toBe('FedEx Corporation');
    expect(await name('FedEx Corp.', '2024-06-25T20:05:00Z')).toBe('FedEx Corp.');
  });

  it('lists 8-K items in words and links each filing to sec.gov', async () => {
    const { body } = await page('AAPL', '?form=8-K');
    const withItems = body.filings.items.find((f) => f.items.length > 1)!;
    const real = apple.find((f) => f.accessionNo === withItems.accession_no)!;
    expect(withItems.items.map((i) => i.number)).toEqual(real.items);
    expect(withItems.items).toContainEqual({ number: '9.01', title: 'Financial Statements and Exhibits' });
    expect(withItems.link).toBe(
      `https://www.sec.gov/Archives/edgar/data/320193/${real.accessionNo.replace(/-/g, '')}/${real.primaryDocument}`,
    );
  });

  it('shows Form 4 rows with owners linked to their insider page and every transaction in words', async () => {
    const { body } = await page('TSLA', '?form=4');
    const musk = body.filings.items.find((f) => f.accession_no === MUSK)!;
    expect(musk.owners).toEqual([{ cik: 1494730, name: 'Elon Musk', role: 'CEO', href: '/insider/cik/1494730' }]);
    expect(musk.transactions).toHaveLength(9);
    for (const row of musk.transactions) {
      // The shares were held by his trust: indirect ownership, its nature as filed.
      expect(row).toMatchObject({
        code: 'S',
        code_words: 'Open-market sale',
        acquired_disposed: 'D',
        ownership: 'indirect',
        table: 'non_derivative',
      });
      expect(row.nature).toMatch(/trust/i);
      expect(row.value).toBeCloseTo(row.shares! * row.price!, 0);
    }
    expect(musk.transactions.reduce((n, r) => n + r.shares!, 0)).toBe(4_400_000);
  });

  it('sums insider activity on collapsed trades: nine price rows are one sale by one insider (issue #16)', async () => {
    const { body } = await page('TSLA');
    expect(body.insider_activity).toMatchObject({
      window_days: 90,
      from: '2022-08-10',
      to: '2022-11-08',
      trades: 1,
      insiders: 1,
      bought_shares: 0,
      sold_shares: 4_400_000,
      net_shares: -4_400_000,
      sellers: ['Elon Musk'],
      cluster_buying: null,
      cluster_selling: null,
    });
    expect(body.insider_activity!.net_value).toBeLessThan(-843_000_000);
    // A company without Form 4 trades on record has none.
    expect((await page('AAPL')).body.insider_activity).toBeNull();
  });

  it('answers 404 for an unknown ticker and 400 for bad filters, changing nothing', async () => {
    expect((await page('ZZZZZZ')).body).toMatchObject({ error: 'ticker_not_found' });
    expect((await page('ZZZZZZ')).status).toBe(404);
    expect((await page('<script>')).status).toBe(404);
    const badForm = await page('AAPL', '?form=8-K,XYZ');
    expect(badForm).toMatchObject({
      status: 400,
      body: { error: 'unknown_form', message: '"XYZ" is not a form type we track.' },
    });
    expect((await page('AAPL', '?importance=URGENT')).status).toBe(400);
    expect((await get(`/api/ticker/AAPL/filings?cursor=not-a-cursor`)).status).toBe(400);
  });
});

describe('pagination and filters', () => {
  async function walk(query: string): Promise<FilingsPage['items']> {
    const first = await page('AAPL', query ? `?${query}` : '');
    const items = [...first.body.filings.items];
    let cursor = first.body.filings.next_cursor;
    while (cursor) {
      const next = await get<FilingsPage>(`/api/ticker/AAPL/filings?cursor=${cursor}${query ? `&${query}` : ''}`);
      expect(next.status).toBe(200);
      expect(next.body.items.length).toBeLessThanOrEqual(50);
      items.push(...next.body.items);
      cursor = next.body.next_cursor;
    }
    return items;
  }

  it('walks all 1,000 filings by cursor, newest first, each exactly once', async () => {
    const items = await walk('');
    expect(items.map((f) => f.accession_no)).toEqual(newest.map((f) => f.accessionNo));
  });

  it('keeps ties on filed_at apart by id across a page boundary', async () => {
    // Derived from the real rows: the 51st to 53rd newest filings are moved onto the 50th's instant.
    const [fiftieth] = await db.execute<{ filed_at: string }>(
      sql`select filed_at::text from filings where accession_no = ${newest[49]!.accessionNo}`,
    );
    const moved = newest.slice(50, 53).map((f) => f.accessionNo);
    await db.execute(
      sql`update filings set filed_at = ${fiftieth!.filed_at}::timestamptz where accession_no = any(${sql.param(moved)}::text[])`,
    );
    const items = await walk('');
    expect(items).toHaveLength(1000);
    expect(new Set(items.map((f) => f.id)).size).toBe(1000);
    const tied = items.filter((f) => f.filed_at === items[49]!.filed_at).map((f) => f.id);
    expect(tied).toEqual([...tied].sort((a, b) => b - a));
  });

  it('filters by form (catalogue, several, OTHER) and importance, paging through the filtered set', async () => {
    const eightK = await walk('form=8-K');
    expect(eightK.length).toBe(apple.filter((f) => catalogueFormOf(f.form) === '8-K').length);
    expect(eightK.every((f) => f.catalogue_form === '8-K')).toBe(true);
    const other = await walk('form=OTHER');
    expect(other.length).toBe(apple.filter((f) => !catalogueFormOf(f.form)).length);
    expect(other.every((f) => f.catalogue_form === null)).toBe(true);
    const mixed = await walk('form=10-Q,10-K&importance=LOW');
    expect(mixed.length).toBe(42);
    expect(new Set(mixed.map((f) => f.catalogue_form))).toEqual(new Set(['10-Q', '10-K']));
    const critical = await walk('importance=critical');
    expect(critical.length).toBe(23);
    expect(critical.every((f) => f.importance === 'CRITICAL' && f.form === 'SC 13G/A')).toBe(true);
    expect(await walk('form=13F')).toEqual([]);
  });
});

describe('opening the page marks filings as seen, per user', () => {
  it("marks the caller's company filings seen, flags what is new since the last visit, and leaves others alone", async () => {
    const a = await createSignedInUser(db, { email: 'seen-a@example.com' });
    const b = await createSignedInUser(db, { email: 'seen-b@example.com' });
    const c = await createSignedInUser(db, { email: 'seen-c@example.com' });
    await subscribe(a.session, 'AAPL', '8-K');
    await subscribe(b.session, 'AAPL', '8-K');
    const before = await unseen(b.session, 'AAPL');
    expect(before).toBeGreaterThan(0);

    const first = await page('AAPL', '', a.session);
    expect(first.body.watchlist).toEqual({ watching: true, previous_seen_at: '1970-01-01T00:00:00+00:00' });
    expect(first.body.filings.items.every((f) => f.is_new)).toBe(true);
    expect(await unseen(a.session, 'AAPL')).toBe(0);
    expect(await unseen(b.session, 'AAPL')).toBe(before);

    // A real Apple 8-K stored after A's visit is the one new filing on A's next visit.
    const [arrival] = realFilings('AAPL', { forms: ['8-K'] });
    await db.execute(sql`delete from filings where accession_no = ${arrival!.accessionNo}`);
    await insertRealFilings(db, [arrival!], { ticker: 'AAPL', importance: 'HIGH' });
    expect(await unseen(a.session, 'AAPL')).toBe(1);
    const second = await page('AAPL', '', a.session);
    expect(second.body.watchlist.previous_seen_at! > '2020').toBe(true);
    expect(second.body.filings.items.filter((f) => f.is_new).map((f) => f.accession_no)).toEqual([
      arrival!.accessionNo,
    ]);
    // "Load more" keeps flagging against the same previous mark.
    const more = await get<FilingsPage>(
      `/api/ticker/AAPL/filings?cursor=${second.body.filings.next_cursor}&new_since=${encodeURIComponent(second.body.watchlist.previous_seen_at!)}`,
      a.session,
    );
    expect(more.body.items.some((f) => f.is_new)).toBe(false);

    const visitor = await page('AAPL', '', c.session);
    expect(visitor.body.watchlist).toEqual({ watching: false, previous_seen_at: null });
    expect(visitor.body.filings.items.some((f) => f.is_new)).toBe(false);
    // B never opened the page: the re-stored 8-K replaced one of B's unseen filings, nothing was marked.
    expect(await unseen(b.session, 'AAPL')).toBe(before);
  });

  it('treats the share classes of one company as one: opening GOOG marks a GOOGL item seen', async () => {
    const user = await createSignedInUser(db, { email: 'classes@example.com' });
    await subscribe(user.session, 'GOOGL', '8-K');
    await storeReplayFilings(db, ['0001209191-22-024552']); // Sergey Brin's 2022 Form 4 at Alphabet
    const { body } = await page('GOOG', '', user.session);
    expect(body.company.tickers).toEqual(['GOOG', 'GOOGL']);
    expect(body.watchlist.watching).toBe(true);
    const [row] = await db.execute<{ seen: boolean }>(sql`
      select seen_at is not null as seen from watchlist_items w join users u on u.id = w.user_id where u.email = 'classes@example.com'`);
    expect(row!.seen).toBe(true);
  });
});

describe('the public page', () => {
  it('serves the header and the latest 20 filings without a login or a new session', async () => {
    const { status, body, headers } = await get<PublicTickerPage>('/api/public/ticker/AAPL');
    expect(status).toBe(200);
    expect(headers.get('x-session')).toBeNull();
    expect(body.company.name).toBe('Apple Inc.');
    expect(body.total_filings).toBe(1000);
    expect(body.filings).toHaveLength(20);
    expect(body.filings.every((f) => f.analysis.state === 'locked')).toBe(true);
    const trpc = await fetch(
      `${url}/trpc/tickerPages.public?input=${encodeURIComponent(JSON.stringify({ ticker: 'TSLA' }))}`,
    );
    expect((await trpc.json()).result.data.filings[0].accession_no).toBeTruthy();
  });

  it('fills the title and description meta tags of the public routes from our data', async () => {
    for (const path of ['/public/ticker/AAPL', '/ticker-old/aapl']) {
      const html = await (await fetch(`${url}${path}`)).text();
      expect(html).toContain('<title>AAPL SEC filings: Apple Inc. | ');
      const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
      expect(description).toMatch(
        /^1,000 SEC filings of Apple Inc\. \(AAPL\), each scored by importance\. Latest, \d{4}-\d{2}-\d{2}: /,
      );
    }
    const unknown = await (await fetch(`${url}/public/ticker/ZZZZZZ`)).text();
    expect(unknown).not.toContain('SEC filings: ');
  });
});

describe('the chart', () => {
  it('puts every filing inside the price history on a trading day, coloured by importance', async () => {
    const { body } = await get<TickerChart>('/api/ticker/TSLA/chart?range=MAX');
    expect(body.source).toMatchObject({
      provider: 'Yahoo Finance',
      adjustment: 'split',
      first_day: '2020-01-02',
      last_day: '2026-04-24',
    });
    expect(body.interval).toBe('weekly');
    const musk = body.markers.find((m) => m.form === '4')!;
    // Accepted 2022-11-08 20:18 New York time, after that Tuesday's close: the marker sits in that week.
    expect(musk.filed_at).toBe('2022-11-09T01:18:10.000Z');
    expect(body.points.map((p) => p[0])).toContain(musk.day);
    expect(musk.day >= '2022-11-08' && musk.day <= '2022-11-11').toBe(true);
    const daily = await get<TickerChart>('/api/ticker/TSLA/chart?range=5Y');
    expect(daily.body.interval).toBe('daily');
  });

  it('counts filings outside the history and applies the timeline filters to the markers', async () => {
    const all = await get<TickerChart>('/api/ticker/AAPL/chart?range=MAX');
    expect(all.body.markers).toHaveLength(400);
    expect(all.body).toMatchObject({ markers_omitted: 600, markers_outside: 0 });
    expect(all.body.markers[0]!.importance).toBe('CRITICAL');
    const year = await get<TickerChart>('/api/ticker/AAPL/chart?range=1Y&form=8-K');
    expect(year.body.markers.every((m) => m.form.startsWith('8-K'))).toBe(true);
    const days = new Set(year.body.points.map((p) => p[0]));
    expect(year.body.markers.every((m) => days.has(m.day))).toBe(true);
    expect((await get('/api/ticker/AAPL/chart?range=2W')).status).toBe(400);
  });
});

// Last: it stores one more Apple filing, which the counts above do not include.
describe("the company's name", () => {
  it('never titles a company with a name it has since dropped: Apple Computer, Inc. of 1996 is Apple Inc. today', async () => {
    const before = (await page('AAPL')).body.company.name;
    // Apple's real 8-K of 1996-12-24 (eval/importance/SOURCES.md), filed as APPLE COMPUTER INC; its cover writes
    // "Apple Computer, Inc.". EDGAR has named the company "Apple Inc." since 2007.
    const parsed = parseFiling(repoDocument('eval/importance/filings/8k/8k_scpp_0000320193-96-000027.txt'), {
      formType: '8-K',
      accessionNo: '0000320193-96-000027',
    });
    expect(parsed.company?.displayName).toBe('Apple Computer, Inc.');
    await storeParsedFiling(db, { parsed, meta: { source: 'replay' } });
    expect(before).toBe('Apple Inc.');
    expect((await page('AAPL')).body.company.name).toBe('Apple Inc.');
    const [c] = await db.execute<{ display_name: string | null }>(
      sql`select display_name from companies where cik = 320193`,
    );
    expect(c!.display_name).toBeNull();
  });

  it("names a Form 4's company as its cover does: NVIDIA Corporation, not EDGAR's NVIDIA CORP read as Nvidia Corp.", async () => {
    // Real replay filings: Debora Shoquist's Form 4 of 2023-06-23 (the issuer only as "NVIDIA CORP") and NVIDIA's 8-K of
    // 2026-03-06, whose cover writes "NVIDIA Corporation".
    await storeReplayFilings(db, ['0001045810-23-000128']);
    const summary = async () =>
      (
        await db.execute<{ summary_text: string }>(
          sql`select summary_text from filings where accession_no = '0001045810-23-000128'`,
        )
      )[0]!.summary_text;
    expect(await summary()).toMatch(/^Form 4 for Nvidia Corp\. \(Debora Shoquist/);
    await storeReplayFilings(db, ['0001045810-26-000024']);
    // Stored before the cover: the cover's store queues the company's retitle job, which rescores its Forms 3/4/5.
    const queued = await db.execute<{ key: string }>(
      sql`select key from graphile_worker._private_jobs where key = 'retitle:1045810'`,
    );
    expect(queued).toHaveLength(1);
    expect(await retitleOwnershipFilings(db, { cik: 1045810 })).toBe(1);
    expect(await summary()).toMatch(/^Form 4 for NVIDIA Corporation \(Debora Shoquist: EVP, Operations\)/);
    // Only a new name queues it: every later cover writing the same name would rescore the company's Forms 3/4/5 again.
    const cover = (name: string, filedAt: string) =>
      setCompanyDisplayNames(db, {
        names: [{ cik: 1045810, name, conformed: 'NVIDIA CORP', filedAt: new Date(filedAt) }],
      });
    expect(await cover('NVIDIA Corporation', '2026-06-01T20:00:00Z')).toEqual([]);
    expect(await cover('NVIDIA Corp.', '2026-07-01T20:00:00Z')).toEqual([1045810]);
  });
});
