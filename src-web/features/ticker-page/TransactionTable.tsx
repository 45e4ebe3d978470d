import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollFrame } from '../../components/ScrollFrame';
import { formDisplayName } from '../watchlist/card-rules';
import type { TickerFiling } from './ticker-types';
import { AmountCells, AmountHeaders, PlanCell, TransactionCell } from './transaction-cells';

/** Long filings (a day of 25 sales) open with their first rows; the rest are one click away. */
const FIRST_ROWS = 6;

/** A Form 3/4/5's table rows: owner, role, the code in words, amounts, holdings after, 10b5-1. */
export function TransactionTable({ filing }: { filing: TickerFiling }) {
  const [expanded, setExpanded] = useState(false);
  const [first, ...joint] = filing.owners;
  if (!first || filing.transactions.length === 0) return null;
  const shown = expanded ? filing.transactions : filing.transactions.slice(0, FIRST_ROWS);
  // The owner and role are the same on every row of one filing: shown once, spanning the rows.
  const rows = shown.length;
  // '4' reads 'Form 4' to a screen reader: 'Transactions in Form 4 …', not 'in 4 …'.
  const named = `${formDisplayName(filing.form)} ${filing.accession_no}`;
  const owner = (
    <>
      <Link to={first.href}>{first.name}</Link>
      {joint.length > 0 && <span className="muted"> +{joint.length} joint</span>}
    </>
  );
  return (
    <div className="tp-tx">
      {joint.length === 0 && (
        <p className="tp-tx__who">
          <Link to={first.href}>{first.name}</Link> <span className="muted">· {first.role}</span>
        </p>
      )}
      {joint.length > 0 && (
        <p className="tp-tx__owners">
          Reporting owners:{' '}
          {filing.owners.map((o, i) => (
            <span key={`${o.cik}-${o.name}`}>
              {i > 0 && ', '}
              <Link to={o.href}>{o.name}</Link> <span className="muted">({o.role})</span>
            </span>
          ))}
        </p>
      )}
      <ScrollFrame className="table-wrap" label={`Transactions in ${named}`}>
        <table className="tp-tx__table">
          <caption className="visually-hidden">Transactions reported in {named}</caption>
          <thead>
            <tr>
              <th scope="col" className="tp-tx__wide">
                Owner
              </th>
              <th scope="col" className="tp-tx__wide">
                Role
              </th>
              <th scope="col">Date</th>
              <th scope="col">Transaction</th>
              <AmountHeaders valueClass="tp-tx__wide" />
              <th scope="col" className="tp-tx__wide">
                10b5-1
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a filing's table rows in document order; they never reorder
              <tr key={i} className={row.holding ? 'tp-tx__holding' : undefined} data-code={row.code ?? ''}>
                {i === 0 && (
                  <>
                    <td rowSpan={rows} className="tp-tx__owner tp-tx__wide">
                      {owner}
                    </td>
                    <td rowSpan={rows} className="tp-tx__role tp-tx__wide">
                      {first.role}
                    </td>
                  </>
                )}
                <td className="tp-tx__date">{row.date ?? '—'}</td>
                <TransactionCell code={row.code} words={row.code_words} direction={row.acquired_disposed}>
                  {row.is_10b5_1 && <span className="tp-tx__plan">10b5-1 · </span>}
                  {row.security ?? ''}
                  {row.table === 'derivative' && row.underlying ? ` (${row.underlying})` : ''}
                  {row.ownership === 'indirect' ? ` · indirect${row.nature ? `: ${row.nature}` : ''}` : ''}
                </TransactionCell>
                <AmountCells
                  direction={row.acquired_disposed}
                  shares={row.shares}
                  price={row.price}
                  value={row.value}
                  after={row.shares_after}
                  valueClass="tp-tx__wide"
                />
                <PlanCell plan={row.is_10b5_1} className="tp-tx__wide" />
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
      {filing.transactions.length > FIRST_ROWS && (
        <button
          type="button"
          className="link-btn tp-tx__toggle"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
        >
          {expanded ? 'Show fewer rows' : `Show all ${filing.transactions.length} rows`}
        </button>
      )}
    </div>
  );
}
