import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RealtimeUpsell } from './LiveNotice';

describe('real-time alerts note on free dashboards', () => {
  it('is a complementary landmark named by its heading, and its close button says what it closes', async () => {
    render(<RealtimeUpsell />);
    const note = screen.getByRole('complementary', { name: 'Get real-time alerts' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss the real-time alerts note' }));
    expect(note.isConnected).toBe(false);
    expect(screen.queryByRole('complementary', { name: 'Get real-time alerts' })).toBeNull();
  });
});
