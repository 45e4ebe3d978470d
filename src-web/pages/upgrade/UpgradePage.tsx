import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BRANDS } from '#shared/brands';
import { ADDON_PACK_PRICE_USD, ADDON_PACK_TICKERS, PRO_TICKER_LIMIT } from '#shared/plans';
import { brandLink, currentBrand, currentBrandConfig } from '../../brand/current-brand';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { requestKey } from '../../features/billing/billing-format';
import { planFeatures } from '../../features/billing/plan-facts';
import { PlanDetails } from '../../features/billing/PlanDetails';
import { errorMessage } from '../../lib/errors';
import { useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/**
 * Plan summary and checkout: a verified account goes to Stripe Checkout (or, without Stripe keys
 * outside production, the local test checkout). PRO shows only once the server has synced it.
 */
export default function UpgradePage() {
  const brand = currentBrandConfig();
  const pro = planFeatures(currentBrand()).pro;
  const auth = useAuth();
  const [params] = useSearchParams();
  const status = trpc.billing.status.useQuery(undefined, { enabled: auth.loggedIn && !auth.loggingOut });
  const start = trpc.billing.startCheckout.useMutation();
  const [error, setError] = useState<string | null>(null);
  const target = brand.upgrades.targetBrand;
  const targetHref = target ? brandLink(target) : null;
  const available = status.data?.available ?? (brand.features.billing && !auth.loggedIn);
  const testMode = status.data?.mode === 'local';

  const onCheckout = async () => {
    setError(null);
    try {
      const { url } = await start.mutateAsync({ requestKey: requestKey() });
      window.location.assign(url);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not start checkout. Please try again.'));
    }
  };

  return (
    <PageShell className="content-page">
      <header className="page-intro">
        <h1>{auth.pro ? 'You are on PRO' : 'Upgrade to PRO'}</h1>
        {brand.upgrades.unlocks.length > 0 && (
          <ul className="unlocks" aria-label="What PRO unlocks">
            {brand.upgrades.unlocks.map((unlock) => (
              <li key={unlock}>{unlock}</li>
            ))}
          </ul>
        )}
      </header>
      <div className="upgrade-layout">
        <section className="panel" aria-labelledby="summary-title">
          <h2 id="summary-title">Plan summary</h2>
          <PlanDetails plan={pro} />
          <p className="muted">
            Need more than {PRO_TICKER_LIMIT} tickers? Add packs of {ADDON_PACK_TICKERS} for ${ADDON_PACK_PRICE_USD}
            /month each — see <Link to="/pricing#add-ons">add-ons</Link>.
          </p>
        </section>
        <section className="panel" aria-labelledby="checkout-title">
          <h2 id="checkout-title">Checkout</h2>
          {params.get('checkout') === 'canceled' && !auth.pro && (
            <p className="notice notice--info" role="status">
              Checkout was canceled. Nothing was charged.
            </p>
          )}
          {auth.pro ? (
            <p>
              Your PRO plan is active. Manage it in <Link to="/settings#subscription">Settings</Link>.
            </p>
          ) : !brand.features.billing ? (
            <>
              <p>{brand.brandName} is free and does not sell subscriptions.</p>
              {target && targetHref && (
                <p>
                  PRO is offered by our sister product{' '}
                  <a className="btn btn-upgrade" href={targetHref.replace(/\/?(\?|$)/, '/upgrade$1')}>
                    {BRANDS[target].brandName}
                  </a>
                </p>
              )}
            </>
          ) : !auth.verified ? (
            <>
              {/* The paid-only brand's dashboard is its price card, with no contact form: signing in is the way. */}
              <p>
                {brand.paidOnly
                  ? 'A subscription belongs to a verified account. Sign in with your email or phone first; a new one starts your account.'
                  : 'A subscription belongs to a verified account. Sign in, or add a contact from the dashboard first.'}
              </p>
              <Link className="btn btn-primary btn-block" to="/login">
                Sign in to subscribe
              </Link>
            </>
          ) : available ? (
            <>
              {testMode && (
                <p className="notice notice--info">
                  <strong>Test checkout.</strong> Stripe is not configured on this server, so checkout runs against a
                  local stand-in: pick a test card, nothing is charged.
                </p>
              )}
              <ErrorBox>{error}</ErrorBox>
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={start.isPending || status.isLoading}
                onClick={() => void onCheckout()}
              >
                {start.isPending ? 'Opening checkout...' : 'Continue to secure checkout'}
              </button>
              <p className="muted">$20.00 per month. Cancel any time: PRO stays until the end of the paid month.</p>
            </>
          ) : (
            <>
              <div className="notice notice--warning" role="status">
                <strong>Online payment is not available yet.</strong> Card checkout is not set up on this server, so a
                subscription cannot be bought here right now. Nothing will be charged.
              </div>
              <button type="button" className="btn btn-primary btn-block" disabled aria-describedby="checkout-title">
                Continue to secure checkout
              </button>
            </>
          )}
          <p className="muted">
            <Link to="/pricing">Compare plans</Link>
          </p>
        </section>
      </div>
    </PageShell>
  );
}
