/**
 * bench:watchlist's mixed load: while the reads run, filings arrive at `filingsPerSecond` (each a
 * new synthetic 8-K of a watched company, which bumps that company's filings version) and every
 * watched ticker's quote is rewritten every `quoteEveryS` seconds (a refresher's batch, one
 * statement), on a connection pool of its own. Returns a stop function with what was written.
 */
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../../src-server/db/client';

export function startWatchlistWrites(
  url: string,
  options: { filingsPerSecond: number; quoteEveryS: number },
): () => Promise<{ filings: number; quoteBatches: number }> {
  const database = connectDatabase(url, { max: 2 });
  const { db } = database;
  let filings = 0;
  let quoteBatches = 0;
  let stopped = false;
  const fileOne = async () => {
    const n = filings++;
    await db.execute(sql`
      insert into filings (accession_no, form_type, catalogue_form, cik, ticker, company_name, filed_at, accepted_at,
        importance, importance_rank, reasons, one_liner, primary_doc_url, index_url, stored_at)
      select '0009999999-26-' || lpad(${n}::text, 6, '0'), '8-K', '8-K', t.cik, t.ticker, t.name, now(), now(), 'MEDIUM', 2,
        '["Item 8.01: other events"]'::jsonb, 'Other events', 'https://www.sec.gov/', 'https://www.sec.gov/', now()
      from (select distinct w.ticker from watchlist_items w order by 1 offset ${n} % greatest(1, (select count(distinct ticker) from watchlist_items)) limit 1) x
      join tickers t on t.ticker = x.ticker`);
  };
  const refreshQuotes = async () => {
    quoteBatches += 1;
    await db.execute(sql`update quotes set price = price * (1 + (random() - 0.5) / 100), fetched_at = now()
      where ticker in (select distinct ticker from watchlist_items)`);
  };
  const filingLoop = (async () => {
    const every = 1000 / options.filingsPerSecond;
    for (let next = performance.now(); !stopped; next += every) {
      await fileOne();
      await new Promise((r) => setTimeout(r, Math.max(0, next + every - performance.now())));
    }
  })();
  const quoteLoop = (async () => {
    while (!stopped) {
      await refreshQuotes();
      for (let waited = 0; waited < options.quoteEveryS * 1000 && !stopped; waited += 100)
        await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stopped = true;
    await Promise.all([filingLoop, quoteLoop]);
    await database.close();
    return { filings, quoteBatches };
  };
}
