import {
  changeDetailLine,
  changeHeadline,
  percentText,
  REPORT_SECTION_TITLES,
  type ReportChangeView,
  type RiskFactorRef,
  sectionUrl,
  similarityText,
} from '#shared/report-diff';
import { formatDay } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import './report-changes.css';

export const isPeriodicReport = (form: string) => /^10-[KQ]/.test(form) && !/\/A$/.test(form);

function NewTextBar({ share }: { share: number }) {
  return (
    <span className="tp-rc__bar" aria-hidden="true">
      <span style={{ width: `${Math.max(2, Math.round(share * 100))}%` }} />
    </span>
  );
}

function RiskList({
  title,
  factors,
  href,
  from,
}: {
  title: string;
  factors: RiskFactorRef[];
  href: string | null;
  from: string;
}) {
  if (factors.length === 0) return null;
  return (
    <div className="tp-rc__risks">
      <p className="tp-rc__label">
        {title} ({factors.length})
      </p>
      <ul>
        {factors.map((f) => (
          <li key={f.heading}>
            <q className="tp-rc__heading">{f.heading}</q>
            {f.firstSentence && <p className="tp-rc__first">“{f.firstSentence}”</p>}
            {href && (
              <a href={href} target="_blank" rel="noopener noreferrer">
                Risk Factors in {from} on SEC.gov<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function compared(view: ReportChangeView): string {
  const period = view.priorPeriod ? ` for the period ended ${formatDay(view.priorPeriod)}` : '';
  return view.kind === '10-Q' ? `the 10-Q${period} (same quarter a year earlier)` : `the previous 10-K${period}`;
}

/** A 10-K/10-Q card's "what changed since last year": each section's new text, new and removed risk factors. */
export function ReportChanges({ filingId, form }: { filingId: number; form: string }) {
  const query = trpc.reports.forFiling.useQuery(
    { filingId },
    { enabled: isPeriodicReport(form), staleTime: 10 * 60_000, refetchOnWindowFocus: false },
  );
  const view = query.data;
  if (!view) return null;
  const rf = view.sections.find((s) => s.id === 'risk_factors');
  return (
    <section className="tp-rc" aria-label="What changed since last year" data-testid="report-changes">
      <p className="tp-rc__label">
        What changed since {view.kind === '10-Q' ? 'the same quarter last year' : 'last year'}
      </p>
      <p className="tp-rc__headline">{changeHeadline(view)}</p>
      <p className="tp-rc__detail muted">{changeDetailLine(view)}</p>
      <div className="table-wrap">
        <table className="tp-rc__table">
          <thead>
            <tr>
              <th scope="col">Section</th>
              <th scope="col">New text</th>
              <th
                scope="col"
                title="Word counts alike / distinct words shared with last year's section (100% = the same)"
              >
                Similarity
              </th>
              <th scope="col">Sentences new / dropped</th>
            </tr>
          </thead>
          <tbody>
            {view.sections.map((s) => {
              const href = sectionUrl(view.documentUrl, s.anchor);
              return (
                <tr key={s.id}>
                  <th scope="row">
                    {href ? (
                      <a href={href} target="_blank" rel="noopener noreferrer">
                        {REPORT_SECTION_TITLES[s.id]}
                        <span className="visually-hidden"> (opens on SEC.gov in a new tab)</span>
                      </a>
                    ) : (
                      REPORT_SECTION_TITLES[s.id]
                    )}{' '}
                    <span className="muted">Item {s.item}</span>
                  </th>
                  <td data-label="New text">
                    <NewTextBar share={s.rewritten} /> {percentText(s.rewritten)}
                  </td>
                  <td data-label="Similarity">
                    {similarityText(s.cosine)} / {similarityText(s.jaccard)}
                  </td>
                  <td data-label="Sentences new / dropped">
                    {percentText(s.sentencesAdded)} / {percentText(s.sentencesRemoved)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <RiskList
        title="New risk factors"
        factors={view.riskFactorsAdded}
        href={sectionUrl(view.documentUrl, rf?.anchor)}
        from="this report"
      />
      <RiskList
        title="Removed risk factors"
        factors={view.riskFactorsRemoved}
        href={sectionUrl(view.priorDocumentUrl, rf?.priorAnchor)}
        from="last year's report"
      />
      <p className="tp-rc__basis muted">
        Compared with {compared(view)}
        {view.priorFilingId ? (
          <>
            {' '}
            (<a href={`#filing-${view.priorFilingId}`}>last year's card</a>)
          </>
        ) : null}
        , accession {view.priorAccessionNo}. New text: five-word runs last year's section did not have (numbers
        ignored). Similarity: how alike the word counts are / the share of distinct words both years use (100% = the
        same). {view.riskFactorsKept > 0 && `${view.riskFactorsKept} risk factors kept`}
        {view.riskFactorsReworded > 0 && `, ${view.riskFactorsReworded} of them with a reworded heading`}
        {view.riskFactorsKept > 0 && '.'}
      </p>
    </section>
  );
}
