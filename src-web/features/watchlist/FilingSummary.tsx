import { Link } from 'react-router';
import { COPY } from '#shared/copy';
import { form4Summary } from './card-rules';
import type { WatchlistFiling } from './watchlist-types';
import { Icon } from '../../components/Icon';

/** A filing's one-liner; Form 4 reads '{executive} bought/sold {N} shares' linked to the insider. */
export function FilingSummary({ filing }: { filing: WatchlistFiling }) {
  const insider = form4Summary(filing);
  if (!insider) return <span className="filing-summary">{filing.one_liner || filing.summary_text || '—'}</span>;
  return (
    <span className="filing-summary">
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
