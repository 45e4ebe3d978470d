import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADDON_PACK_PRICE_USD, ADDON_PACK_TICKERS, hasActiveProPlan } from '../../../src-server/core/plans';
import { Modal } from '../../components/Modal';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { useThemeMode } from '../../features/session/use-theme-mode';
import { platformOfUrl, TRADING_PLATFORMS } from '../../../src-server/core/trading-url';
import { useTrade } from '../../features/trading/use-trade';
import { errorMessage } from '../../lib/errors';
import { storeUser, type StoredUser } from '../../lib/session';
import { STORAGE_KEYS, clearAllClientStorage, writeStorage } from '../../lib/storage';
import { trpc } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';
import { canConfirmDelete, DELETE_CONFIRM_WORD } from './settings-rules';

export function TradingSection({ url, save }: { url: string | null; save: (url: string) => Promise<void> }) {
  const trading = useTrade(url, save);
  const platform = platformOfUrl(url);
  const name = TRADING_PLATFORMS.find((p) => p.id === platform)?.name;
  return (
    <section id="trading" className="settings-section" aria-labelledby="trading-title">
      <h2 id="trading-title">Trading platform</h2>
      <p>
        {name ? (
          <>
            Trade buttons open <strong>{name}</strong>
            {platform === 'custom' && url ? <> (<code>{url}</code>)</> : null}.
          </>
        ) : (
          'No platform yet: the first Trade click asks you to choose one.'
        )}
      </p>
      <button type="button" className="btn btn-secondary" onClick={trading.openSetup}>
        {name ? 'Change platform' : 'Set up platform'}
      </button>
      {trading.modal}
    </section>
  );
}

export function ThemeSection() {
  const [mode, setMode] = useThemeMode();
  return (
    <section id="theme" className="settings-section" aria-labelledby="theme-title">
      <h2 id="theme-title">Appearance</h2>
      <fieldset className="segmented">
        <legend className="visually-hidden">Theme</legend>
        {(['light', 'dark'] as const).map((option) => (
          <label key={option} className={mode === option ? 'is-active' : ''}>
            <input
              type="radio"
              name="theme"
              value={option}
              checked={mode === option}
              onChange={() => setMode(option)}
            />
            {option === 'light' ? 'Light' : 'Dark'}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

export function AddOnsSection({ pro, limit }: { pro: boolean; limit: number }) {
  return (
    <section id="ticker-add-ons" className="settings-section" aria-labelledby="addons-title">
      <h2 id="addons-title">Ticker Add-ons</h2>
      <p>
        Your limit is <strong>{limit} tickers</strong>. Each add-on pack gives +{ADDON_PACK_TICKERS} tickers for ${ADDON_PACK_PRICE_USD}/month.
      </p>
      {pro ? (
        <>
          <p className="notice notice--warning">Online payment is not set up on this server yet, so add-on packs cannot be bought here right now.</p>
          <button type="button" className="btn btn-secondary" disabled>
            Buy +{ADDON_PACK_TICKERS} tickers
          </button>
        </>
      ) : (
        <p>
          Add-ons are for PRO subscribers. <Link to="/upgrade">Upgrade to PRO</Link> for 50 tickers first.
        </p>
      )}
    </section>
  );
}

export function SubscriptionSection({ user, pro }: { user: StoredUser | null; pro: boolean }) {
  const cancel = trpc.billing.cancel.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, showDone] = useTimedMessage(6_000);
  const paying = hasActiveProPlan(user);
  const onCancel = async () => {
    setError(null);
    try {
      const result = await cancel.mutateAsync();
      storeUser(result.user);
      setConfirming(false);
      showDone('Your subscription is canceled.');
    } catch (failure) {
      setConfirming(false);
      setError(errorMessage(failure, 'Could not cancel your subscription. Please try again.'));
    }
  };
  return (
    <section id="subscription" className="settings-section" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      <p>
        Plan: <strong>{pro ? 'PRO' : 'Free'}</strong>
        {user?.isAdmin ? ' (administrator)' : ''}
        {user?.planType === 'pro' && user.planStatus !== 'active' ? ` — ${user.planStatus}` : ''}
      </p>
      <ErrorBox>{error}</ErrorBox>
      <SuccessBox>{done}</SuccessBox>
      {paying ? (
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          Cancel subscription
        </button>
      ) : (
        !pro && (
          <Link className="btn btn-upgrade" to="/upgrade">
            Upgrade to PRO
          </Link>
        )
      )}
      {confirming && (
        <Modal title="Cancel your PRO subscription?" size="sm" onClose={() => setConfirming(false)}>
          <p>You go back to the free plan: 10 tickers, the free form types and a daily digest instead of real-time alerts.</p>
          <div className="modal__actions">
            <button type="button" className="btn btn-secondary" data-autofocus onClick={() => setConfirming(false)}>
              Keep PRO
            </button>
            <button type="button" className="btn btn-danger" disabled={cancel.isPending} onClick={() => void onCancel()}>
              {cancel.isPending ? 'Canceling...' : 'Cancel subscription'}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}

export function DeleteAccountSection() {
  const queryClient = useQueryClient();
  const remove = trpc.auth.deleteAccount.useMutation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync({ confirm: true });
      queryClient.clear();
      clearAllClientStorage();
      writeStorage(STORAGE_KEYS.loggingOut, '1');
      window.location.assign('/');
    } catch (failure) {
      setError(errorMessage(failure, 'Could not delete your account. Please try again.'));
    }
  };
  return (
    <section id="delete-account" className="settings-section settings-section--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p>Removes your watchlist, preferences, contacts and alert history at once. This cannot be undone.</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && (
        <Modal title="Delete your account?" size="sm" onClose={() => setOpen(false)} describedBy="delete-warning">
          <p id="delete-warning">Everything is deleted immediately: watchlist, preferences, contacts and alert history.</p>
          <div className="field">
            <label htmlFor="delete-confirm">Type {DELETE_CONFIRM_WORD} to confirm</label>
            <input id="delete-confirm" className="input" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" data-autofocus />
          </div>
          <ErrorBox>{error}</ErrorBox>
          <div className="modal__actions">
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              Keep my account
            </button>
            <button type="button" className="btn btn-danger" disabled={!canConfirmDelete(typed) || remove.isPending} onClick={() => void onDelete()}>
              {remove.isPending ? 'Deleting...' : 'Delete permanently'}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
