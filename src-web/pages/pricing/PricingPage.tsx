import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { currentBrand, currentBrandConfig } from '../../brand/current-brand';
import { PageShell } from '../../components/PageShell';
import { planFeatures } from '../../features/billing/plan-facts';
import { PlanDetails } from '../../features/billing/PlanDetails';
import { useAuth } from '../../lib/session';

function PlanCard({
  plan,
  id,
  highlight,
  action,
}: {
  plan: { name: string; price: string; period: string; features: string[] };
  id?: string;
  highlight?: boolean;
  action: React.ReactNode;
}) {
  const headingId = `plan-${plan.name.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section id={id} className={`plan-card${highlight ? ' plan-card--highlight' : ''}`} aria-labelledby={headingId}>
      {highlight && <span className="plan-card__flag">Most popular</span>}
      <h2 id={headingId}>{plan.name}</h2>
      <PlanDetails plan={plan} />
      <div className="plan-card__action">{action}</div>
    </section>
  );
}

/** Free vs PRO vs the ticker add-on pack (anchor #add-ons). */
export default function PricingPage() {
  const plans = planFeatures(currentBrand());
  // The all-filings brand sells one plan: no free watchlist here, the free tools are its sister brands.
  const { paidOnly, brandName } = currentBrandConfig();
  const auth = useAuth();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <PageShell className="content-page">
      <header className="page-intro">
        <h1>Pricing</h1>
        <p>
          {paidOnly
            ? `${brandName} is one plan: every form type, real-time alerts and up to 50 tickers. Only need 8-Ks or insider trades? Our sister tools are free.`
            : 'Start free with the filings that matter most. Upgrade when you want every form, more tickers and real-time alerts.'}
        </p>
      </header>
      <div className="plan-grid">
        <PlanCard
          plan={plans.free}
          action={
            <Link className="btn btn-secondary btn-block" to="/">
              {auth.pro ? 'Go to dashboard' : paidOnly ? 'See our free tools' : 'Use it free'}
            </Link>
          }
        />
        <PlanCard
          plan={plans.pro}
          highlight
          action={
            auth.pro ? (
              <span className="plan-card__current">Your current plan</span>
            ) : (
              <Link className="btn btn-primary btn-block" to="/upgrade">
                Upgrade to PRO
              </Link>
            )
          }
        />
        <PlanCard
          id="add-ons"
          plan={plans.addon}
          action={
            <Link className="btn btn-secondary btn-block" to="/settings#ticker-add-ons">
              Manage add-ons in Settings
            </Link>
          }
        />
      </div>
      <section className="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">Questions</h2>
        <dl>
          <dt>Do I need an account?</dt>
          <dd>
            {paidOnly
              ? 'Yes: a subscription belongs to an account. Sign in with your email or US phone number, then subscribe. Our free sister tools work without one.'
              : 'No. Your watchlist works right away. Add an email or US phone number and verify it to receive alerts.'}
          </dd>
          <dt>What does the daily digest contain?</dt>
          <dd>
            One message a day with the new filings for your tickers, grouped by ticker and ordered by importance.
            Nothing is sent on days without news.
          </dd>
          <dt>Can I cancel?</dt>
          <dd>Yes, anytime, from Settings → Subscription. There is no contract and no cancellation fee.</dd>
          <dt>Is this investment advice?</dt>
          <dd>
            No. Filings and scores are provided as is for information; always read the filing itself before acting.
          </dd>
        </dl>
      </section>
    </PageShell>
  );
}
