import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import type { AppRouter } from '#server/transport/trpc/app-router';
import { Link } from 'react-router';
import { ADDON_PACK_PRICE_USD, ADDON_PACK_TICKERS } from '#shared/plans';
import { longDate, money, requestKey } from '../../features/billing/billing-format';
import { Modal } from '../../components/Modal';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { useThemeMode } from '../../features/session/use-theme-mode';
import { platformOfUrl, TRADING_PLATFORMS } from '#shared/trading-url';
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

type BillingStatus = inferRouterOutputs<AppRouter>['billing']['status'];

/** Settings → Ticker Add-ons: choose packs, see the prorated charge or credit, confirm. */
export function AddOnsSection({ pro, limit, billing }: { pro: boolean; limit: number; billing: BillingStatus | undefined }) {
  const utils = trpc.useUtils();
  const current = billing?.addonPacks ?? 0;
  const [packs, setPacks] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [done, showDone] = useTimedMessage(8_000);
  const change = trpc.billing.setAddons.useMutation();
  const subscribed = Boolean(billing?.hasSubscription && billing.planType === 'pro' && billing.billingStatus !== 'past_due');
  const preview = trpc.billing.previewAddons.useQuery({ packs }, { enabled: subscribed && packs !== current && !billing?.pendingAddonPacks, retry: false });
  useEffect(() => setPacks(current), [current]);
  const min = billing?.minimumPacks ?? 0;
  const max = billing?.maxPacks ?? 20;
  const onConfirm = async () => {
    setError(null);
    try {
      const result = await change.mutateAsync({ packs, requestKey: requestKey() });
      storeUser(result.user);
      void utils.billing.status.invalidate();
      void utils.watchlist.get.invalidate();
      if (result.status === 'payment_pending') {
        setError('Your card was not charged, so the change is waiting for payment. Your limit stays as it was.');
      } else {
        showDone(`Done: ${result.addonPacks} add-on pack${result.addonPacks === 1 ? '' : 's'}, ${result.tickerLimit} tickers.`);
      }
    } catch (failure) {
      setError(errorMessage(failure, 'Could not change your add-ons. Please try again.'));
    }
  };
  return (
    <section id="ticker-add-ons" className="settings-section" aria-labelledby="addons-title">
      <h2 id="addons-title">Ticker Add-ons</h2>
      <p>
        Your limit is <strong data-testid="settings-ticker-limit">{limit} tickers</strong>. Each add-on pack gives +{ADDON_PACK_TICKERS} tickers for $
        {ADDON_PACK_PRICE_USD}/month.
      </p>
      {!pro ? (
        <p>
          Add-ons are for PRO subscribers. <Link to="/upgrade">Upgrade to PRO</Link> for 50 tickers first.
        </p>
      ) : !billing?.brandSellsPlans ? (
        <p>Add-ons are sold with the PRO plan on our all-filings product.</p>
      ) : !subscribed ? (
        <p>{billing?.isAdmin ? 'Admin accounts have PRO without a subscription, so there are no add-ons to buy.' : 'Add-ons need an active subscription without a payment problem.'}</p>
      ) : billing.pendingAddonPacks != null ? (
        <p className="notice notice--warning">
          A change to {billing.pendingAddonPacks} pack(s) is waiting for payment until {longDate(billing.pendingUpdateExpiresAt)}.{' '}
          {billing.billingActionUrl && <a href={billing.billingActionUrl}>Pay now</a>}
        </p>
      ) : (
        <>
          <div className="stepper" role="group" aria-label="Add-on packs">
            <button type="button" className="btn btn-secondary btn-sm" aria-label="One pack fewer" disabled={packs <= 0} onClick={() => setPacks((n) => n - 1)}>
              −
            </button>
            <output aria-live="polite" data-testid="addon-packs">
              {packs} pack{packs === 1 ? '' : 's'} → {50 + ADDON_PACK_TICKERS * packs} tickers
            </output>
            <button type="button" className="btn btn-secondary btn-sm" aria-label="One pack more" disabled={packs >= max} onClick={() => setPacks((n) => n + 1)}>
              +
            </button>
          </div>
          {packs < min && (
            <p className="notice notice--warning">
              Your watchlist has {billing.watchlistCount} tickers: keep at least {min} pack{min === 1 ? '' : 's'}, or remove tickers first.
            </p>
          )}
          {packs !== current && packs >= min && (
            <div className="addon-preview" data-testid="addon-preview" aria-live="polite">
              {preview.isLoading && <p className="muted">Working out the price...</p>}
              {preview.error && <ErrorBox>{errorMessage(preview.error, 'Could not price this change.')}</ErrorBox>}
              {preview.data?.direction === 'increase' && (
                <p>
                  You pay <strong>{money(preview.data.amountDueNow)}</strong> now for the rest of this billing period, then {money(preview.data.monthlyTotal)}/month.
                  The new tickers are yours once the payment goes through.
                </p>
              )}
              {preview.data?.direction === 'decrease' && (
                <p>
                  The unused time, <strong>{money(preview.data.credit)}</strong>, is credited to your next invoice ({money(preview.data.nextInvoiceAmount)}
                  ); then {money(preview.data.monthlyTotal)}/month.
                </p>
              )}
              <button type="button" className="btn btn-primary" disabled={!preview.data || change.isPending} onClick={() => void onConfirm()}>
                {change.isPending ? 'Saving...' : packs > current ? `Buy ${packs - current} pack${packs - current === 1 ? '' : 's'}` : `Remove ${current - packs} pack${current - packs === 1 ? '' : 's'}`}
              </button>
            </div>
          )}
        </>
      )}
      <ErrorBox>{error}</ErrorBox>
      <SuccessBox>{done}</SuccessBox>
    </section>
  );
}

