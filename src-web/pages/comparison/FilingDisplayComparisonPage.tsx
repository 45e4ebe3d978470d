import { ImportanceBadge } from '../../components/ImportanceBadge';
import { formatExactTime, formatRelativeTime } from '../../lib/format';
import { filingForm, parseInsiderData } from '../../features/watchlist/card-rules';
import { FilingSummary } from '../../features/watchlist/FilingSummary';
import { secLinkFor } from '../../features/watchlist/item-actions';
import type { WatchlistFiling, WatchlistItem } from '../../features/watchlist/watchlist-types';
import { ComparisonShell } from './ComparisonShell';
import { NoFiledDate } from '../../components/NoFiledDate';

const recent = (item: WatchlistItem): WatchlistFiling[] => (item.recent_filings ?? []).slice(0, 5);

/** The filing's time, or no date when none is recorded (its filed_at is then only the period end). */
function FiledAt({ filing, format }: { filing: WatchlistFiling; format: (iso: string | null | undefined) => string }) {
  if (filing.filed_date_unknown) return <NoFiledDate />;
  return <time dateTime={filing.filed_at ?? undefined}>{format(filing.filed_at)}</time>;
}

function CompactList({ item }: { item: WatchlistItem }) {
  return (
    <ul className="compact-filings">
      {recent(item).map((filing, i) => (
        <li key={String(filing.id ?? i)}>
          <ImportanceBadge level={filing.importance} />
          <span className="form-tag">{filingForm(filing)}</span>
          <span className="compact-filings__text">
            <FilingSummary filing={filing} />
          </span>
          <FiledAt filing={filing} format={formatRelativeTime} />
        </li>
      ))}
    </ul>
  );
}

function DetailedList({ item }: { item: WatchlistItem }) {
  return (
    <div className="detailed-filings">
      {recent(item).map((filing, i) => {
        const insider = parseInsiderData(filing.insider_data);
        return (
          <article key={String(filing.id ?? i)} className="detailed-filing">
            <header>
              <ImportanceBadge level={filing.importance} />
              <span className="form-tag">{filingForm(filing)}</span>
              <FiledAt filing={filing} format={formatExactTime} />
            </header>
            <h3>
              <FilingSummary filing={filing} />
            </h3>
            {filing.summary_text && <p>{filing.summary_text}</p>}
            {filing.reasons && filing.reasons.length > 0 && (
              <>
                <h4 className="detailed-filing__label">Why it scored {String(filing.importance ?? '')}</h4>
                <ul className="reasons">
                  {filing.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </>
            )}
            {insider && (
              <dl className="detail-grid">
                <dt>Insider</dt>
                <dd>{insider.executiveName ?? '—'}</dd>
                <dt>Title</dt>
                <dd>{insider.executiveTitle ?? '—'}</dd>
                <dt>Direction</dt>
                <dd>
                  {insider.isDisposition == null
                    ? '—'
                    : insider.isDisposition
                      ? 'Disposition (sold)'
                      : 'Acquisition (bought)'}
                </dd>
                <dt>Shares</dt>
                <dd>{insider.sharesTraded == null ? '—' : insider.sharesTraded.toLocaleString('en-US')}</dd>
              </dl>
            )}
            <a href={secLinkFor(item, filing)} target="_blank" rel="noopener noreferrer">
              Read the filing on sec.gov<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </article>
        );
      })}
    </div>
  );
}

/** The compact list (cards, table) next to the detailed view of the same real filings. */
export default function FilingDisplayComparisonPage() {
  return (
    <ComparisonShell
      title="Filing display comparison"
      intro="The same filings in the compact form used on cards and in the table, and in the detailed form used on ticker pages."
      eligible={(item) => (item.recent_filings?.length ?? 0) > 0}
      left={{
        title: 'Compact',
        note: 'One line per filing: level, form, one-liner, age. Built for scanning many tickers.',
        render: (item) => <CompactList item={item} />,
      }}
      right={{
        title: 'Detailed',
        note: 'Everything we extracted: exact time, summary, insider details and the source link.',
        render: (item) => <DetailedList item={item} />,
      }}
    />
  );
}
