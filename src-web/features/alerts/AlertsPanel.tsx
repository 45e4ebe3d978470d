import { Link } from 'react-router';
import { COPY } from '#shared/copy';
import { FREE_TICKER_LIMIT, PRO_TICKER_LIMIT } from '#shared/plans';
import type { StoredUser } from '../../lib/session';
import { Icon } from '../../components/Icon';

/**
 * Below the list: 'Start Receiving Alerts' for a missing or unverified user ('Verify Now' when
 * a contact exists, else 'Add Contact Info'); 'Unlock PRO Features' for a verified free user.
 */
export function AlertsPanel({
  user,
  pro,
  onOpenContact,
}: {
  user: StoredUser | null;
  pro: boolean;
  onOpenContact: () => void;
}) {
  if (pro) return null;
  if (!user?.verified) {
    const hasContact = Boolean(user?.email || user?.phone);
    return (
      <section className="alerts-panel" aria-labelledby="alerts-panel-title">
        <div className="alerts-panel__icon" aria-hidden="true">
          <Icon name="bell" size="1.6rem" />
        </div>
        <div className="alerts-panel__body">
          <h2 id="alerts-panel-title">{COPY.startReceivingAlerts}</h2>
          <p>
            {hasContact
              ? `Confirm ${user?.email ?? user?.phone} to start getting alerts for your tickers.`
              : 'Add an email address or US mobile number and we will tell you when your companies file.'}
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={onOpenContact}>
          {hasContact ? COPY.verifyNow : COPY.addContactInfo}
        </button>
      </section>
    );
  }
  return (
    <section className="alerts-panel alerts-panel--pro" aria-labelledby="alerts-panel-title">
      <div className="alerts-panel__body">
        <h2 id="alerts-panel-title">{COPY.unlockPro}</h2>
        <ul className="compare-list">
          <li>
            <strong>{PRO_TICKER_LIMIT} tickers</strong> vs {FREE_TICKER_LIMIT}
          </li>
          <li>
            <strong>Real-time alerts</strong> vs daily digest
          </li>
          <li>
            <strong>AI analysis</strong> of every filing
          </li>
          <li>
            <strong>Everything included</strong>: every form type and NEW_LISTINGS
          </li>
        </ul>
      </div>
      <div className="alerts-panel__actions">
        <Link to="/upgrade" className="btn btn-upgrade">
          Upgrade
        </Link>
        <Link to="/pricing" className="btn btn-secondary">
          {COPY.viewPricing}
        </Link>
      </div>
    </section>
  );
}
