import { useState } from 'react';
import { Link } from 'react-router';
import { plural } from '../../lib/format';
import type { InsiderProfile } from '../ticker-page/ticker-types';
import {
  formatShares as shares,
  formatValue as dollars,
  AmountCells,
  AmountHeaders,
  PlanCell,
  TransactionCell,
} from '../ticker-page/transaction-cells';
import { clusterWords, netWords } from './activity-words';
import { HoldingsChart } from './HoldingsChart';

type Company = InsiderProfile['companies'][number];
const SHOWN = 50;

function companyLink(c: { ticker: string | null; name: string | null }) {
  return c.ticker ? (
    <Link to={`/ticker/${encodeURIComponent(c.ticker)}`}>{c.ticker}</Link>
  ) : (
    <span>{c.name ?? 'Unknown company'}</span>
  );
}

function Roles({ role }: { role: Company['role'] }) {
  const parts = [
    role.officer_title ?? (role.officer ? 'Officer' : null),
    role.director ? 'Director' : null,
    role.ten_percent_owner ? '10% owner' : null,
    role.other,
  ].filter(Boolean);
  return (
    <ul className="in-roles" aria-label="Roles">
      {(parts.length > 0 ? parts : [role.label]).map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

/** One line of a company's totals: shares, and their dollar value for open-market trades. */
function Total({
  label,
  count,
  value,
  className,
}: {
  label: string;
  count: number | null;
  value?: number | null;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>
        {shares(count)} shares
        {value !== undefined && (
          <>
            {' '}
            <span className="muted">{dollars(value)}</span>
          </>
        )}
      </dd>
    </div>
  );
}

function CompanyCard({ company }: { company: Company }) {
  const t = company.totals;
  return (
    <article className="panel in-company" data-issuer={company.issuer_cik ?? ''}>
      <header className="in-company__head">
        <h3>
          {companyLink(company)} <span className="muted">{company.ticker ? company.name : ''}</span>
        </h3>
        <Roles role={company.role} />
        <p className="muted in-company__period">
          {company.first_date === company.last_date
            ? `Reported ${company.first_date}`
            : `Reported ${company.first_date} to ${company.last_date}`}{' '}
          · {plural(t.transactions, 'trade')}{' '}
          <span title="Rows split by price are one trade">({plural(t.rows, 'filed row')})</span>
        </p>
      </header>
      {t.bought_shares + t.sold_shares > 0 && (
        <p className={`tp-insiders__net ${t.net_shares < 0 ? 'is-sold' : t.net_shares > 0 ? 'is-bought' : ''}`}>
          {netWords(t.net_shares, t.net_value)} in the open market
        </p>
      )}
      <dl className="in-totals">
        <Total
          className="in-totals__bought"
          label="Bought (open market)"
          count={t.bought_shares}
          value={t.bought_value}
        />
        <Total className="in-totals__sold" label="Sold (open market)" count={t.sold_shares} value={t.sold_value} />
        <Total label="Other acquired" count={t.other_acquired_shares} />
        <Total label="Other disposed" count={t.other_disposed_shares} />
      </dl>
      {company.clusters.map((c) => (
        <p
          key={`${c.direction}-${c.from}`}
          className={`notice ${c.direction === 'buying' ? 'notice--info' : 'notice--warning'} tp-insiders__cluster`}
        >
          <strong>Cluster {c.direction}:</strong> {clusterWords(c)}
        </p>
      ))}
      <h4 className="in-company__sub">Holdings over time</h4>
      <HoldingsChart
        series={company.holdings}
        label={`Shares of ${company.name ?? company.ticker ?? 'the company'} held over time`}
      />
    </article>
  );
}

/** Name, CIK, roles and totals per company with holdings charts, and every transaction. */
export function InsiderProfileView({ profile }: { profile: InsiderProfile }) {
  const [showAll, setShowAll] = useState(false);
  const rows = showAll ? profile.transactions : profile.transactions.slice(0, SHOWN);
  const otherNames = profile.filed_names.filter((n) => n !== profile.name);
  return (
    <>
      <section className="panel in-header" aria-labelledby="insider-title">
        <p className="tp-header__eyebrow">
          <span className="tp-ticker">Insider</span>
        </p>
        <h1 id="insider-title">{profile.name}</h1>
        <p className="tp-header__facts">
          {profile.cik != null ? <span>CIK {profile.cik}</span> : <span>No CIK on file</span>}
          <span>
            {profile.companies.length} {profile.companies.length === 1 ? 'company' : 'companies'} ·{' '}
            {plural(
              profile.companies.reduce((n, c) => n + c.totals.transactions, 0),
              'trade',
            )}{' '}
            ({plural(profile.transactions.length, 'filed row')})
          </span>
          {profile.cik != null && (
            <a
              href={`https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${String(profile.cik).padStart(10, '0')}&type=4&owner=include`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Filings on EDGAR<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </p>
        {otherNames.length > 0 && <p className="muted">Also filed as {otherNames.join(', ')}</p>}
        {profile.truncated && (
          <p className="notice notice--warning">This insider has more filings than we show; the newest are listed.</p>
        )}
      </section>
      <section aria-labelledby="companies-title" className="in-companies">
        <h2 id="companies-title">Roles and totals by company</h2>
        <div className="in-companies__grid">
          {profile.companies.map((c) => (
            <CompanyCard key={`${c.issuer_cik}-${c.ticker}`} company={c} />
          ))}
        </div>
      </section>
      <section aria-labelledby="tx-title" className="in-transactions">
        {/* The same count, in the same words, as the header's "(N filed rows)" (issue 28). */}
        <h2 id="tx-title">Every filed row ({profile.transactions.length.toLocaleString('en-US')})</h2>
        <section
          className="table-wrap"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways on a phone must be reachable by keyboard to scroll (axe scrollable-region-focusable)
          tabIndex={0}
          aria-label={`Transactions of ${profile.name}`}
        >
          <table className="tp-tx__table">
            <caption className="visually-hidden">Transactions of {profile.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Company</th>
                <th scope="col">Transaction</th>
                <AmountHeaders />
                <th scope="col">10b5-1</th>
                <th scope="col">Filing</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a filing's rows in document order; the list never reorders, and a row has no id of its own in this answer
                <tr key={`${t.filing_id}-${i}`} data-code={t.code ?? ''}>
                  <td>{t.date}</td>
                  <td>{companyLink({ ticker: t.ticker, name: t.company })}</td>
                  <TransactionCell code={t.code} words={t.code_words} direction={t.acquired_disposed}>
                    {t.security ?? ''}
                    {t.ownership === 'indirect' ? ' · indirect' : ''}
                  </TransactionCell>
                  <AmountCells
                    direction={t.acquired_disposed}
                    shares={t.shares}
                    price={t.price}
                    value={t.value}
                    after={t.shares_after}
                  />
                  <PlanCell plan={t.is_10b5_1} />
                  <td>
                    {t.link ? (
                      <a href={t.link} target="_blank" rel="noopener noreferrer">
                        Form {t.form}
                        <span className="visually-hidden"> on SEC.gov (opens in a new tab)</span>
                      </a>
                    ) : (
                      `Form ${t.form}`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {profile.transactions.length > SHOWN && (
          <p className="tp-more">
            <button type="button" className="btn btn-secondary" onClick={() => setShowAll(!showAll)}>
              {showAll ? `Show the newest ${SHOWN}` : `Show all ${plural(profile.transactions.length, 'filed row')}`}
            </button>
          </p>
        )}
      </section>
    </>
  );
}
