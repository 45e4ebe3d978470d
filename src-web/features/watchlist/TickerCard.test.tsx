import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../../lib/format';
import { TickerCard } from './TickerCard';
import type { WatchlistItem } from './watchlist-types';

const TSLA: WatchlistItem = { id: 2, ticker: 'TSLA', company_name: 'Tesla, Inc.', forms: '4', recent_filings: [] };
const display = { primaryForm: '8-K', pro: false, showAll: false };

describe('a card without a live quote', () => {
  it('shows the last stored close and its day', () => {
    render(
      <MemoryRouter>
        <TickerCard item={TSLA} display={display} lastClose={{ day: '2024-03-08', close: 175.34 }} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Last close/).textContent).toBe('Last close $175.34 on Mar 8, 2024');
    expect(screen.queryByText('Market data not available yet')).toBeNull();
  });

  it('says market data is not available when no close is stored either', () => {
    render(
      <MemoryRouter>
        <TickerCard item={TSLA} display={display} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Market data not available yet')).toBeTruthy();
  });
});

describe('a card on the replay of recorded filings (issue #16)', () => {
  // Elon Musk's Form 4, accepted 2022-11-09 01:32 UTC: still November 8 in New York.
  const filing = {
    id: 7,
    form: '4',
    importance: 'CRITICAL' as const,
    one_liner: 'Elon Musk sold 4,400,000 shares',
    filed_at: '2022-11-09T01:32:00Z',
  };
  const item: WatchlistItem = { ...TSLA, recent_filings: [filing] };

  it('says the filing is recorded and gives its real filing day instead of "3y ago"', () => {
    render(
      <MemoryRouter>
        <TickerCard item={item} display={{ primaryForm: '4', pro: false, showAll: false, recorded: true }} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Recorded filing/).textContent).toBe('Recorded filing, filed Nov 8, 2022');
    expect(screen.queryByText(/ago$/)).toBeNull();
  });

  it('keeps the relative time when the app reads EDGAR live', () => {
    render(
      <MemoryRouter>
        <TickerCard item={item} display={{ primaryForm: '4', pro: false, showAll: false }} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/Recorded filing/)).toBeNull();
    // Relative time; past a year it reads as the date itself (issue 28: not "41mo ago").
    const time = document.querySelector('.latest-filing__meta time')!;
    expect(time.textContent).toMatch(/ago$|^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(time.textContent).toBe(formatRelativeTime(time.getAttribute('datetime')));
  });
});
