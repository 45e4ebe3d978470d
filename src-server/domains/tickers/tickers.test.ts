import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app';
import { storeReplayFilings } from '../../test/replay-filings';
import type { AppRouter } from '../../transport/trpc/app-router';
import { SHIPPED_CATALOGUE } from './catalogue-file';
import { ensureShippedCatalogue } from './catalogue.service';
import { tickerCatalogue } from './ticker-catalogue';
import { readShippedCatalogue } from './catalogue-file';
import { companiesAwaitingProfile, upsertCompanyProfile } from './tickers.service';

const { url, deps } = await startTestApp();
const db = deps.db;
const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${url}/trpc` })] });
const shipped = Object.values(
  JSON.parse(readFileSync(SHIPPED_CATALOGUE.path, 'utf8')) as Record<string, { ticker: string }>,
);

async function search(q: string): Promise<{ ticker: string; name: string }[]> {
  const response = await fetch(`${url}/api/tickers?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe('ticker catalogue', () => {
  it('loads every ticker of the shipped SEC file on first use, once', async () => {
    await tickerCatalogue(deps).get();
    const [counts] = await db.execute<{ tickers: number; companies: number }>(
      sql`select (select count(*)::int from tickers where active) as tickers, (select count(*)::int from companies) as companies`,
    );
    // 10,338 tickers of 8,049 registrants (one CIK can list several share classes).
    expect({ ...counts }).toEqual({ tickers: shipped.length, companies: 8049 });
    const again = await ensureShippedCatalogue(db);
    expect(again).toMatchObject({ loaded: false, entries: shipped.length });
  });

  it('keeps SEC file facts: CIK, title and rank (largest first)', async () => {
    const rows = await db.execute<{ ticker: string; cik: number; name: string; rank: number }>(
      sql`select ticker, cik, name, rank from tickers where ticker in ('NVDA', 'AAPL', 'BRK-B') order by rank`,
    );
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { ticker: 'NVDA', cik: 1045810, name: 'NVIDIA CORP', rank: 0 },
      { ticker: 'AAPL', cik: 320193, name: 'Apple Inc.', rank: 2 },
      { ticker: 'BRK-B', cik: 1067983, name: 'BERKSHIRE HATHAWAY INC', rank: 8 },
    ]);
  });
});

