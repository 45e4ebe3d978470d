import { sql } from 'drizzle-orm';
import type { Db } from '../../src-server/db/client';
import { ensureShippedCatalogue } from '../../src-server/domains/tickers/catalogue.service';

export const BENCH_TICKER = 'AAPL';
const BENCH_CIK = 320193;

/** The session token of ticker-page bench user n (1-based); only its SHA-256 is stored. */
export const pagesBenchToken = (n: number) => `pages-bench-session-${n}`;

/**
 * Seeds the ticker-page benchmark (and the EXPLAIN test) with set-based statements: `filings`
 * filings for one company (8-K with items, Form 4 with three insider rows each, 10-Q, 10-K,
 * 13G/A, proxies, an untracked 144), `others` filings spread over 400 other companies, a cached
 * AI analysis on every tenth filing, and `users` users watching the ticker with live sessions.
 * The filings are synthetic load, never shown to anyone: real documents stop at a few hundred.
 */
export async function seedTickerPagesBench(
  db: Db,
  size: { filings: number; others: number; users: number },
): Promise<void> {
  await ensureShippedCatalogue(db);
  await db.execute(sql`
    with kinds(k, form_type, catalogue_form, importance, rank, items) as (values
      (0, '8-K', '8-K', 'HIGH', 3, array['2.02', '9.01']), (1, '4', '4', 'MEDIUM', 2, null), (2, '4', '4', 'LOW', 1, null),
      (3, '10-Q', '10-Q', 'LOW', 1, null), (4, '8-K', '8-K', 'CRITICAL', 4, array['5.02']), (5, '4', '4', 'LOW', 1, null),
      (6, '10-K', '10-K', 'MEDIUM', 2, null), (7, 'SC 13G/A', '13G', 'LOW', 1, null), (8, '144', null, 'LOW', 1, null),
      (9, 'DEF 14A', 'DEF 14A', 'LOW', 1, null))
    insert into filings (accession_no, form_type, catalogue_form, cik, ticker, company_name, filed_at, accepted_at, items,
      importance, importance_rank, reasons, one_liner, summary_text, insider_data, insider_cik, executive_names,
      primary_doc_url, index_url, stored_at, details)
    select lpad(c.cik::text, 10, '0') || '-26-' || lpad(g::text, 6, '0'), k.form_type, k.catalogue_form, c.cik, c.ticker, c.name,
      now() - g * interval '17 hours', now() - g * interval '17 hours', k.items, k.importance, k.rank,
      case when k.catalogue_form = '4' then '["Open-market sale by an officer","Under a Rule 10b5-1 plan"]'::jsonb
           else '["Item 2.02: results of operations"]'::jsonb end,
      case when k.catalogue_form = '4' then 'Timothy D Cook (CEO) sold 223,986 shares at $182.40 (about $40.9M) under a 10b5-1 plan'
           else c.name || ' filed a ' || k.form_type || ': quarterly results and exhibits' end,
      'The company reported revenue for the quarter and furnished the press release as an exhibit. '
        || 'Management reaffirmed guidance and announced the next dividend.',
      case when k.catalogue_form = '4' then jsonb_build_object('executiveName', 'Timothy D Cook', 'executiveTitle', 'CEO',
        'insiderCik', '0001214156', 'isDisposition', true, 'sharesTraded', 223986) end,
      case when k.catalogue_form = '4' then '0001214156' end,
      case when k.catalogue_form = '4' then array['Timothy D Cook'] end,
      'https://www.sec.gov/Archives/edgar/data/' || c.cik || '/' || lpad(c.cik::text, 10, '0') || '26' || lpad(g::text, 6, '0') || '/primary_doc.htm',
      'https://www.sec.gov/Archives/edgar/data/' || c.cik || '/' || lpad(c.cik::text, 10, '0') || '26' || lpad(g::text, 6, '0') || '/index.htm',
      now() - g * interval '17 hours' + interval '2 minutes', '{}'::jsonb
    from (
      select cik, ticker, name, ${size.filings}::int as n from tickers where ticker = ${BENCH_TICKER}
      union all
      select * from (select cik, min(ticker), min(name), ${Math.ceil(size.others / 400)}::int from tickers
        where active and cik <> ${BENCH_CIK} group by cik order by min(rank) limit 400) o
    ) c
    cross join lateral generate_series(1, c.n) g
    join kinds k on k.k = g % 10`);
  await db.execute(sql`
    insert into insider_transactions (filing_id, accession_no, form_type, issuer_cik, ticker, owner_index, owner_cik, owner_name,
      owner_display_name, officer_title, is_officer, table_kind, is_derivative, row_index, security_title, transaction_date,
      code, acquired_disposed, shares, price_per_share, value, shares_owned_after, direct_indirect, is_10b5_1, filed_at)
    select f.id, f.accession_no, f.form_type, f.cik, f.ticker, 0, 1214156, 'Cook Timothy D', 'Timothy D Cook', 'CEO', true,
      'non_derivative', false, r, 'Common Stock', (f.filed_at - interval '2 days')::date, 'S', 'D', 74662, 182.4 + r,
      74662 * (182.4 + r), 3280180 - r * 74662, 'D', true, f.filed_at
    from filings f cross join generate_series(0, 2) r where f.catalogue_form = '4'`);
  await db.execute(sql`
    insert into filing_analyses (filing_id, model, summary, latency_ms)
    select id, 'bench-model', 'The filing reports quarterly results; margins held steady and guidance was reaffirmed. '
      || 'Watch the next call for buyback pace.', 900
    from filings where id % 10 = 0`);
  await db.execute(sql`
    insert into users (email, email_verified_at, plan_type, plan_status, notify_via)
    select 'pages-bench-' || g || '@example.com', now(), case when g % 2 = 0 then 'pro' else 'free' end, 'active', '{email}'
    from generate_series(1, ${size.users}) g`);
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, encode(sha256(convert_to('pages-bench-session-' || substring(email from 'pages-bench-(\\d+)@'), 'UTF8')), 'hex'), now() + interval '30 days'
    from users where email like 'pages-bench-%@example.com'`);
  await db.execute(sql`
    insert into watchlist_items (user_id, ticker, forms)
    select id, ${BENCH_TICKER}, '{8-K,4,10-Q,10-K}' from users where email like 'pages-bench-%@example.com'`);
  await db.execute(sql`analyze`);
}
