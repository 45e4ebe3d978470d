import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
