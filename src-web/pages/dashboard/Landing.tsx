import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COPY } from '#shared/copy';
import { ALL_FILINGS_PLAN_PRICE_USD, PRO_TICKER_LIMIT, tickerLimitFor } from '#shared/plans';
import { currentBrandConfig, sisterBrands } from '../../brand/current-brand';
import { type AuthState, useAuth } from '../../lib/session';

/** The brand's name, headline, tagline and hero copy. */
function Hero({ children }: { children?: ReactNode }) {
  const brand = currentBrandConfig();
  return (
    <section className="hero">
      <p className="hero__eyebrow">{brand.brandName}</p>
      <h1>{brand.copy.heroTitle}</h1>
      <p className="hero__tagline">{brand.tagline}</p>
      <p className="hero__subtitle">{brand.copy.heroSubtitle}</p>
      {children}
    </section>
  );
}

/** Copy that names one of our pages ('... on /latency.') links to it, so the reader can go and look. */
function withPageLinks(text: string): ReactNode[] {
  return text.split(/(?<=^|\s)(\/[a-z][a-z-]*)(?=[.,;:]?(?:\s|$))/).map((part, i) =>
    i % 2 === 1 ? (
      <Link key={part} to={part}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/** The line under 'Add Your First Ticker': what this person has, not what a visitor would. */
function startNote(auth: AuthState, emptyStateText: string): string {
  if (auth.pro) return `PRO is active · up to ${tickerLimitFor(auth.user)} tickers · every form type`;
  if (auth.loggedIn) return `Free plan · ${emptyStateText}`;
  return `Free · no account needed to start · ${emptyStateText}`;
}

/** Empty watchlist: tagline, three feature cards and 'Add Your First Ticker'. */
export function Landing({ onStart }: { onStart: () => void }) {
  const brand = currentBrandConfig();
  const auth = useAuth();
  return (
    <div className="landing">
      <Hero>
        <button type="button" className="btn btn-primary btn-lg" onClick={onStart}>
          {COPY.addFirstTicker}
        </button>
        <p className="hero__note" data-testid="start-note">
          {startNote(auth, brand.copy.emptyStateText)}
        </p>
      </Hero>
      <section className="feature-cards" aria-label="Features">
        {brand.copy.featureCards.map((card, i) => (
          <article key={card.title} className="feature-card">
            <span className="feature-card__num" aria-hidden="true">
              {i + 1}
            </span>
            <h2>{card.title}</h2>
            <p>{withPageLinks(card.text)}</p>
          </article>
        ))}
      </section>
    </div>
  );
}

/** The all-filings brand's empty state is its pricing page, linking to the two free sister tools. */
export function AllFilingsLanding() {
  const brand = currentBrandConfig();
  const auth = useAuth();
  const sisters = sisterBrands();
  return (
    <div className="landing">
      <Hero />
      <section className="price-hero" aria-labelledby="price-title">
        <h2 id="price-title" className="visually-hidden">
          Subscription
        </h2>
        <p className="price-hero__amount">
          ${ALL_FILINGS_PLAN_PRICE_USD}
          <span>/month</span>
        </p>
        <p className="price-hero__terms">
          Cancel anytime · {PRO_TICKER_LIMIT} tickers · every form type · real-time alerts
        </p>
        <ul className="check-list check-list--center">
          {brand.copy.featureCards.map((card) => (
            <li key={card.title}>
              <strong>{card.title}.</strong> {card.text}
            </li>
          ))}
        </ul>
        <div className="price-hero__actions">
          <Link to="/upgrade" className="btn btn-primary btn-lg">
            {COPY.startSubscription}
          </Link>
          {auth.loggedIn ? (
            <span className="muted" data-testid="signed-in-as">
              Signed in as {auth.user?.email ?? auth.user?.phone}
            </span>
          ) : (
            <Link to="/login" className="btn btn-ghost">
              Login
            </Link>
          )}
        </div>
      </section>
      {sisters.length > 0 && (
        <section className="sisters" aria-labelledby="sisters-title">
          <h2 id="sisters-title">Just need one kind of filing? Try our free tools</h2>
          <div className="sisters__grid">
            {sisters.map((sister) => (
              <a key={sister.id} className="sister-card" href={sister.href}>
                <span className="brand__logo" aria-hidden="true" style={{ background: sister.config.ui.primaryColor }}>
                  {sister.config.ui.logoText}
                </span>
                <span>
                  <strong>{sister.config.brandName}</strong>
                  <span className="sister-card__text">{sister.config.tagline}</span>
                </span>
              </a>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
