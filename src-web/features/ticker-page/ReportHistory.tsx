import { percentText, type ReportSectionId, similarityText } from '#shared/report-diff';
import { formatDay } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import './report-changes.css';

const COLUMNS: { id: ReportSectionId; label: string }[] = [
  { id: 'risk_factors', label: 'Risk factors' },
  { id: 'legal_proceedings', label: 'Legal' },
  { id: 'mdna', label: 'MD&A' },
];

function Cell({ share, label }: { share: number | undefined; label: string }) {
  if (share == null)
    return (
      <td className="muted" data-label={label}>
        —
      </td>
    );
  return (
    <td data-label={label}>
      <span className="tp-rc__bar" aria-hidden="true">
        <span style={{ width: `${Math.max(2, Math.round(share * 100))}%` }} />
      </span>{' '}
      {percentText(share)}
    </td>
  );
}

/** The ticker page's report history: how much of each 10-K/10-Q was new against its comparable, year by year. */
export function ReportHistory({ ticker }: { ticker: string }) {
  const query = trpc.reports.history.useQuery({ ticker }, { staleTime: 10 * 60_000, refetchOnWindowFocus: false });
  const rows = query.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="panel tp-rh" aria-labelledby="report-history-title" data-testid="report-history">
      <div className="tp-rh__head">
        <h2 id="report-history-title">How {ticker}&apos;s reports changed</h2>
        <p className="muted">
          Share of each section that is new against the same report a year earlier (10-K: the previous 10-K; 10-Q: the
          same quarter). Most companies copy most of last year&apos;s words; a jump stands out.
        </p>
      </div>
      <div className="table-wrap">
        <table className="tp-rc__table">
          <thead>
            <tr>
              <th scope="col">Report</th>
              {COLUMNS.map((c) => (
                <th scope="col" key={c.id}>
                  {c.label} new
                </th>
              ))}
              <th scope="col">Risk factors similarity</th>
              <th scope="col">Risk factors new / removed</th>
            </tr>
          </thead>
          <tbody>
            {[...rows].reverse().map((r) => (
              <tr key={r.accessionNo}>
                <th scope="row">
                  {r.filingId ? <a href={`#filing-${r.filingId}`}>{r.kind}</a> : r.kind}{' '}
                  {r.period ? formatDay(r.period) : ''}
                  {r.priorPeriod && <span className="muted"> vs {formatDay(r.priorPeriod)}</span>}
                </th>
                {COLUMNS.map((c) => (
                  <Cell key={c.id} share={r.rewritten[c.id]} label={`${c.label} new`} />
                ))}
                <td data-label="Risk factors similarity">
                  {r.riskFactorsCosine != null ? similarityText(r.riskFactorsCosine) : '—'}
                </td>
                <td data-label="Risk factors new / removed">
                  {r.riskFactorsAdded} / {r.riskFactorsRemoved}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
