import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AddTickerForm, type AddTickerFormProps } from './AddTickerForm';

const CATALOGUE = [
  { ticker: 'AAPL', name: 'Apple Inc.' },
  { ticker: 'AAP', name: 'Advance Auto Parts' },
  { ticker: 'MSFT', name: 'Microsoft Corp' },
  { ticker: 'MS', name: 'Morgan Stanley' },
];
const search = async (q: string) => CATALOGUE.filter((c) => c.ticker.startsWith(q) || c.name.toUpperCase().includes(q));

function Harness(overrides: Partial<AddTickerFormProps>) {
  const [tickers, setTickers] = useState(overrides.tickers ?? '');
  return (
    <MemoryRouter>
      <AddTickerForm
        brand="8k"
        pro={false}
        paidPlan={false}
        existingTickers={[]}
        limit={10}
        search={search}
        submit={async () => ({ added: ['X'], updated: [], skipped: [] })}
        {...overrides}
        tickers={tickers}
        onTickersChange={setTickers}
      />
    </MemoryRouter>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Tickers or company names' });

describe('ticker typeahead (SPEC.md section 5)', () => {
  it('uppercases input, orders exact/prefix first, arrows cycle, Enter picks and appends "TICKER, "', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'ms');
    expect(field()).toHaveProperty('value', 'MS');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['MSMorgan Stanley', 'MSFTMicrosoft Corp']);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(field().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(field()).toHaveProperty('value', 'MSFT, ');
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });
  it('completes only the last entry, Tab selects, Escape closes', async () => {
    const user = userEvent.setup();
    render(<Harness tickers="MSFT, " />);
    await user.type(field(), 'aa');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    await user.type(field(), 'p');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Tab}');
    expect(field()).toHaveProperty('value', 'MSFT, AAP, ');
  });
  it('picks with the pointer only when it moves: a list opening under a resting pointer selects nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), 'ms');
    const second = (await screen.findAllByRole('option'))[1]!;
    // What Chrome sends when the list appears under a pointer that has not moved.
    fireEvent.mouseEnter(second);
    fireEvent.mouseMove(second, { movementX: 0, movementY: 0 });
    expect(second.getAttribute('aria-selected')).toBe('false');
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.mouseMove(second, { movementX: 3, movementY: 1 });
    expect(second.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(field()).toHaveProperty('value', 'MSFT, ');
  });
});

describe('add form validation and results (SPEC.md sections 5 and 8)', () => {
  it('asks for a ticker, then a form type', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a ticker symbol or company name');
    await user.type(field(), 'AAPL');
    // Typing answers the message: it goes, and the field no longer reads as invalid.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field().getAttribute('aria-invalid')).not.toBe('true');
    await user.click(screen.getByRole('checkbox', { name: '8-K' }));
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select at least one form type');
  });
  it('locks upsell forms for free users with a PRO badge', () => {
    render(<Harness />);
    const four = screen.getByRole('checkbox', { name: '4' });
    expect(four).toHaveProperty('disabled', true);
    // The badge is a status (described by it), not a link: no upsell tab stops before Add (issue 28).
    expect(four.getAttribute('aria-describedby')).toBe('form-type-4-lock');
    expect(document.getElementById('form-type-4-lock')?.textContent).toBe(' PRO only');
    expect(screen.queryByRole('link', { name: /requires PRO/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: '8-K' })).toHaveProperty('checked', true);
  });
  it('tabs from the ticker field through the form types to Add, upsell links after it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    field().focus();
    const stops: string[] = [];
    for (let i = 0; i < 6; i++) {
      await user.tab();
      const el = document.activeElement as HTMLElement;
      stops.push(el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
      if (el.textContent === 'Add to Watchlist') break;
    }
    expect(stops.at(-1)).toBe('Add to Watchlist');
    expect(stops.length).toBeLessThanOrEqual(4);
  });
  it('stops at the limit with the free hint, counting only new tickers', async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    render(<Harness existingTickers={['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']} submit={submit} />);
    await user.type(field(), 'A, MSFT, AAPL');
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Adding 2 ticker(s) would exceed your limit of 10. Upgrade to PRO for up to 50 tickers.',
    );
    expect(submit).not.toHaveBeenCalled();
  });
  it("resolves long names, shows 'Adding...' while pending and a success message that clears after 3 s", async () => {
    let finish: (value: { added: string[] }) => void = () => {};
    const submit = vi.fn(() => new Promise<{ added: string[] }>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<Harness submit={submit} />);
    await user.type(field(), 'microsoft, aap');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist' }));
    expect(await screen.findByRole('button', { name: 'Adding...' })).toHaveProperty('disabled', true);
    expect(submit).toHaveBeenCalledWith({ tickers: ['MSFT', 'AAP'], forms: ['8-K'], notes: '' });
    vi.useFakeTimers();
    await act(async () => finish({ added: ['MSFT', 'AAP'] }));
    expect(screen.getByRole('status').textContent).toBe('✅ 2 tickers added');
    expect(field()).toHaveProperty('value', '');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('status')).toBeNull();
    vi.useRealTimers();
  });
  it('shows the server message for an unknown ticker', async () => {
    const { TRPCClientError } = await import('@trpc/client');
    const submit = () =>
      Promise.reject(
        new TRPCClientError('', {
          result: {
            error: { message: '', code: -32600, data: { reason: 'ticker_not_recognized', httpStatus: 400 } },
          } as never,
        }),
      );
    const user = userEvent.setup();
    render(<Harness submit={submit} />);
    await user.type(field(), 'ZZZZ');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Ticker symbol not recognized. Please check the spelling or try a different symbol.',
      ),
    );
  });
  it('PRO users get every form unlocked and NEW_LISTINGS selected by default', () => {
    render(<Harness pro paidPlan />);
    expect(screen.getByRole('checkbox', { name: '4' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('checkbox', { name: 'Follow NEW_LISTINGS for these tickers' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByRole('switch')).toBeNull();
  });
  it("offers the 'Try PRO' show-all toggle to free users on brands with a primary form", async () => {
    const onShowAllChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onShowAllChange={onShowAllChange} showAll={false} />);
    await user.click(screen.getByRole('switch'));
    expect(onShowAllChange).toHaveBeenCalledWith(true);
  });
});
