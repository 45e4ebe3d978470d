import { useState } from 'react';
import { Link } from 'react-router';
import { ADDON_PACK_PRICE_USD, ADDON_PACK_TICKERS, PRO_TICKER_LIMIT, proLimitWithPacks } from '#shared/plans';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { longDate, money, requestKey } from '../../features/billing/billing-format';
import { errorMessage } from '../../lib/errors';
import { plural } from '../../lib/format';
import type { RouterOutputs } from '../../lib/router-types';
import { storeUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';

type BillingStatus = RouterOutputs['billing']['status'];
type AddonPreview = RouterOutputs['billing']['previewAddons'];

/** − N packs → T tickers +. */
function PackStepper({
  packs,
  max,
  setPacks,
}: {
  packs: number;
  max: number;
  setPacks: (f: (n: number) => number) => void;
}) {
  return (
    <fieldset className="bare-fieldset stepper" aria-label="Add-on packs">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-label="One pack fewer"
        disabled={packs <= 0}
        onClick={() => setPacks((n) => n - 1)}
      >
        −
      </button>
      <output aria-live="polite" data-testid="addon-packs">
        {packs} pack{packs === 1 ? '' : 's'} → {proLimitWithPacks(packs)} tickers
      </output>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-label="One pack more"
        disabled={packs >= max}
        onClick={() => setPacks((n) => n + 1)}
      >
        +
      </button>
    </fieldset>
  );
}

/** The prorated charge (more packs) or credit (fewer), and the button that confirms it. */
function PackChangePreview({
  preview,
  packs,
  current,
  pending,
  onConfirm,
}: {
  preview: { isLoading: boolean; error: unknown; data?: AddonPreview };
  packs: number;
  current: number;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className="addon-preview" data-testid="addon-preview" aria-live="polite">
      {preview.isLoading && <p className="muted">Working out the price...</p>}
      {preview.error ? <ErrorBox>{errorMessage(preview.error, 'Could not price this change.')}</ErrorBox> : null}
      {preview.data?.direction === 'increase' && (
        <p>
          You pay <strong>{money(preview.data.amountDueNow)}</strong> now for the rest of this billing period, then{' '}
          {money(preview.data.monthlyTotal)}/month. The new tickers are yours once the payment goes through.
        </p>
      )}
      {preview.data?.direction === 'decrease' && (
        <p>
          The unused time, <strong>{money(preview.data.credit)}</strong>, is credited to your next invoice (
          {money(preview.data.nextInvoiceAmount)}
          ); then {money(preview.data.monthlyTotal)}/month.
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={!preview.data || pending} onClick={onConfirm}>
        {pending
          ? 'Saving...'
          : packs > current
            ? `Buy ${plural(packs - current, 'pack')}`
            : `Remove ${plural(current - packs, 'pack')}`}
      </button>
    </div>
  );
}

/** Why add-ons cannot be bought now, or null when they can. */
function notBuyable(pro: boolean, subscribed: boolean, billing: BillingStatus | undefined) {
  if (!pro) {
    return (
      <p>
        Add-ons are for PRO subscribers. <Link to="/upgrade">Upgrade to PRO</Link> for {PRO_TICKER_LIMIT} tickers first.
      </p>
    );
  }
  if (!billing?.brandSellsPlans) return <p>Add-ons are sold with the PRO plan on our all-filings product.</p>;
  if (!subscribed) {
    return (
      <p>
        {billing.isAdmin
          ? 'Admin accounts have PRO without a subscription, so there are no add-ons to buy.'
          : 'Add-ons need an active subscription without a payment problem.'}
      </p>
    );
  }
  if (billing.pendingAddonPacks != null) {
    return (
      <p className="notice notice--warning">
        A change to {billing.pendingAddonPacks} pack(s) is waiting for payment until{' '}
        {longDate(billing.pendingUpdateExpiresAt)}.{' '}
        {billing.billingActionUrl && <a href={billing.billingActionUrl}>Pay now</a>}
      </p>
    );
  }
  return null;
}

/** Settings → Ticker Add-ons: choose packs, see the prorated charge or credit, confirm. */
export function AddOnsSection({
  pro,
  limit,
  billing,
}: {
  pro: boolean;
  limit: number;
  billing: BillingStatus | undefined;
}) {
  const utils = trpc.useUtils();
  const current = billing?.addonPacks ?? 0;
  // Only an unsaved choice is state; without one the server's count shows (first load, a saved
  // change, a change from elsewhere), and a refetch (window focus, the plan feed) never resets it.
  const [choice, setChoice] = useState<number | null>(null);
  const packs = choice ?? current;
  const setPacks = (step: (n: number) => number) =>
    setChoice((chosen) => {
      const next = step(chosen ?? current);
      return next === current ? null : next;
    });
  const [error, setError] = useState<string | null>(null);
  const [done, showDone] = useTimedMessage(8_000);
  const change = trpc.billing.setAddons.useMutation();
  const subscribed = Boolean(
    billing?.hasSubscription && billing.planType === 'pro' && billing.billingStatus !== 'past_due',
  );
  const preview = trpc.billing.previewAddons.useQuery(
    { packs },
    { enabled: subscribed && packs !== current && !billing?.pendingAddonPacks, retry: false },
  );
  const min = billing?.minimumPacks ?? 0;
  const max = billing?.maxPacks ?? 20;
  const onConfirm = async () => {
    setError(null);
    try {
      const result = await change.mutateAsync({ packs, requestKey: requestKey() });
      storeUser(result.user);
      // The saved count is the new starting point, shown at once from the answer.
      utils.billing.status.setData(undefined, (old) => old && { ...old, ...result.plan });
      setChoice(null);
      void utils.billing.status.invalidate();
      void utils.watchlist.get.invalidate();
      if (result.status === 'payment_pending') {
        setError('Your card was not charged, so the change is waiting for payment. Your limit stays as it was.');
      } else {
        showDone(`Done: ${plural(result.addonPacks, 'add-on pack')}, ${result.tickerLimit} tickers.`);
      }
    } catch (failure) {
      setError(errorMessage(failure, 'Could not change your add-ons. Please try again.'));
    }
  };
  const blocked = notBuyable(pro, subscribed, billing);
  return (
    <section id="ticker-add-ons" className="settings-section" aria-labelledby="addons-title">
      <h2 id="addons-title">Ticker Add-ons</h2>
      <p>
        Your limit is <strong data-testid="settings-ticker-limit">{limit} tickers</strong>. Each add-on pack gives +
        {ADDON_PACK_TICKERS} tickers for ${ADDON_PACK_PRICE_USD}/month.
      </p>
      {blocked ?? (
        <>
          <PackStepper packs={packs} max={max} setPacks={setPacks} />
          {packs < min && (
            <p className="notice notice--warning">
              Your watchlist has {billing?.watchlistCount} tickers: keep at least {plural(min, 'pack')}, or remove
              tickers first.
            </p>
          )}
          {packs !== current && packs >= min && (
            <PackChangePreview
              preview={preview}
              packs={packs}
              current={current}
              pending={change.isPending}
              onConfirm={() => void onConfirm()}
            />
          )}
        </>
      )}
      <ErrorBox>{error}</ErrorBox>
      <SuccessBox>{done}</SuccessBox>
    </section>
  );
}
