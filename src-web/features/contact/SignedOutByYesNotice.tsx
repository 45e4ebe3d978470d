import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { subscribeAuth } from '../../lib/session';
import { dismissSignedOutByYes, signedOutByYes } from './yes-sign-out';
import './yes-sign-out.css';

/** Says why this browser is signed out after the YES, and signs back in with that number in one step. */
export function SignedOutByYesNotice() {
  const phone = useSyncExternalStore(subscribeAuth, signedOutByYes, signedOutByYes);
  const navigate = useNavigate();
  if (!phone) return null;
  return (
    <div className="container">
      <div className="ticker-banner ticker-banner--success yes-notice" role="status" data-testid="signed-out-by-yes">
        <span className="yes-notice__text">
          <strong>{phone} is verified.</strong> Replying YES signed this browser out, so that only the phone's owner
          gets into the account. Your watchlist is kept there.
        </span>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            dismissSignedOutByYes();
            void navigate('/login', { state: { identifier: phone, send: true } });
          }}
        >
          Text me a sign-in code
        </button>
        <button type="button" className="icon-btn" aria-label="Dismiss" onClick={dismissSignedOutByYes}>
          ×
        </button>
      </div>
    </div>
  );
}
