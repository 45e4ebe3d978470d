/** SQL behind a company's size on a filing's date (company-size.ts): stated facts of its reports, and its closes. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The reports whose covers state shares outstanding (and balance sheets total assets). */
const PERIODIC_FORMS = ['10-K', '10-Q', '10-K/A', '10-Q/A', '10-K405', '10-KSB', '10-QSB', '10-KT', '10-QT'];

export interface StatedFact {
  /** The report that states it: 10-K, 10-Q ... */
  form: string;
  value: number;
  asOf: string;
}

export interface CloseNear {
  ticker: string;
  day: string;
  close: number;
  /** How the source adjusts old closes: 'split', 'split+dividend', 'none'. */
  adjustment: string;
  /** The source's last bar: a split-adjusted series is on the share basis of about that day. */
  lastDay: string | null;
  /** The largest day-over-day move (a ratio of 1 or more, either way) between `from` and the close: a split shows here in unadjusted closes. */
  largestMove: number | null;
}

/**
 * The latest value of a size fact ('sharesOutstanding' or 'totalAssets') a stored periodic report of the company states
 * as of a day in [from, to], among reports filed by `filedAt`.
 */
export async function statedFact(
  db: Db,
  {
    cik,
    fact,
    from,
    to,
    filedAt,
  }: { cik: number; fact: 'sharesOutstanding' | 'totalAssets'; from: string; to: string; filedAt: Date },
): Promise<StatedFact | null> {
  const valueKey = fact === 'sharesOutstanding' ? 'shares' : 'usd';
  // By form and filing time on filings_cik_form_filed_idx: a large company's thousands of Forms 4 are not read. A
  // report stating a fact as of `from` or later was filed after `from`.
  const [row] = await db.execute<{ form_type: string; value: number; as_of: string }>(sql`
    select form_type, (details->${fact}->>${valueKey})::float8 as value, details->${fact}->>'asOf' as as_of
    from filings
    where cik = ${cik} and form_type = any(${sql.param(PERIODIC_FORMS)}::text[])
      and filed_at between ${from}::date and ${filedAt.toISOString()}::timestamptz
      and details->${fact}->>'asOf' between ${from} and ${to}
    order by details->${fact}->>'asOf' desc, filed_at desc limit 1`);
  return row ? { form: row.form_type, value: Number(row.value), asOf: row.as_of } : null;
}

/**
 * The company's stored close on or before `day` (its listed line with the latest such close, the shortest ticker on a
 * tie), with its source's adjustment and the largest daily move from `from` to that close.
 */
export async function closeNear(
  db: Db,
  { cik, day, from }: { cik: number; day: string; from: string },
): Promise<CloseNear | null> {
  const [row] = await db.execute<{
    ticker: string;
    day: string;
    close: number;
    adjustment: string;
    last_day: string | null;
    largest_move: number | null;
  }>(sql`
    select t.ticker, b.day::text as day, b.close, s.adjustment, s.last_day::text as last_day,
      (select max(greatest(m.close / m.prev, m.prev / m.close)) from (
        select close, lag(close) over (order by p.day) as prev from price_bars p
        where p.ticker = t.ticker and p.day between least(${from}::date, b.day) and b.day
      ) m where m.prev > 0 and m.close > 0) as largest_move
    from tickers t join price_history_sources s on s.ticker = t.ticker
    cross join lateral (
      select p.day, p.close from price_bars p where p.ticker = t.ticker and p.day <= ${day}::date order by p.day desc limit 1
    ) b
    where t.cik = ${cik}
    order by b.day desc, length(t.ticker), t.ticker limit 1`);
  if (!row) return null;
  return {
    ticker: row.ticker,
    day: row.day,
    close: Number(row.close),
    adjustment: row.adjustment,
    lastDay: row.last_day,
    largestMove: row.largest_move == null ? null : Number(row.largest_move),
  };
}
