import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AddTickerForm } from './AddTickerForm';

// The PRO limit set to a number no copy could have typed by hand: the form must say whatever the
// shared plan rules say (their own tests hold the real 10 / 50).
vi.mock('#shared/plans', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#shared/plans')>()),
  PRO_TICKER_LIMIT: 75,
}));

function Form({ pro, existing = [] }: { pro: boolean; existing?: string[] }) {
  const [tickers, setTickers] = useState('');
  return (
    <MemoryRouter>
      <AddTickerForm
        brand="8k"
        pro={pro}
        paidPlan={pro}
        existingTickers={existing}
        limit={pro ? 75 : 10}
        tickers={tickers}
        onTickersChange={setTickers}
        search={async () => []}
        submit={async () => ({ added: [] })}
      />
    </MemoryRouter>
  );
}

describe("the add form's ticker numbers come from the plan rules (#shared/plans)", () => {
  it("free plan: the upgrade banner offers PRO's limit, and the limit hint keeps the spec's words", async () => {
    render(<Form pro={false} existing={['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']} />);
    const banner = document.querySelector('[data-upsell="add-form"]');
    expect(banner?.firstElementChild?.textContent).toBe(
      'PRO unlocks every form type, 75 tickers and real-time alerts.',
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Tickers or company names' }), 'MSFT, AAPL');
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Adding 2 ticker(s) would exceed your limit of 10. Upgrade to PRO for up to 75 tickers.',
    );
  });
  it('PRO plan: no upgrade banner and no other plan number in the form', () => {
    const { container } = render(<Form pro />);
    expect(container.querySelector('[data-upsell="add-form"]')).toBeNull();
    expect(container.textContent).not.toMatch(/\d+ tickers/);
  });
});
