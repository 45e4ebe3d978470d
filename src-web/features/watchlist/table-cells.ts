/** What the table view shows where the cards do (issue 28): price, market cap and, on the Insider brand, the trade. */
import { formatDay, formatMarketCap, formatPrice } from '../../lib/format';
import { formatValue } from '../ticker-page/transaction-cells';
import { form4Summary, insiderName, parseInsiderData } from './card-rules';
import type { LastClose } from './use-last-closes';
import type { WatchlistFiling, WatchlistItem } from './watchlist-types';

export interface TableCell {
  text: string;
  /** Why the value is what it is (a last close, a dash): the cell's title and screen-reader note. */
  note: string | null;
}

/** The live quote, else the last stored close (as the card shows it), else a dash with the reason. */
export function priceCell(item: Pick<WatchlistItem, 'current_price'>, lastClose?: LastClose): TableCell {
  if (item.current_price != null) return { text: formatPrice(item.current_price), note: null };
  if (lastClose) return { text: formatPrice(lastClose.close), note: `Last close on ${formatDay(lastClose.day)}` };
  return { text: '—', note: 'No price stored for this ticker yet' };
}

/**
 * The quote's market cap; else shares outstanding x the last close when both are stored; else a
 * dash that says why (live quotes off and no share count on file).
 */
export function marketCapCell(
  item: Pick<WatchlistItem, 'market_cap'> & { shares_outstanding?: number | null },
  lastClose?: LastClose,
): TableCell {
  if (item.market_cap != null && item.market_cap > 0) return { text: formatMarketCap(item.market_cap), note: null };
  if (item.shares_outstanding && lastClose)
    return {
      text: formatMarketCap(item.shares_outstanding * lastClose.close),
      note: `Shares outstanding × the close of ${formatDay(lastClose.day)}`,
    };
  return { text: '—', note: 'Needs a live quote or a stored share count' };
}

export interface InsiderCells {
  insider: string;
  href: string | null;
  role: string;
  shares: string;
  value: string;
}

/** The Insider brand's columns from the latest Form 4: who, their role, shares and dollar value. */
export function insiderCells(filing: WatchlistFiling | null): InsiderCells | null {
  if (!filing) return null;
  const summary = form4Summary(filing);
  if (!summary) return null;
  const data = parseInsiderData(filing.insider_data);
  const shares = data?.sharesTraded;
  const sign = data?.isDisposition === true ? '−' : data?.isDisposition === false ? '+' : '';
  return {
    insider: insiderName(filing, data) || '—',
    href: summary.href,
    role: data?.executiveTitle?.trim() || '—',
    shares: typeof shares === 'number' ? `${sign}${Math.abs(shares).toLocaleString('en-US')}` : '—',
    value: filing.insider_value == null ? '—' : formatValue(filing.insider_value),
  };
}
