import { sql } from 'drizzle-orm';
import type { Db } from '../../src-server/db/client';
import { ensureShippedCatalogue } from '../../src-server/domains/tickers/catalogue.service';

export interface SeedSize {
  users: number;
  tickersPerUser: number;
  filingsPerTicker: number;
  /** Users pick their tickers among this many of SEC's largest companies. */
  universe: number;
}

/** The session token of bench user n (1-based); sessions store only its SHA-256, like real ones. */
export const benchToken = (n: number) => `bench-session-${n}`;

/**
 * Seeds the benchmark data with set-based statements (a few seconds for 50,000 items and
 * ~150,000 filings): PRO users with live sessions, random watchlists over the largest listed
 * companies, a mixed filing history per company (8-K, Form 4 with insider data, 10-Q, 10-K,
 * 13G) of realistic text lengths, half the items already seen, and a fresh quote per ticker.
 * Filings are synthetic load, never shown to anyone: real documents stop at a few hundred.
 */
export async function seedWatchlistBench(
  db: Db,
  size: SeedSize,
): Promise<{ items: number; filings: number; companies: number }> {
  await ensureShippedCatalogue(db);
  await db.execute(sql`
    insert into users (email, email_verified_at, plan_type, plan_status, notify_via)
    select 'bench-' || g || '@example.com', now(), 'pro', 'active', '{email}' from generate_series(1, ${size.users}) g`);
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, encode(sha256(convert_to('bench-session-' || substring(email from 'bench-(\\d+)@'), 'UTF8')), 'hex'), now() + interval '30 days'
    from users where email like 'bench-%@example.com'`);
  await db.execute(sql`
    with universe as (
      select ticker, row_number() over (order by rank) - 1 as pos from tickers where active and rank is not null order by rank limit ${size.universe}
    ), picks as (
      select u.id as user_id, p.pos
      from users u
      cross join lateral (
        select pos from generate_series(0, ${size.universe - 1}) pos order by md5(u.id::text || pos) limit ${size.tickersPerUser}
      ) p
      where u.email like 'bench-%@example.com'
    )
    insert into watchlist_items (user_id, ticker, forms, notes, seen_at)
    select p.user_id, un.ticker, '{8-K,4,10-Q,10-K}',
      case when random() < 0.2 then 'Watching guidance and buyback pace' end,
      case when random() < 0.5 then now() - interval '20 days' end
    from picks p join universe un on un.pos = p.pos`);
  await db.execute(sql`
    with watched as (
      select distinct t.cik, min(t.ticker) as ticker, min(t.name) as name
      from watchlist_items w join tickers t on t.ticker = w.ticker group by t.cik
    ), kinds(k, form_type, catalogue_form, importance, rank) as (values
      (0, '8-K', '8-K', 'HIGH', 3), (1, '4', '4', 'MEDIUM', 2), (2, '4', '4', 'LOW', 1), (3, '10-Q', '10-Q', 'LOW', 1),
      (4, '8-K', '8-K', 'CRITICAL', 4), (5, '4', '4', 'LOW', 1), (6, '10-K', '10-K', 'MEDIUM', 2),
      (7, 'SC 13G/A', '13G', 'LOW', 1), (8, '4', '4', 'HIGH', 3), (9, '8-K/A', '8-K', 'MEDIUM', 2))
    insert into filings (accession_no, form_type, catalogue_form, cik, ticker, company_name, filed_at, accepted_at,
      importance, importance_rank, reasons, one_liner, summary_text, insider_data, insider_cik, executive_names,
      primary_doc_url, index_url, stored_at)
    select lpad(w.cik::text, 10, '0') || '-25-' || lpad(g::text, 6, '0'), k.form_type, k.catalogue_form, w.cik, w.ticker, w.name,
      now() - g * interval '3 days' - (w.cik % 997) * interval '1 minute', now() - g * interval '3 days',
      k.importance, k.rank,
      case when k.catalogue_form = '4' then '["Open-market sale by a director","Above 10% of holdings"]'::jsonb
           else '["Item 5.02: departure of a principal officer"]'::jsonb end,
      case when k.catalogue_form = '4' then 'Director sold 12,500 shares at $182.40 under a 10b5-1 plan (about $2.3M)'
           else 'Item 5.02: Chief Financial Officer to step down; interim CFO named from finance leadership' end,
      'The company announced that its Chief Financial Officer will step down at the end of the quarter. '
        || 'The board appointed the Vice President of Finance as interim CFO while it searches for a successor, '
        || 'and the company reaffirmed its full-year guidance.',
      case when k.catalogue_form = '4' then jsonb_build_object('executiveName', 'Jane Doe', 'executiveTitle', 'Director',
        'insiderCik', '0001234567', 'isDisposition', true, 'sharesTraded', 12500) end,
      case when k.catalogue_form = '4' then '0001234567' end,
      case when k.catalogue_form = '4' then array['Jane Doe'] end,
      'https://www.sec.gov/Archives/edgar/data/' || w.cik || '/' || lpad(w.cik::text, 10, '0') || '25' || lpad(g::text, 6, '0') || '/primary_doc.htm',
      'https://www.sec.gov/Archives/edgar/data/' || w.cik || '/' || lpad(w.cik::text, 10, '0') || '25' || lpad(g::text, 6, '0') || '/index.htm',
      now() - g * interval '3 days' + interval '90 seconds'
    from watched w cross join generate_series(1, ${size.filingsPerTicker}) g join kinds k on k.k = g % 10`);
  await db.execute(sql`
    update companies c set sic = '3571', sic_description = 'Electronic Computers', sector = 'Information Technology',
      industry = 'Electronic Computers', exchange = 'Nasdaq', profile_fetched_at = now()
    where c.cik in (select t.cik from watchlist_items w join tickers t on t.ticker = w.ticker)`);
  await db.execute(sql`
    insert into quotes (ticker, price, change_percent, market_cap, pe_ratio, eps, dividend_yield, volume, avg_volume,
      week_52_low, week_52_high, currency, source, fetched_at)
    select distinct w.ticker, 244.6, 1.2710667, 3674405863424, 38.763866, 6.31, 0.41, 40896227, 50443058, 164.08, 260.1, 'USD', 'bench', now()
    from watchlist_items w on conflict (ticker) do nothing`);
  await db.execute(sql`analyze`);
  const [counts] = await db.execute<{ items: number; filings: number; companies: number }>(sql`
    select (select count(*)::int from watchlist_items) as items, (select count(*)::int from filings) as filings,
      (select count(distinct cik)::int from filings) as companies`);
  return { ...counts! };
}
