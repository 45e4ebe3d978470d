import type { WatchlistFiling, WatchlistItem } from './watchlist-types';

export interface ItemActions {
  onTrade: (ticker: string) => void;
  onRemove: (ticker: string) => void;
}

/** The filing's own EDGAR page when known, else the company's EDGAR filing list. */
export function secLinkFor(
  item: Pick<WatchlistItem, 'ticker' | 'latest_filing_link'>,
  filing: WatchlistFiling | null,
): string {
  const link = filing?.link || item.latest_filing_link;
  if (link && /^https:\/\/(www\.)?sec\.gov\//.test(link)) return link;
  return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${encodeURIComponent(item.ticker)}&owner=include&count=40`;
}
