import { maxImportance, isImportance } from '#shared/importance';
import type { ServerLiveFilingEvent } from '../../lib/router-types';
import type { WatchlistFiling, WatchlistItem } from '../watchlist/watchlist-types';

/** One `filings.live` event: a newly scored filing for a ticker the user follows. */
export type LiveFilingEvent = Pick<
  ServerLiveFilingEvent,
  'id' | 'ticker' | 'form' | 'importance' | 'one_liner' | 'link' | 'filed_at'
> &
  Partial<
    Pick<
      ServerLiveFilingEvent,
      'filed_date_unknown' | 'reasons' | 'summary_text' | 'insider_data' | 'insider_cik' | 'executive_names'
    >
  >;

function later(a: string | null | undefined, b: string): string {
  if (!a) return b;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * Puts a live filing onto its watchlist item: newest in recent_filings, one more unseen, the
 * highest importance raised if needed. A filing already present (same id) changes nothing.
 */
export function applyLiveFiling<T extends { watchlist: WatchlistItem[] }>(data: T, event: LiveFilingEvent): T {
  let changed = false;
  const watchlist = data.watchlist.map((item) => {
    if (item.ticker.toUpperCase() !== event.ticker.toUpperCase()) return item;
    const recent = item.recent_filings ?? [];
    if (recent.some((f) => f.id != null && String(f.id) === String(event.id))) return item;
    changed = true;
    const filing: WatchlistFiling = {
      id: event.id,
      form: event.form,
      importance: event.importance,
      one_liner: event.one_liner,
      link: event.link,
      filed_at: event.filed_at,
      filed_date_unknown: event.filed_date_unknown ?? false,
      reasons: event.reasons ?? null,
      summary_text: event.summary_text ?? null,
      insider_data: event.insider_data ?? null,
      insider_cik: event.insider_cik ?? null,
      executive_names: event.executive_names ?? null,
    };
    const current = isImportance(item.highest_importance) ? item.highest_importance : null;
    const last = later(item.last_filing_date, event.filed_at);
    return {
      ...item,
      recent_filings: [filing, ...recent],
      unseen_filings_count: (item.unseen_filings_count ?? 0) + 1,
      highest_importance: maxImportance(current, isImportance(event.importance) ? event.importance : null),
      last_filing_date: last,
      last_filing_date_unknown:
        last === event.filed_at ? (event.filed_date_unknown ?? false) : item.last_filing_date_unknown,
      latest_one_liner: event.one_liner,
      latest_filing_link: event.link ?? item.latest_filing_link,
    };
  });
  return changed ? { ...data, watchlist } : data;
}

export function liveNoticeText(event: LiveFilingEvent): string {
  return `New ${event.importance} ${event.form} filing for ${event.ticker}: ${event.one_liner}`;
}