/** Settings → Subscription: plan, renewal or end date, cancel at period end, resume, billing portal. */
export function SubscriptionSection({ user, pro, billing }: { user: StoredUser | null; pro: boolean; billing: BillingStatus | undefined }) {
  const utils = trpc.useUtils();
  const cancel = trpc.billing.cancel.useMutation();
  const resume = trpc.billing.resume.useMutation();
  const portal = trpc.billing.portal.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, showDone] = useTimedMessage(6_000);
  const paying = Boolean(billing?.hasSubscription && billing.planType === 'pro');
  const after = (result: { user: StoredUser }) => {
    storeUser(result.user);
    void utils.billing.status.invalidate();
    void utils.auth.profile.invalidate();
  };
  const onCancel = async () => {
    setError(null);
    try {
      const result = await cancel.mutateAsync();
      after(result);
      setConfirming(false);
      showDone(`Your subscription is canceled. You keep PRO until ${longDate(result.planPeriodEnd)}.`);
    } catch (failure) {
      setConfirming(false);
      setError(errorMessage(failure, 'Could not cancel your subscription. Please try again.'));
    }
  };
  const onResume = async () => {
    setError(null);
    try {
      after(await resume.mutateAsync());
      showDone('Your subscription renews again.');
    } catch (failure) {
      setError(errorMessage(failure, 'Could not resume your subscription. Please try again.'));
    }
  };
  const onPortal = async () => {
    setError(null);
    try {
      window.location.assign((await portal.mutateAsync(undefined)).url);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not open billing. Please try again.'));
    }
  };
  return (
    <section id="subscription" className="settings-section" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      <p data-testid="plan-line">
        Plan: <strong>{pro ? 'PRO' : 'Free'}</strong>
        {user?.isAdmin ? ' (administrator)' : ''}
        {billing?.cancelAtPeriodEnd && billing.planCancelAt ? (
          <> — PRO until {longDate(billing.planCancelAt)}</>
        ) : paying && billing?.planPeriodEnd ? (
          <> — renews on {longDate(billing.planPeriodEnd)}</>
        ) : null}
        {paying && billing ? <> · ${(billing.prices.proMonthly + billing.prices.addonMonthly * billing.addonPacks) / 100}/month</> : null}
      </p>
      {billing?.billingStatus === 'incomplete' && billing.billingActionUrl && (
        <p className="notice notice--warning">
          Your first payment needs your confirmation. <a href={billing.billingActionUrl}>Confirm payment</a>
        </p>
      )}
      <ErrorBox>{error}</ErrorBox>
      <SuccessBox>{done}</SuccessBox>
      <div className="row">
        {paying && billing?.cancelAtPeriodEnd && (
          <button type="button" className="btn btn-primary" disabled={resume.isPending} onClick={() => void onResume()}>
            {resume.isPending ? 'Resuming...' : 'Resume subscription'}
          </button>
        )}
        {paying && !billing?.cancelAtPeriodEnd && (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            Cancel subscription
          </button>
        )}
        {billing?.brandSellsPlans && billing.mode !== 'off' && (paying || billing.billingStatus !== 'none') && (
          <button type="button" className="btn btn-secondary" disabled={portal.isPending} onClick={() => void onPortal()}>
            Manage billing
          </button>
        )}
        {!pro && (
          <Link className="btn btn-upgrade" to="/upgrade">
            Upgrade to PRO
          </Link>
        )}
      </div>
      {confirming && (
        <Modal title="Cancel your PRO subscription?" size="sm" onClose={() => setConfirming(false)}>
          <p>
            It will not renew. You keep PRO until {longDate(billing?.planPeriodEnd)}; then your account moves to the free plan: 10 tickers (the
            others are paused, not deleted), the free form types and a daily digest instead of real-time alerts.
          </p>
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
