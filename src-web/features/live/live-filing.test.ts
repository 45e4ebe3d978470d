import { describe, expect, it } from 'vitest';
import type { WatchlistItem } from '../watchlist/watchlist-types';
import { applyLiveFiling, liveNoticeText, type LiveFilingEvent } from './live-filing';

const data: { watchlist: WatchlistItem[]; tickerLimit: number } = {
  watchlist: [
    {
      id: 1,
      ticker: 'AAPL',
      unseen_filings_count: 1,
      highest_importance: 'MEDIUM',
      last_filing_date: '2025-06-01T10:00:00Z',
      recent_filings: [{ id: 7, form: '8-K' }],
    },
    { id: 2, ticker: 'MSFT', unseen_filings_count: 0, highest_importance: null, recent_filings: [] },
  ],
  tickerLimit: 50,
};
const event: LiveFilingEvent = {
  id: 42,
  ticker: 'AAPL',
  form: '8-K',
  importance: 'CRITICAL',
  one_liner: 'Item 1.05: material cybersecurity incident',
  link: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000001/0000320193-25-000001-index.htm',
  filed_at: '2025-06-20T14:31:00Z',
};

describe('a live filing on the dashboard', () => {
  it('adds the filing to its ticker, counts it unseen and raises the badge colour', () => {
    const next = applyLiveFiling(data, event);
    const aapl = next.watchlist[0]!;
    expect(aapl.recent_filings?.[0]).toMatchObject({ id: 42, form: '8-K', importance: 'CRITICAL' });
    expect(aapl.unseen_filings_count).toBe(2);
    expect(aapl.highest_importance).toBe('CRITICAL');
    expect(aapl.last_filing_date).toBe('2025-06-20T14:31:00Z');
    expect(aapl.latest_one_liner).toBe(event.one_liner);
    expect(next.watchlist[1]).toBe(data.watchlist[1]);
    expect(next.tickerLimit).toBe(50);
  });
  it('does not lower the importance', () => {
    const next = applyLiveFiling(data, { ...event, importance: 'LOW' });
    expect(next.watchlist[0]!.highest_importance).toBe('MEDIUM');
  });
  it('is idempotent per filing id and ignores tickers not in the list', () => {
    const once = applyLiveFiling(data, event);
    expect(applyLiveFiling(once, event)).toBe(once);
    expect(applyLiveFiling(data, { ...event, ticker: 'TSLA' })).toBe(data);
  });
  it('announces the filing briefly', () => {
    expect(liveNoticeText(event)).toBe('New CRITICAL 8-K filing for AAPL: Item 1.05: material cybersecurity incident');
  });
});
