import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TickerFiling } from './ticker-types';
import { TransactionTable } from './TransactionTable';

// Tesla Form 4 0000899243-22-035394 as filed: Elon Musk's nine open-market sales of 2022-11-08 by his trust.
const SALES: [number, number, number][] = [
  [192_320, 189.58, 449_825_112],
  [366_242, 190.45, 449_458_870],
  [3_107_623, 191.47, 446_351_247],
  [376_134, 192.2, 445_975_113],
  [78_604, 193.34, 445_896_509],
  [198_124, 194.98, 445_698_385],
  [67_609, 195.15, 445_630_776],
  [8_575, 196.85, 445_622_201],
  [4_769, 197.7, 445_617_432],
];

const filing = {
  id: 1,
  accession_no: '0000899243-22-035394',
  form: '4',
  owners: [{ cik: 1494730, name: 'Elon Musk', role: 'CEO', href: '/insider/cik/1494730' }],
  transactions: SALES.map(([shares, price, after]) => ({
    owner_index: 0,
    table: 'non_derivative',
    holding: false,
    security: 'Common Stock',
    date: '2022-11-08',
    code: 'S',
    code_words: 'Open-market sale',
    acquired_disposed: 'D',
    shares,
    price,
    value: shares * price,
    shares_after: after,
    ownership: 'indirect',
    nature: 'by Trust',
    is_10b5_1: false,
    footnotes: [],
    underlying: null,
  })),
} as unknown as TickerFiling;

describe('Form 4 transaction table', () => {
  it('shows the owner and role once, each row in words, and the first six rows until asked for all', async () => {
    render(
      <MemoryRouter>
        <TransactionTable filing={filing} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(6);
    expect(within(table).getAllByRole('link', { name: 'Elon Musk' })).toHaveLength(1);
    expect(within(table).getByRole('link', { name: 'Elon Musk' }).getAttribute('href')).toBe('/insider/cik/1494730');
    expect(rows()[0]!.textContent).toContain('Open-market sale');
    expect(rows()[0]!.textContent).toContain('−192,320');
    expect(rows()[0]!.textContent).toContain('$189.58');
    expect(rows()[0]!.textContent).toContain('$36.46M');
    expect(rows()[0]!.textContent).toContain('449,825,112');
    expect(rows()[0]!.textContent).toContain('indirect: by Trust');

    await userEvent.click(screen.getByRole('button', { name: 'Show all 9 rows' }));
    expect(rows()).toHaveLength(9);
    expect(rows()[8]!.textContent).toContain('445,617,432');
    expect(screen.getByRole('button', { name: 'Show fewer rows' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows no sign before the dash of a row with no share count (notes bought in dollars)', () => {
    // Block, Inc. Form 4 0001062993-23-020702: Roelof Botha's fund bought $25.0M of convertible notes.
    const notes = {
      ...filing,
      accession_no: '0001062993-23-020702',
      owners: [{ cik: 1215245, name: 'Roelof Botha', role: 'Director', href: '/insider/cik/1215245' }],
      transactions: [
        {
          ...(filing as unknown as { transactions: object[] }).transactions[0],
          security: '0.25% Convertible Senior Notes due 2027',
          date: '2023-11-08',
          code: 'P',
          code_words: 'Open-market purchase',
          acquired_disposed: 'A',
          shares: null,
          price: null,
          value: 25_000_000,
          shares_after: null,
          nature: 'Sequoia Capital US/E Expansion Fund I, L.P.',
        },
      ],
    } as unknown as TickerFiling;
    render(
      <MemoryRouter>
        <TransactionTable filing={notes} />
      </MemoryRouter>,
    );
    const [row] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(row!.textContent).toContain('Open-market purchase');
    expect(row!.textContent).not.toContain('+—');
  });

  it('names the table and its caption "Form 4", not a bare "4", for a screen reader', () => {
    render(
      <MemoryRouter>
        <TransactionTable filing={filing} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Transactions in Form 4 0000899243-22-035394' })).toBeTruthy();
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe(
      'Transactions reported in Form 4 0000899243-22-035394',
    );
  });
});
