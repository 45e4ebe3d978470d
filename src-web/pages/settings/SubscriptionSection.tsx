import { useState } from 'react';
import { Link } from 'react-router';
import { FREE_TICKER_LIMIT } from '#shared/plans';
import { Modal } from '../../components/Modal';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { longDate } from '../../features/billing/billing-format';
import { errorMessage } from '../../lib/errors';
import type { RouterOutputs } from '../../lib/router-types';
import { type StoredUser, storeUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';

type BillingStatus = RouterOutputs['billing']['status'];

/** "Plan: PRO — renews on March 3, 2027 · $20/month". */
function PlanLine({
  user,
  pro,
  paying,
  billing,
}: {
  user: StoredUser | null;
  pro: boolean;
  paying: boolean;
  billing: BillingStatus | undefined;
}) {
  return (
    <p data-testid="plan-line">
      Plan: <strong>{pro ? 'PRO' : 'Free'}</strong>
      {user?.isAdmin ? ' (administrator)' : ''}
      {billing?.cancelAtPeriodEnd && billing.planCancelAt ? (
        <> — PRO until {longDate(billing.planCancelAt)}</>
      ) : paying && billing?.planPeriodEnd ? (
        <> — renews on {longDate(billing.planPeriodEnd)}</>
      ) : null}
      {paying && billing ? (
        <> · ${(billing.prices.proMonthly + billing.prices.addonMonthly * billing.addonPacks) / 100}/month</>
      ) : null}
    </p>
  );
}

function CancelModal({
  periodEnd,
  pending,
  onKeep,
  onCancel,
}: {
  periodEnd: string | null | undefined;
  pending: boolean;
  onKeep: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title="Cancel your PRO subscription?" size="sm" onClose={onKeep}>
      <p>
        It will not renew. You keep PRO until {longDate(periodEnd)}; then your account moves to the free plan:{' '}
        {FREE_TICKER_LIMIT} tickers (the others are paused, not deleted), the free form types and a daily digest instead
        of real-time alerts.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn-secondary" data-autofocus onClick={onKeep}>
          Keep PRO
        </button>
        <button type="button" className="btn btn-danger" disabled={pending} onClick={onCancel}>
          {pending ? 'Canceling...' : 'Cancel subscription'}
        </button>
      </div>
    </Modal>
  );
}

/** Cancel, resume and the billing portal, each reporting what happened. */
function useSubscriptionActions() {
  const utils = trpc.useUtils();
  const cancel = trpc.billing.cancel.useMutation();
  const resume = trpc.billing.resume.useMutation();
  const portal = trpc.billing.portal.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, showDone] = useTimedMessage(6_000);
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
  return { cancel, resume, portal, confirming, setConfirming, error, done, onCancel, onResume, onPortal };
}

/** Settings → Subscription: plan, renewal or end date, cancel at period end, resume, billing portal. */
export function SubscriptionSection({
  user,
  pro,
  billing,
}: {
  user: StoredUser | null;
  pro: boolean;
  billing: BillingStatus | undefined;
}) {
  const a = useSubscriptionActions();
  const paying = Boolean(billing?.hasSubscription && billing.planType === 'pro');
  return (
    <section id="subscription" className="settings-section" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      <PlanLine user={user} pro={pro} paying={paying} billing={billing} />
      {billing?.billingStatus === 'incomplete' && billing.billingActionUrl && (
        <p className="notice notice--warning">
          Your first payment needs your confirmation. <a href={billing.billingActionUrl}>Confirm payment</a>
        </p>
      )}
      <ErrorBox>{a.error}</ErrorBox>
      <SuccessBox>{a.done}</SuccessBox>
      <div className="row">
        {paying && billing?.cancelAtPeriodEnd && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={a.resume.isPending}
            onClick={() => void a.onResume()}
          >
            {a.resume.isPending ? 'Resuming...' : 'Resume subscription'}
          </button>
        )}
        {paying && !billing?.cancelAtPeriodEnd && (
          <button type="button" className="btn btn-secondary" onClick={() => a.setConfirming(true)}>
            Cancel subscription
          </button>
        )}
        {billing?.brandSellsPlans && billing.mode !== 'off' && (paying || billing.billingStatus !== 'none') && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={a.portal.isPending}
            onClick={() => void a.onPortal()}
          >
            Manage billing
          </button>
        )}
        {!pro && (
          <Link className="btn btn-upgrade" to="/upgrade">
            Upgrade to PRO
          </Link>
        )}
      </div>
      {a.confirming && (
        <CancelModal
          periodEnd={billing?.planPeriodEnd}
          pending={a.cancel.isPending}
          onKeep={() => a.setConfirming(false)}
          onCancel={() => void a.onCancel()}
        />
      )}
    </section>
  );
}
