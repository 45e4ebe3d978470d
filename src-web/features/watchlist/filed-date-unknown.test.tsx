/**
 * Meta's FY2023 10-K as the server sends it (the replay's bare document: no SEC header, no filing
 * date recorded; filed_at is its period end, kept only to order): the dashboard row, the card and
 * the chart's marker label say "Filing date not recorded", never "Dec 31, 2023".
 */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FILED_DATE_NOT_RECORDED } from '#shared/filed-date';
import { MarkerTooltip } from '../ticker-page/PriceChartParts';
import { groupMarkers, type ChartMarker } from '../ticker-page/ticker-page-rules';
import { TickerCard } from './TickerCard';
import { WatchlistTable } from './WatchlistTable';
import type { WatchlistItem } from './watchlist-types';

const META_FY2023 = {
  id: 1,
  accession_no: '0001326801-24-000012',
  form: '10-K',
  importance: 'MEDIUM' as const,
  one_liner: 'Meta Platforms, Inc. annual report (10-K) for the period ended 2023-12-31 (fiscal 2023)',
  filed_at: '2023-12-31T05:00:00.000Z',
  filed_date_unknown: true,
};
const item: WatchlistItem = {
  id: 3,
  ticker: 'META',
  company_name: 'Meta Platforms, Inc.',
  forms: '10-K',
  last_filing_date: META_FY2023.filed_at,
  last_filing_date_unknown: true,
  recent_filings: [META_FY2023],
};
const PERIOD_END_AS_FILED = /Dec 3[01], 2023|ago$/;

describe('a 10-K whose filing date is not recorded', () => {
  for (const recorded of [false, true]) {
    const display = { primaryForm: '8-K', pro: true, showAll: false, recorded };

    it(`the dashboard row says so instead of its period end (${recorded ? 'replay' : 'live'} mode)`, () => {
      render(
        <MemoryRouter>
          <WatchlistTable
            items={[item]}
            display={display}
            actions={{ onTrade: vi.fn(), onRemove: vi.fn() }}
            sort={{ field: 'ticker', direction: 'asc' }}
            onHeaderClick={vi.fn()}
            flashTickers={new Set()}
          />
        </MemoryRouter>,
      );
      const row = document.querySelector<HTMLElement>('tr[data-ticker="META"]')!;
      expect(within(row).getByText(FILED_DATE_NOT_RECORDED)).toBeTruthy();
      expect(row.querySelector('time')).toBeNull();
      expect(row.textContent).not.toMatch(PERIOD_END_AS_FILED);
    });

    it(`the card says so instead of its period end (${recorded ? 'replay' : 'live'} mode)`, () => {
      const { container } = render(
        <MemoryRouter>
          <TickerCard item={item} display={display} />
        </MemoryRouter>,
      );
      const meta = container.querySelector<HTMLElement>('.latest-filing__meta')!;
      expect(within(meta).getByText(FILED_DATE_NOT_RECORDED)).toBeTruthy();
      expect(meta.querySelector('time')).toBeNull();
      expect(meta.textContent).not.toMatch(PERIOD_END_AS_FILED);
    });
  }

  it("the chart marker's label says so and where the marker sits", () => {
    const marker: ChartMarker = {
      id: 1,
      day: '2023-12-29',
      filed_at: META_FY2023.filed_at,
      filed_date_unknown: true,
      importance: 'MEDIUM',
      form: '10-K',
      one_liner: META_FY2023.one_liner,
    };
    const [day] = groupMarkers([marker]);
    render(<MarkerTooltip hover={{ marker: day!, x: 300, y: 200 }} weekly={false} container={{ current: null }} />);
    const tooltip = screen.getByTestId('chart-tooltip');
    expect(within(tooltip).getByText(`${FILED_DATE_NOT_RECORDED} (marked at its period end)`)).toBeTruthy();
    expect(tooltip.querySelector('li')!.textContent).not.toMatch(PERIOD_END_AS_FILED);
  });
});
