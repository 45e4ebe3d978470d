import { Link } from 'react-router';
import { BRANDS } from '../../../src-server/core/brands';
import { brandLink, currentBrand, currentBrandConfig } from '../../brand/current-brand';
import { PageShell } from '../../components/PageShell';
import { planFeatures } from '../../features/billing/plan-facts';
import { PlanDetails } from '../../features/billing/PlanDetails';
import { useAuth } from '../../lib/session';

/**
 * Plan summary and checkout. No payment provider is wired into this server yet, so the page says
 * that plainly instead of showing a checkout that cannot take a payment.
 */
export default function UpgradePage() {
  const brand = currentBrandConfig();
  const pro = planFeatures(currentBrand()).pro;
  const auth = useAuth();
  const target = brand.upgrades.targetBrand;
  const targetHref = target ? brandLink(target) : null;

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
            Need more than 50 tickers? Add packs of 20 for $5/month each — see <Link to="/pricing#add-ons">add-ons</Link>.
          </p>
        </section>
        <section className="panel" aria-labelledby="checkout-title">
          <h2 id="checkout-title">Checkout</h2>
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
                  <a href={targetHref}>{BRANDS[target].brandName}</a>.
                </p>
              )}
            </>
          ) : (
            <>
              {!auth.verified && (
                <p>
                  A subscription belongs to a verified account. <Link to="/login">Sign in</Link> or add a contact from the
                  dashboard first.
                </p>
              )}
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
