import { FilingQuote } from './FilingQuote';
import { COPY } from '#shared/copy';
import { noteText } from '#shared/reason-notes';
import { DETECTION_LAYERS, formatDuration } from '#shared/latency-receipt';
import { Icon } from '../../components/Icon';
import { ImportanceBadge, importanceColour } from '../../components/ImportanceBadge';
import { formatExactTime, formatFiledTime, formatLag, formatRelativeTime } from '../../lib/format';
import { formDisplayName } from '../watchlist/card-rules';
import { FilingSummary } from '../watchlist/FilingSummary';
import { AnalysisBlock, shownOn } from './AnalysisBlock';
import { isPeriodicReport, ReportChanges } from './ReportChanges';
import type { TickerFiling } from './ticker-types';
import { TransactionTable } from './TransactionTable';
import { NoFiledDate } from '../../components/NoFiledDate';

function FiledTime({ filing }: { filing: TickerFiling }) {
  if (filing.filed_date_unknown) return <NoFiledDate />;
  const exact = `Filed ${formatFiledTime(filing.filed_at, filing.accepted_at)}${filing.accepted_at && filing.accepted_at !== filing.filed_at ? `, accepted ${formatExactTime(filing.accepted_at)}` : ''}`;
  return (
    <time
      className="tp-time"
      dateTime={filing.filed_at}
      title={exact}
      data-tip={exact}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the exact filing time the tooltip shows on hover
      tabIndex={0}
    >
      {formatRelativeTime(filing.filed_at)}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}

/** The filing's latency receipt: SEC acceptance -> EDGAR's feed -> our detection -> stored. */
function FilingReceipt({ filing }: { filing: TickerFiling }) {
  const r = filing.receipt;
  if (!r.detected_at) return null;
  const since = (iso: string | null) =>
    iso && r.accepted_at ? ` (${formatLag((Date.parse(iso) - Date.parse(r.accepted_at)) / 1000, formatDuration)})` : '';
  return (
    <p className="tp-receipt muted" data-testid="filing-receipt">
      Receipt: {r.accepted_at && <>accepted by SEC {formatExactTime(r.accepted_at)} · </>}
      {r.listed_after && (
        <>
          in EDGAR&apos;s feed after {formatExactTime(r.listed_after)}
          {since(r.listed_after)} ·{' '}
        </>
      )}
      detected {formatExactTime(r.detected_at)}
      {since(r.detected_at)}
      {r.detected_via && DETECTION_LAYERS[r.detected_via] ? ` via the ${DETECTION_LAYERS[r.detected_via]}` : ''}
      {r.stored_at && (
        <>
          {' '}
          · stored {formatExactTime(r.stored_at)}
          {since(r.stored_at)}
        </>
      )}
    </p>
  );
}

/** One filing on the timeline: level, form, time, one-liner, reasons, summary, details, AI, SEC links. */
export function FilingCard({
  filing,
  aiAvailable,
  compact = false,
}: {
  filing: TickerFiling;
  aiAvailable: boolean;
  compact?: boolean;
}) {
  const { summary, reasons, notes } = shownOn(filing);
  return (
    <article
      className={`tp-filing tp-filing--${importanceColour(filing.importance)}`}
      id={`filing-${filing.id}`}
      data-filing-id={filing.id}
      data-form={filing.form}
    >
      <header className="tp-filing__meta">
        <ImportanceBadge level={filing.importance} reviewed={filing.reviewed} />
        <span className="form-tag">{formDisplayName(filing.form)}</span>
        {filing.is_new && <span className="tp-new">New</span>}
        <FiledTime filing={filing} />
        {filing.data_incomplete && (
          <span className="incomplete" title="Some fields of this filing could not be read">
            <Icon name="warning" /> {COPY.incompleteData}
          </span>
        )}
      </header>
      <h3 className="tp-filing__title">
        <FilingSummary filing={filing} />
      </h3>
      {!compact && summary && <FilingQuote text={summary} className="tp-filing__summary" />}
      {!compact && filing.items.length > 0 && (
        <ul className="tp-items" aria-label="8-K items">
          {filing.items.map((item) => (
            <li key={item.number}>
              <span className="tp-items__num">Item {item.number}</span> {item.title}
            </li>
          ))}
        </ul>
      )}
      {!compact && <TransactionTable filing={filing} />}
      {!compact && isPeriodicReport(filing.form) && <ReportChanges filingId={filing.id} form={filing.form} />}
      {!compact && reasons.length > 0 && (
        <div className="tp-reasons">
          <p className="tp-reasons__label">Why {String(filing.importance)}</p>
          <ul>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      {!compact &&
        notes.map((note) => (
          <p key={note} className="tp-reasons__note muted">
            {noteText(note)}
          </p>
        ))}
      {!compact && <AnalysisBlock filing={filing} aiAvailable={aiAvailable} />}
      {!compact && <FilingReceipt filing={filing} />}
      <footer className="tp-filing__links">
        {filing.link && (
          <a href={filing.link} target="_blank" rel="noopener noreferrer">
            Read on SEC.gov<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        {!compact && filing.index_url && filing.index_url !== filing.link && (
          <a href={filing.index_url} target="_blank" rel="noopener noreferrer">
            Filing index<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        {!compact && <span className="muted">Accession {filing.accession_no}</span>}
        {!compact && filing.amends_accession_no && <span className="muted">Amends {filing.amends_accession_no}</span>}
      </footer>
    </article>
  );
}
