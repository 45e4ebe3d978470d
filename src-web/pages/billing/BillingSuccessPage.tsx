import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingPage } from '../../components/LoadingPage';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { longDate } from '../../features/billing/billing-format';
import { errorMessage } from '../../lib/errors';
import { storeUser, useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';

type Result = Awaited<ReturnType<ReturnType<typeof trpc.useUtils>['client']['billing']['confirmCheckout']['mutate']>>;

/**
 * Back from Checkout. The session id in the address only says which checkout to look at: the
 * server reads it from Stripe and syncs the subscription, and PRO shows only if Stripe says so.
 */
export default function BillingSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const auth = useAuth();
  const confirm = trpc.billing.confirmCheckout.useMutation();
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || !sessionId) return;
    asked.current = true;
    confirm
      .mutateAsync({ sessionId })
      .then((r) => {
        storeUser(r.user);
        setResult(r);
      })
      .catch((failure: unknown) =>
        setError(errorMessage(failure, 'We could not check your payment. Please refresh the page.')),
      );
  }, [sessionId, confirm]);

  // Paid but still settling: the plan arrives over the live connection (PlanSync) when the sync sees it.
  const active = result?.status === 'active' || (result && auth.pro);
  if (!result && !error) return <LoadingPage />;
  return (
    <PageShell className="content-page">
      <header className="page-intro">
        <h1>
          {active
            ? 'Welcome to PRO'
            : result?.status === 'action_required'
              ? 'Confirm your payment'
              : 'Checking your payment'}
        </h1>
      </header>
      <section className="panel" aria-live="polite">
        <ErrorBox>{error}</ErrorBox>
        {active && result && (
          <>
            <p>
              Your PRO plan is active
              {result.plan.planPeriodEnd ? ` and renews on ${longDate(result.plan.planPeriodEnd)}` : ''}: real-time
              alerts, the live dashboard, every form type and up to {result.plan.tickerLimit} tickers.
            </p>
            <p className="row">
              <Link className="btn btn-primary" to="/">
                Go to your dashboard
              </Link>{' '}
              <Link className="btn btn-secondary" to="/settings#notifications">
                Set up real-time alerts
              </Link>
            </p>
          </>
        )}
        {!active && result?.status === 'action_required' && (
          <p>
            Your bank asks you to confirm the payment before PRO starts.{' '}
            {result.actionUrl && (
              <a className="btn btn-primary" href={result.actionUrl}>
                Confirm payment
              </a>
            )}
          </p>
        )}
        {!active && (result?.status === 'pending' || result?.status === 'open') && (
          <p>
            {result.status === 'open'
              ? 'This checkout has not been paid. '
              : 'Your payment is being confirmed; this page updates by itself when it is. '}
            <Link to="/upgrade">Back to checkout</Link>
          </p>
        )}
      </section>
    </PageShell>
  );
}
