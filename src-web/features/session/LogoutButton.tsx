import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { useAuth } from '../../lib/session';
import { useLogout } from './use-logout';

/** Logout; an unverified user is warned first that the watchlist and settings will be lost. */
export function LogoutButton() {
  const auth = useAuth();
  const { logout, pending } = useLogout();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={pending}
        onClick={() => (auth.verified ? void logout() : setConfirming(true))}
      >
        {pending ? 'Logging out...' : 'Logout'}
      </button>
      {confirming && (
        <Modal
          title="Log out without verifying?"
          size="sm"
          onClose={() => setConfirming(false)}
          describedBy="logout-warning"
        >
          <p id="logout-warning">
            Your contact is not verified yet, so you cannot sign back in to this account. If you log out now, your
            watchlist and settings will be lost.
          </p>
          <div className="modal__actions">
            <button type="button" className="btn btn-secondary" data-autofocus onClick={() => setConfirming(false)}>
              Stay signed in
            </button>
            <button type="button" className="btn btn-danger" disabled={pending} onClick={() => void logout()}>
              {pending ? 'Logging out...' : 'Log out anyway'}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
