import { useParams } from 'react-router';
import { LoadingPage } from '../../components/LoadingPage';
import { PageShell } from '../../components/PageShell';
import { InsiderChoices } from '../../features/insiders/InsiderChoices';
import { InsiderProfileView } from '../../features/insiders/InsiderProfileView';
import { notFoundRetry, useDocumentTitle } from '../../features/ticker-page/page-helpers';
import { Unavailable } from '../../features/ticker-page/TickerUnavailable';
import type { InsiderLookup } from '../../features/ticker-page/ticker-types';
import { errorReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import '../../features/ticker-page/ticker-page.css';

function InsiderMissing({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  // No reason: the URL itself names no one (an empty name or a CIK that is not a number).
  const notFound = errorReason(error) === 'insider_not_found' || errorReason(error) === null;
  return (
    <Unavailable
      notFound={notFound}
      title={notFound ? `No insider filings for ${what}` : `${what} could not be loaded`}
      text="We have no Form 3, 4 or 5 filed by this person among the filings we store. The name may be spelled differently in SEC filings."
      error={error}
      onRetry={onRetry}
      testId="insider"
    />
  );
}

/** /insider/cik/{cik} and /insider/{name}: one profile, a choice between namesakes, or a clear not-found. */
export default function InsiderPage() {
  const params = useParams();
  const rawCik = params.cik ?? null;
  const name = params.name?.trim() ?? '';
  const cik = rawCik && /^\d{1,10}$/.test(rawCik) ? Number(rawCik) : null;
  const byCik = trpc.insiders.byCik.useQuery(
    { cik: cik ?? 0 },
    { enabled: cik != null && cik > 0, retry: notFoundRetry, staleTime: 5 * 60_000 },
  );
  const byName = trpc.insiders.byName.useQuery(
    { name },
    { enabled: rawCik == null && name !== '', retry: notFoundRetry, staleTime: 5 * 60_000 },
  );
  const what = rawCik != null ? `CIK ${rawCik}` : `“${name}”`;
  const query = rawCik != null ? byCik : byName;
  const lookup: InsiderLookup | undefined =
    rawCik != null ? (byCik.data ? { kind: 'profile', profile: byCik.data } : undefined) : byName.data;
  useDocumentTitle(lookup?.kind === 'profile' ? `${lookup.profile.name}: insider trades` : `Insider ${what}`);

  const invalid = (rawCik != null && (cik == null || cik <= 0)) || (rawCik == null && name === '');
  if (query.isLoading && !invalid) {
    return <LoadingPage />;
  }
  return (
    <PageShell className="container tp-page in-page">
      {invalid || !lookup ? (
        <InsiderMissing what={what} error={invalid ? null : query.error} onRetry={() => void query.refetch()} />
      ) : lookup.kind === 'choices' ? (
        <InsiderChoices lookup={lookup} />
      ) : (
        <InsiderProfileView profile={lookup.profile} />
      )}
    </PageShell>
  );
}
