/** The short link in alert texts: /f/<filing id> opens the filing's ticker page. */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import { filingTickerAndLink } from '../filings/filings.repo';

/** Where /f/<id> leads: the filing's card on its ticker page (the anchor scrolls to it), else the filing on sec.gov. */
export async function shortLinkTarget(db: Db, { filingId }: { filingId: number }): Promise<string> {
  const row = await filingTickerAndLink(db, { id: filingId });
  if (row?.ticker) return `/ticker/${encodeURIComponent(row.ticker)}#filing-${filingId}`;
  if (row?.link) return row.link;
  throw new AppError('NOT_FOUND', 'That filing link is not valid. Open your watchlist to see recent filings.', {
    reason: 'filing_not_found',
  });
}