describe('GET /api/tickers?q= (SPEC.md sections 3, 5, 7)', () => {
  it('answers [{ticker, name}] with the exact ticker first, then ticker prefixes A-Z, at most 10', async () => {
    const results = await search('a');
    expect(results).toHaveLength(10);
    expect(Object.keys(results[0]!).sort()).toEqual(['name', 'ticker']);
    expect(results[0]).toEqual({ ticker: 'A', name: 'AGILENT TECHNOLOGIES, INC.' });
    const rest = results.slice(1).map((r) => r.ticker);
    expect(rest.every((t) => t.startsWith('A'))).toBe(true);
    expect(rest).toEqual([...rest].sort());
    const expectedPrefix = shipped
      .map((e) => e.ticker)
      .filter((t) => t.startsWith('A') && t !== 'A')
      .sort()
      .slice(0, 9);
    expect(rest).toEqual(expectedPrefix);
  });

  it('is case-insensitive and puts an exact hit before longer tickers', async () => {
    const results = await search('msft');
    expect(results[0]).toEqual({ ticker: 'MSFT', name: 'MICROSOFT CORP' });
  });

  it('after ticker matches come company names, largest companies first', async () => {
    const results = await search('apple');
    expect(results[0]).toEqual({ ticker: 'AAPL', name: 'Apple Inc.' });
    expect(results.map((r) => r.ticker)).toContain('APLE');
    const microsoft = await search('Microsoft');
    expect(microsoft[0]!.ticker).toBe('MSFT');
  });

  it('finds share classes written with a dot', async () => {
    expect((await search('BRK.B'))[0]).toEqual({ ticker: 'BRK-B', name: 'BERKSHIRE HATHAWAY INC' });
  });

  it('names a company as its own cover writes it once a stored filing gave that name, for each of its tickers', async () => {
    expect((await search('jpm'))[0]).toEqual({ ticker: 'JPM', name: 'JPMORGAN CHASE & CO' });
    // JPMorgan's real 8-K of 2026-06-25 (the replay set): its cover writes "JPMorgan Chase & Co.".
    await storeReplayFilings(db, ['0000019617-26-000241']);
    const found = await search('jpm');
    expect(found[0]).toEqual({ ticker: 'JPM', name: 'JPMorgan Chase & Co' });
    expect(found.filter((r) => r.ticker.startsWith('JPM-')).map((r) => r.name)).toEqual(
      found.filter((r) => r.ticker.startsWith('JPM-')).map(() => 'JPMorgan Chase & Co'),
    );
    // Other companies keep SEC's name.
    expect((await search('BRK.B'))[0]).toEqual({ ticker: 'BRK-B', name: 'BERKSHIRE HATHAWAY INC' });
  });

  it('blank or unmatched queries give an empty list; absurd ones a 400', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('zzzzzzqqq')).toEqual([]);
    const long = await fetch(`${url}/api/tickers?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: 'bad_request' });
  });
});

describe('tRPC tickers.*', () => {
  it('search returns the REST shape', async () => {
    expect(await trpc.tickers.search.query({ q: 'TSLA' })).toEqual(await search('TSLA'));
  });

  it('resolve turns entries into tickers the way the add form does', async () => {
    expect(await trpc.tickers.resolve.query({ entry: 'aapl' })).toEqual({
      entry: 'AAPL',
      ticker: 'AAPL',
      name: 'Apple Inc.',
      via: 'ticker',
    });
    expect(await trpc.tickers.resolve.query({ entry: 'microsoft corp' })).toMatchObject({
      ticker: 'MSFT',
      via: 'name',
    });
    // Five characters or fewer are symbols, never names (SPEC.md section 5).
    expect(await trpc.tickers.resolve.query({ entry: 'TESLA' })).toEqual({
      entry: 'TESLA',
      ticker: null,
      name: null,
      via: 'unknown',
    });
  });

  it('profile has no sector until EDGAR backfills the company, then SIC sector and industry', async () => {
    const before = await trpc.tickers.profile.query({ ticker: 'tsla' });
    expect(before).toMatchObject({
      ticker: 'TSLA',
      cik: 1318605,
      name: 'Tesla, Inc.',
      sector: null,
      industry: null,
      current_price: null,
    });

    // The values of Tesla's submissions JSON (src-server/test/fixtures/watchlist/CIK0001318605.json).
    await upsertCompanyProfile(db, {
      cik: 1318605,
      name: 'Tesla, Inc.',
      sic: '3711',
      sicDescription: 'Motor Vehicles & Passenger Car Bodies',
      exchange: 'Nasdaq',
    });
    const after = await trpc.tickers.profile.query({ ticker: 'TSLA' });
    expect(after).toMatchObject({
      sector: 'Consumer Discretionary',
      industry: 'Motor Vehicles & Passenger Car Bodies',
      sic: '3711',
      exchange: 'Nasdaq',
      listed: true,
    });
    await expect(trpc.tickers.profile.query({ ticker: 'NOPE1' })).rejects.toMatchObject({
      data: { httpStatus: 404, reason: 'ticker_not_found' },
    });
  });
});

describe('upsertCompanyProfile and the backfill hook', () => {
  it("stores the name people read, without EDGAR's state tag (the replay's 1895 Bancorp submissions JSON)", async () => {
    const stored = await upsertCompanyProfile(db, {
      cik: 1847360,
      name: '1895 Bancorp of Wisconsin, Inc. /MD/',
      sic: '6035',
      sicDescription: 'Savings Institution, Federally Chartered',
    });
    expect(stored.name).toBe('1895 Bancorp of Wisconsin, Inc.');
    // The shipped catalogue (company_tickers.json) writes it the same way: its row reads the same.
    const row = (await readShippedCatalogue()).entries.find((e) => e.ticker === 'BCOW');
    expect(row?.name).toBe('1895 Bancorp of Wisconsin, Inc.');
  });

  it('lists watched companies without a profile until their profile is stored', async () => {
    const response = await fetch(`${url}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tickers: 'AAPL, GOOG, GOOGL', forms: '8-K' }),
    });
    expect(response.status).toBe(200);
    const waiting = await companiesAwaitingProfile(db);
    expect(waiting.map((c) => c.cik).sort((a, b) => a - b)).toEqual([320193, 1652044]);

    const stored = await upsertCompanyProfile(db, {
      cik: 320193,
      name: 'Apple Inc.',
      sic: 3571,
      sicDescription: 'Electronic Computers',
      exchange: 'Nasdaq',
    });
    expect(stored).toEqual({
      cik: 320193,
      name: 'Apple Inc.',
      sic: '3571',
      sicDescription: 'Electronic Computers',
      sector: 'Information Technology',
      industry: 'Electronic Computers',
      exchange: 'Nasdaq',
      filerCategory: null,
      fiscalYearEnd: null,
    });
    expect((await companiesAwaitingProfile(db)).map((c) => c.cik)).toEqual([1652044]);
    // Idempotent, and a catalogue reload does not overwrite the profile's name.
    await upsertCompanyProfile(db, { cik: 320193, name: 'Apple Inc.', sic: '3571', sicDescription: null });
    const [row] = await db.execute<{ industry: string; name: string }>(
      sql`select industry, name from companies where cik = 320193`,
    );
    expect(row).toEqual({ industry: 'Electronic Computers', name: 'Apple Inc.' });
  });
});
