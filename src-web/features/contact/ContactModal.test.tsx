import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContactModal } from './ContactModal';

// The sent confirmation asks auth.me who is signed in (to remember the awaited YES); no tRPC here.
vi.mock('../session/SessionSync', () => ({ useServerUser: () => ({ data: { id: 'u1' } }) }));

const unverified = {
  email: 'old@example.com',
  phone: null,
  verified: false,
  isAdmin: false,
  planType: 'free',
  planStatus: 'inactive',
};

function setup(props: Partial<Parameters<typeof ContactModal>[0]> = {}) {
  const submit = vi.fn(async () => undefined);
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(<ContactModal user={null} session="s1" submit={submit} onDone={onDone} onClose={onClose} {...props} />);
  return { submit, onDone, onClose, user: userEvent.setup() };
}

describe('contact modal (SPEC.md sections 2, 5 and 8)', () => {
  it("is titled 'Add Contact Information' for a new contact and requires a value", async () => {
    const { user, submit } = setup();
    screen.getByRole('dialog', { name: 'Add Contact Information' });
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your contact information');
    expect(submit).not.toHaveBeenCalled();
  });
  it('needs a session', async () => {
    const { user } = setup({ session: null });
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(screen.getByRole('alert').textContent).toBe('Session not found. Please refresh the page.');
  });
  it("normalises a US phone, sends it, and confirms with 'Verification Text Sent!' then 'Got it!'", async () => {
    const { user, submit, onDone } = setup();
    await user.click(screen.getByRole('radio', { name: 'Text/SMS' }));
    screen.getByText(/US numbers only/);
    await user.type(screen.getByLabelText('Mobile number'), '415.555.0134');
    await user.click(screen.getByRole('button', { name: 'Send verification text' }));
    expect(submit).toHaveBeenCalledWith({ channel: 'sms', email: null, phone: '+14155550134' });
    expect(screen.getByRole('dialog', { name: 'Verification Text Sent!' }).textContent).toContain('Reply YES');
    // Remembered by the confirmation's effect, which runs after the dialog is on screen (CI once read it before).
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('awaitingYes') ?? 'null')).toMatchObject({
        phone: '+14155550134',
        userId: 'u1',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Got it!' }));
    expect(onDone).toHaveBeenCalledOnce();
  });
  it("updating: prefilled, 'Clear Email' empties the field, and the re-verification warning shows", async () => {
    const { user, submit } = setup({ user: unverified });
    screen.getByRole('dialog', { name: 'Update Contact Information' });
    screen.getByText(
      'Changing your contact information requires verifying it again. As soon as you save a new email address, alerts stop going to old@example.com and go to the new one only once it is verified.',
    );
    const field = screen.getByLabelText('Email address') as HTMLInputElement;
    expect(field.value).toBe('old@example.com');
    await user.click(screen.getByRole('button', { name: 'Clear Email' }));
    expect(field.value).toBe('');
    await user.type(field, 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(submit).toHaveBeenCalledWith({ channel: 'email', email: 'new@example.com', phone: null });
    expect(screen.getByRole('dialog', { name: 'Verification Email Sent!' }).textContent).toContain('Click the link');
  });
  it('adding a contact to a verified account asks for the code sent to the verified contact, then sends it', async () => {
    const asked = 'To add a new contact, enter the 6-digit code we sent to o•••@example.com.';
    const submit = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error(asked), { data: { reason: 'approval_required', httpStatus: 403 } }),
      )
      .mockResolvedValueOnce(undefined);
    const { user } = setup({ submit, user: { ...unverified, email: 'old@example.com', verified: true } });
    await user.click(screen.getByRole('radio', { name: 'Text/SMS' }));
    await user.type(screen.getByLabelText('Mobile number'), '202 555 0143');
    await user.click(screen.getByRole('button', { name: 'Send verification text' }));
    expect((await screen.findByText(/we sent to o•••@example.com/)).textContent).toContain('keeps anyone else');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve and send verification' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit approval code.');
    await user.type(screen.getByLabelText('Approval code'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Approve and send verification' }));
    expect(submit).toHaveBeenLastCalledWith({
      channel: 'sms',
      email: null,
      phone: '+12025550143',
      approvalCode: '123456',
    });
    screen.getByRole('dialog', { name: 'Verification Text Sent!' });
  });
  it('editing the contact after a code was asked drops the code field (the code was for the other contact)', async () => {
    const asked = 'To add a new contact, enter the 6-digit code we sent to o•••@example.com.';
    const submit = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error(asked), { data: { reason: 'approval_required', httpStatus: 403 } }),
      );
    const { user } = setup({ submit, user: { ...unverified, verified: true } });
    await user.type(screen.getByLabelText('Email address'), 'x');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    await screen.findByLabelText('Approval code');
    await user.type(screen.getByLabelText('Email address'), 'y');
    expect(screen.queryByLabelText('Approval code')).toBeNull();
  });
  it("shows the server's reason, or 'Failed to add contact info'", async () => {
    const submit = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = setup({ submit });
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add contact info');
  });
});
