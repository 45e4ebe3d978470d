/** The short link in alert texts: /f/<filing id> opens the filing's ticker page. */
import { sql } from 'drizzle-orm';
import { AppError } from '../../core/app-error';
import type { Db } from '../../db/client';

/** Where /f/<id> leads: the ticker page, else the filing on sec.gov. */
export async function shortLinkTarget(db: Db, { filingId }: { filingId: number }): Promise<string> {
  const rows = await db.execute<{ ticker: string | null; link: string | null }>(sql`
    select ticker, coalesce(primary_doc_url, index_url) as link from filings where id = ${filingId}`);
  const row = rows[0];
  if (row?.ticker) return `/ticker/${encodeURIComponent(row.ticker)}`;
  if (row?.link) return row.link;
  throw new AppError('NOT_FOUND', 'That filing link is not valid. Open your watchlist to see recent filings.', { reason: 'filing_not_found' });
}
