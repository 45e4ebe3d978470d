import { Link } from 'react-router';
import { COPY } from '#shared/copy';
import { form4Summary } from './card-rules';
import type { WatchlistFiling } from './watchlist-types';
import { Icon } from '../../components/Icon';

/** Where a watchlist summary leads: the filing's card on its ticker page (the citation anchor). */
export function filingDetailHref(ticker: string, filing: WatchlistFiling): string | undefined {
  return filing.id == null ? undefined : `/ticker/${encodeURIComponent(ticker)}#filing-${filing.id}`;
}

/**
 * A filing's one-liner; Form 4 reads '{executive} bought/sold {N} shares' linked to the insider,
 * any other form links to `detailHref` (its card on the ticker page) when given. `clipped`: the
 * place cuts long text to a few lines (the table), so the whole text is also the tooltip.
 */
export function FilingSummary({
  filing,
  detailHref,
  clipped = false,
}: {
  filing: WatchlistFiling;
  detailHref?: string;
  clipped?: boolean;
}) {
  const insider = form4Summary(filing);
  if (!insider) {
    const text = filing.one_liner || filing.summary_text || '—';
    return (
      <span className="filing-summary" title={clipped ? text : undefined}>
        {detailHref ? <Link to={detailHref}>{text}</Link> : text}
      </span>
    );
  }
  return (
    <span className="filing-summary" title={clipped ? insider.text : undefined}>
      {insider.href ? <Link to={insider.href}>{insider.text}</Link> : insider.text}
      {insider.incomplete && (
        <span className="incomplete" title="Some fields of this filing could not be read">
          {' '}
          <Icon name="warning" /> {COPY.incompleteData}
        </span>
      )}
    </span>
  );
}
