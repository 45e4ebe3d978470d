import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from './watchlist-filters';
import { DEFAULT_SORT } from './watchlist-sort';
import { WatchlistList, type ListPrefs } from './WatchlistList';
import type { WatchlistItem } from './watchlist-types';

const ITEMS: WatchlistItem[] = [
  {
    id: 1,
    ticker: 'AAPL',
    company_name: 'Apple Inc.',
    industry: 'Electronic Computers',
    forms: '8-K,4',
    unseen_filings_count: 2,
    highest_importance: 'HIGH',
    last_filing_date: '2025-06-20T10:00:00Z',
    current_price: 195,
    week_52_low: 160,
    week_52_high: 200,
    volume: 250,
    avg_volume: 100,
    market_cap: 2.95e12,
    recent_filings: [
      {
        id: 9,
        form: '8-K',
        importance: 'HIGH',
        one_liner: 'Apple Inc.: Results of operations',
        filed_at: '2025-06-20T10:00:00Z',
      },
    ],
  },
  {
    id: 2,
    ticker: 'TSLA',
    company_name: 'Tesla, Inc.',
    industry: 'Motor Vehicles',
    forms: '4',
    highest_importance: 'LOW',
    last_filing_date: '2025-06-01T10:00:00Z',
    recent_filings: [],
  },
];

function Harness({
  items = ITEMS,
  limit = 10,
  pro = false,
  onQuickAdd,
}: {
  items?: WatchlistItem[];
  limit?: number;
  pro?: boolean;
  onQuickAdd?: (t: string) => void;
}) {
  const [prefs, setPrefs] = useState<ListPrefs>({ view: 'cards', sort: DEFAULT_SORT, filters: EMPTY_FILTERS });
  return (
    <MemoryRouter>
      <WatchlistList
        items={items}
        prefs={prefs}
        onPrefsChange={setPrefs}
        display={{ primaryForm: '8-K', pro, showAll: false }}
        actions={{ onTrade: vi.fn(), onRemove: vi.fn() }}
        limit={limit}
        onQuickAdd={onQuickAdd}
      />
    </MemoryRouter>
  );
}

const cards = () => screen.queryAllByRole('article').map((a) => a.getAttribute('data-ticker'));

describe('watchlist list (SPEC.md section 2)', () => {
  it('shows cards with the spec badges and the primary-form rule', () => {
    render(<Harness />);
    expect(cards()).toEqual(['AAPL', 'TSLA']);
    const aapl = within(screen.getByRole('article', { name: 'AAPL' }));
    expect(aapl.getByTestId('unseen-badge').className).toContain('imp-badge--orange');
    aapl.getByText('Near High');
    aapl.getByText('2.5x avg volume');
    aapl.getByText('$2.95T');
    aapl.getByText('Apple Inc.: Results of operations');
    within(screen.getByRole('article', { name: 'TSLA' })).getByText('No recent 8-K filings');
  });
  it("filters, says 'Showing X of Y tickers', and clears", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByText(/^Showing/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Alert level'), 'HIGH');
    screen.getByText('Showing 1 of 2 tickers');
    expect(cards()).toEqual(['AAPL']);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(cards()).toEqual(['AAPL', 'TSLA']);
    await user.selectOptions(screen.getByLabelText('Industry'), 'Motor Vehicles');
    expect(cards()).toEqual(['TSLA']);
  });
  it('filing-type filter: Unselect All shows nothing, one type brings its tickers back, Select All everything', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: /Filing types/ }));
    const group = within(screen.getByRole('group', { name: 'Filing types' }));
    expect(group.getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual(['4', '8-K']);
    await user.click(group.getByRole('button', { name: 'Unselect All' }));
    screen.getByText('No tickers match your filters');
    await user.click(group.getByRole('checkbox', { name: '4' }));
    expect(cards()).toEqual(['AAPL', 'TSLA']);
    await user.click(group.getByRole('checkbox', { name: '4' }));
    await user.click(group.getByRole('checkbox', { name: '8-K' }));
    expect(cards()).toEqual(['AAPL']);
    await user.click(group.getByRole('button', { name: 'Select All' }));
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
  it('offers a quick-add only for a valid ticker that is not listed, when a handler exists', async () => {
    const onQuickAdd = vi.fn();
    const user = userEvent.setup();
    render(<Harness onQuickAdd={onQuickAdd} />);
    const search = screen.getByRole('searchbox');
    await user.type(search, 'nvda');
    screen.getByText('"NVDA" is not in your watchlist');
    await user.click(screen.getByRole('button', { name: 'Add NVDA to Watchlist' }));
    expect(onQuickAdd).toHaveBeenCalledWith('NVDA');
    await user.clear(search);
    await user.type(search, 'nvidia corp');
    screen.getByText('No tickers match your filters');
    expect(screen.queryByRole('button', { name: /to Watchlist/ })).toBeNull();
  });
  it('sorts from the table headers (switch field, flip direction)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const rows = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-ticker'));
    expect(rows()).toEqual(['AAPL', 'TSLA']);
    await user.click(screen.getByRole('button', { name: /^Ticker/ }));
    expect(rows()).toEqual(['AAPL', 'TSLA']);
    expect(screen.getByRole('columnheader', { name: /Ticker/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /^Ticker/ }));
    expect(rows()).toEqual(['TSLA', 'AAPL']);
  });
  it('the table cuts a long summary to a few lines, so its whole text is the tooltip', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const link = screen.getByRole('link', { name: 'Apple Inc.: Results of operations' });
    expect(link.closest('.filing-summary')?.getAttribute('title')).toBe('Apple Inc.: Results of operations');
  });
  it('the empty list says so', () => {
    render(<Harness items={[]} />);
    screen.getByText('No tickers in your watchlist yet.');
    screen.getByText('Add your first ticker to start tracking SEC filings.');
  });
  it("offers 'Need More Tickers?', warns above 90% of the limit and turns the counter red at it", () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ id: i, ticker: `T${i}` }));
    const few = render(<Harness items={many.slice(0, 3)} limit={10} />);
    // A free plan far from its limit: no second upgrade prompt (issue 28).
    expect(screen.queryByText('Need More Tickers?')).toBeNull();
    few.unmount();
    const { unmount } = render(<Harness items={many.slice(0, 9)} limit={10} />);
    screen.getByText('Need More Tickers?');
    expect(screen.queryByText(/You've reached/)).toBeNull();
    expect(screen.getByTestId('ticker-counter').className).toContain('ticker-counter--ok');
    unmount();
    const second = render(<Harness items={many.slice(0, 46)} limit={50} pro />);
    screen.getByText("You're using 46 of your 50 tickers.");
    expect(screen.getByTestId('ticker-counter').className).toContain('ticker-counter--warning');
    second.unmount();
    render(<Harness items={many.slice(0, 10)} limit={10} />);
    screen.getByText(/You've reached your 10 ticker limit/);
    expect(screen.getByTestId('ticker-counter').className).toContain('ticker-counter--full');
  });
});
