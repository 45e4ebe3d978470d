import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TradingPlatformModal } from './TradingPlatformModal';

function Opener({ onSave }: { onSave: (url: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Trade AAPL
      </button>
      {open && <TradingPlatformModal currentUrl={null} onSave={onSave} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('trading platform modal (SPEC.md sections 3, 5 and 8)', () => {
  it('lists the nine platforms and validates with the spec messages', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<TradingPlatformModal currentUrl={null} onSave={onSave} onClose={() => undefined} />);
    expect(screen.getAllByRole('radio')).toHaveLength(9);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a trading platform');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('Custom URL'), 'https://x.example/q');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Custom URL must contain {TICKER} placeholder');
    await user.type(screen.getByLabelText('Custom URL'), '?s={{TICKER}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('https://x.example/q?s={TICKER}');
  });
  it('saves a listed platform as its template', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<TradingPlatformModal currentUrl={null} onSave={onSave} onClose={() => undefined} />);
    await user.click(screen.getByRole('radio', { name: 'E*TRADE' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('https://us.etrade.com/etx/mkt/quotes?symbol={TICKER}');
  });
  it('traps focus inside, closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Opener onSave={async () => undefined} />);
    const opener = screen.getByRole('button', { name: 'Trade AAPL' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Set Up Trading Platform' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 14; i++) await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
