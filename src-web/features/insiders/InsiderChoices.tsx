import { Link } from 'react-router';
import { formatExactTime } from '../../lib/format';
import type { InsiderLookup } from '../ticker-page/ticker-types';

type Choices = Extract<InsiderLookup, { kind: 'choices' }>;

/** Several people filed under this name: each with their CIK, companies and latest filing. */
export function InsiderChoices({ lookup }: { lookup: Choices }) {
  return (
    <section className="panel in-choices" aria-labelledby="choices-title">
      <h1 id="choices-title">
        {lookup.choices.length} insiders named “{lookup.name}”
      </h1>
      <p className="muted">Different people (each with their own SEC CIK) filed under this name. Choose one:</p>
      <ul className="in-choices__list">
        {lookup.choices.map((c) => (
          <li key={c.href}>
            <Link to={c.href} className="in-choice">
              <span className="in-choice__name">{c.name}</span>
              <span className="in-choice__meta">
                CIK {c.cik} ·{' '}
                {c.companies
                  .map((co) => co.ticker ?? co.name)
                  .filter(Boolean)
                  .join(', ')}{' '}
                · {c.filings} filing{c.filings === 1 ? '' : 's'}, latest {formatExactTime(c.last_filed_at)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
