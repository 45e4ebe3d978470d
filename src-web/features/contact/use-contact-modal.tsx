import { useState, type ReactNode } from 'react';
import { storeUser, useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ContactModal } from './ContactModal';

/** The contact modal wired to the server; 'Got it!' refreshes the watchlist and the user. */
export function useContactModal(onDone?: () => void): { open: () => void; modal: ReactNode } {
  const [isOpen, setOpen] = useState(false);
  const auth = useAuth();
  const utils = trpc.useUtils();
  const notify = trpc.auth.notify.useMutation();
  const modal = isOpen ? (
    <ContactModal
      user={auth.user}
      session={auth.session}
      submit={async ({ channel, email, phone, approvalCode }) => {
        // Both contacts are sent: a missing one would be cleared. The server picks the channels.
        const result = await notify.mutateAsync({
          email: channel === 'email' ? email : (auth.user?.email ?? null),
          phone: channel === 'sms' ? phone : (auth.user?.phone ?? null),
          ...(approvalCode ? { approvalCode } : {}),
        });
        storeUser(result.user);
      }}
      onClose={() => setOpen(false)}
      onDone={() => {
        setOpen(false);
        void utils.invalidate();
        onDone?.();
      }}
    />
  ) : null;
  return { open: () => setOpen(true), modal };
}
