import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { QuoteLine } from './QuoteLine';
import type { QuoteLine as Quote, TickerCompany } from './ticker-types';

/** Ticker, company, exchange, sector/industry, CIK, EDGAR link, the quote line; actions passed in. */
export function CompanyHeader({
  company,
  quote,
  actions,
}: {
  company: TickerCompany;
  quote: Quote | null;
  actions?: ReactNode;
}) {
  const others = company.tickers.filter((t) => t !== company.ticker);
  const facts = [company.sector, company.industry].filter(Boolean).join(' · ');
  return (
    <section className="panel tp-header" aria-labelledby="company-title">
      <div className="tp-header__top">
        <div className="tp-header__id">
          <p className="tp-header__eyebrow">
            <span className="tp-ticker">{company.ticker}</span>
            {company.exchange && <span className="chip">{company.exchange}</span>}
            {!company.listed && <span className="chip chip--near-low">No longer listed</span>}
          </p>
          <h1 id="company-title">{company.name}</h1>
          <p className="tp-header__facts">
            {facts && <span>{facts}</span>}
            <span>CIK {company.cik}</span>
            <a href={company.edgar_url} target="_blank" rel="noopener noreferrer">
              All filings on EDGAR<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          {others.length > 0 && (
            <p className="tp-header__also muted">
              Same company:{' '}
              {others.map((t, i) => (
                <span key={t}>
                  {i > 0 && ', '}
                  <Link to={`/ticker/${encodeURIComponent(t)}`}>{t}</Link>
                </span>
              ))}
            </p>
          )}
        </div>
        {actions && <div className="tp-header__actions">{actions}</div>}
      </div>
      <QuoteLine quote={quote} />
    </section>
  );
}
