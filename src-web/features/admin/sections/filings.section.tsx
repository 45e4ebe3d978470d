import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ImportanceBadge } from '../../../components/ImportanceBadge';
import { Loading } from '../../../components/Loading';
import { ErrorBox, SuccessBox } from '../../../components/Notice';
import { IMPORTANCE_LEVELS, type Importance } from '#shared/importance';
import { trpc } from '../../../lib/trpc';
import { AdminTable, ADMIN_PAGING } from '../components/AdminTable';
import { ConfirmWithReason } from '../components/ConfirmWithReason';
import { FilterBar, type FilterValues } from '../components/FilterBar';
import { JobProgress } from '../components/JobProgress';
import { NoFiledDate } from '../../../components/NoFiledDate';

const importanceOptions = IMPORTANCE_LEVELS.map((l) => ({ value: l, label: l }));

/** /admin/filings: search, one filing in full (?id=), review, rescore, re-ingest, range rescore. */
export default function FilingsSection() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [filters, setFilters] = useState<FilterValues>({});
  const list = trpc.admin.filings.search.useInfiniteQuery(
    {
      limit: 25,
      ticker: filters.ticker ?? null,
      form: filters.form ?? null,
      importance: (filters.importance as Importance | undefined) ?? null,
      from: filters.from ?? null,
      to: filters.to ?? null,
    },
    ADMIN_PAGING,
  );
  if (id) return <FilingDetail id={id} onBack={() => setParams({})} />;
  return (
    <div className="admin-section">
      <FilterBar
        label="Search filings"
        fields={[
          { name: 'ticker', label: 'Ticker', placeholder: 'META' },
          { name: 'form', label: 'Form', placeholder: '8-K' },
          { name: 'importance', label: 'Importance', type: 'select', options: importanceOptions },
          { name: 'from', label: 'Filed from', type: 'date' },
          { name: 'to', label: 'Filed to', type: 'date' },
        ]}
        onApply={setFilters}
      />
      <AdminTable
        caption="Filings, newest first"
        query={list}
        rowKey={(f) => f.id}
        empty="No stored filing matches. Filings appear here as ingestion stores them from EDGAR (or the replay)."
        columns={[
          {
            header: 'Filed',
            cell: (f) =>
              f.filedDateUnknown ? (
                <NoFiledDate />
              ) : (
                new Date(f.filedAt).toLocaleString('en-US', {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: 'America/New_York',
                })
              ),
          },
          { header: 'Ticker', cell: (f) => f.ticker ?? '—' },
          { header: 'Form', cell: (f) => f.form },
          {
            header: 'Importance',
            cell: (f) => <ImportanceBadge level={f.importance} reviewed={f.reviewedAt != null} />,
          },
          {
            header: 'Filing',
            cell: (f) => (
              <a
                href={`?id=${f.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  setParams({ id: String(f.id) });
                }}
              >
                {f.oneLiner}
              </a>
            ),
          },
        ]}
      />
      <RescoreRange />
    </div>
  );
}

function FilingDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const utils = trpc.useUtils();
  const detail = trpc.admin.filings.get.useQuery({ id });
  const refresh = () =>
    Promise.all([utils.admin.filings.get.invalidate({ id }), utils.admin.filings.search.invalidate()]);
  const review = trpc.admin.filings.review.useMutation({ onSuccess: refresh });
  const clear = trpc.admin.filings.clearReview.useMutation({ onSuccess: refresh });
  const rescore = trpc.admin.filings.rescore.useMutation({ onSuccess: refresh });
  const reingest = trpc.admin.filings.reingest.useMutation({ onSuccess: refresh });
  const [level, setLevel] = useState<Importance>('HIGH');
  const [message, setMessage] = useState<string | null>(null);
  // One filing's relabel or refetch asks first, as the range rescore does; the second press runs it.
  const [asking, setAsking] = useState<'rescore' | 'reingest' | null>(null);
  if (detail.isLoading) return <Loading />;
  if (detail.isError) return <ErrorBox>{detail.error.message}</ErrorBox>;
  const f = detail.data!;
  const outcome = (r: { before: string; after: string; changed: boolean }) =>
    setMessage(r.changed ? `The rules now say ${r.after} (were ${r.before}).` : `The rules still say ${r.after}.`);
  const keeps = f.review ? 'the rules’ label may change, and users keep seeing your review' : 'its label may change';
  const failure = review.error ?? clear.error ?? rescore.error ?? reingest.error;
  return (
    <div className="admin-section admin-filing">
      <button type="button" className="btn btn-secondary btn-sm" onClick={onBack}>
        Back to the search
      </button>
      <h2>
        {f.ticker ?? f.companyName} {f.form} <span className="muted">{f.accessionNo}</span>
      </h2>
      <p>
        <ImportanceBadge level={f.importance} reviewed={f.review != null} /> {f.oneLiner}
      </p>
      {f.review ? (
        <p className="muted">
          Reviewed {new Date(f.review.at).toLocaleString('en-US')}: “{f.review.reason}”. The rules say{' '}
          {f.rulesImportance}.
        </p>
      ) : null}
      <h3>Why this importance</h3>
      <ul>
        {f.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <div className="admin-actions">
        <ConfirmWithReason
          label="Override the importance"
          title="Override the importance"
          description={<p>Users see the new level marked “reviewed”. Rescoring later keeps it.</p>}
          confirmLabel="Save the review"
          onConfirm={(reason) => review.mutateAsync({ id, importance: level, reason })}
        >
          <label className="select-field">
            <span>New importance</span>
            <select className="input" value={level} onChange={(e) => setLevel(e.target.value as Importance)}>
              {IMPORTANCE_LEVELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
        </ConfirmWithReason>
        {f.review ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void clear.mutateAsync({ id }).then(() => setMessage('Back to the rules’ importance.'))}
          >
            Clear the review
          </button>
        ) : null}
        {asking ? null : (
          <>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={rescore.isPending}
              onClick={() => setAsking('rescore')}
            >
              Rescore with today’s rules
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={reingest.isPending}
              onClick={() => setAsking('reingest')}
            >
              Re-ingest from EDGAR
            </button>
          </>
        )}
      </div>
      {asking === 'rescore' ? (
        <ConfirmAction
          label="Confirm the rescore"
          yes="Yes, rescore this filing"
          busy={rescore.isPending}
          onYes={() => {
            setAsking(null);
            void rescore.mutateAsync({ id }).then(outcome);
          }}
          onCancel={() => setAsking(null)}
        >
          This filing is scored again with today’s rules; {keeps}.
        </ConfirmAction>
      ) : null}
      {asking === 'reingest' ? (
        <ConfirmAction
          label="Confirm the re-ingest"
          yes="Yes, re-ingest this filing"
          busy={reingest.isPending}
          onYes={() => {
            setAsking(null);
            void reingest.mutateAsync({ id }).then(outcome);
          }}
          onCancel={() => setAsking(null)}
        >
          This filing is fetched from EDGAR again, parsed anew and scored with today’s rules; its stored facts are
          replaced; {keeps}.
        </ConfirmAction>
      ) : null}
      <SuccessBox>{message}</SuccessBox>
      <ErrorBox>{failure?.message}</ErrorBox>
      <h3>Parsed facts</h3>
      {f.incomplete.length > 0 ? <p>Incomplete: {f.incomplete.join('; ')}</p> : null}
      <section aria-label="Parsed facts as stored">
        <pre
          className="admin-json"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the stored facts scroll; keyboard users must reach them to scroll (axe scrollable-region-focusable)
          tabIndex={0}
        >
          {JSON.stringify(f.facts, null, 2)}
        </pre>
      </section>
      {f.link ? (
        <p>
          <a href={f.link} target="_blank" rel="noreferrer">
            The filing on sec.gov
          </a>
        </p>
      ) : null}
    </div>
  );
}

function RescoreRange() {
  const start = trpc.admin.filings.rescoreRange.useMutation();
  const [range, setRange] = useState({ from: '', to: '', form: '', refetch: false });
  const [jobId, setJobId] = useState<number | null>(null);
  // A range may relabel thousands of filings: the first press says what will happen, the second starts it.
  const [confirming, setConfirming] = useState(false);
  const edit = (next: Partial<typeof range>) => {
    setRange({ ...range, ...next });
    setConfirming(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    const job = await start
      .mutateAsync({ from: range.from, to: range.to, form: range.form || null, refetch: range.refetch })
      .catch(() => null);
    if (job) setJobId(job.id);
  };
  return (
    <section aria-labelledby="rescore-range">
      <h2 id="rescore-range">Rescore a range after a rule change</h2>
      <form className="admin-filters" onSubmit={(e) => void submit(e)}>
        <label className="select-field">
          <span>Filed from</span>
          <input
            className="input"
            type="date"
            required
            value={range.from}
            onChange={(e) => edit({ from: e.target.value })}
          />
        </label>
        <label className="select-field">
          <span>Filed to</span>
          <input
            className="input"
            type="date"
            required
            value={range.to}
            onChange={(e) => edit({ to: e.target.value })}
          />
        </label>
        <label className="select-field">
          <span>Form (optional)</span>
          <input
            className="input"
            value={range.form}
            onChange={(e) => edit({ form: e.target.value })}
            placeholder="8-K"
          />
        </label>
        <label
          className="check"
          title="Readings added to the parser since a filing was stored apply only to a fresh parse; each filing is one request under the EDGAR budget (8 a second)"
        >
          <input type="checkbox" checked={range.refetch} onChange={(e) => edit({ refetch: e.target.checked })} />
          <span>Fetch each filing from EDGAR again (after a parser change)</span>
        </label>
        {confirming ? (
          <fieldset aria-label="Confirm the rescore">
            <p>
              Every {range.form.trim().toUpperCase() || 'filing'}
              {range.form.trim() ? ' filing' : ''} filed from {range.from} to {range.to} is scored again with today’s
              rules{range.refetch ? ', each fetched from EDGAR first' : ''}; labels may change.
            </p>
            <button type="submit" className="btn btn-primary btn-sm" disabled={start.isPending}>
              Yes, rescore these filings
            </button>{' '}
            <button type="button" className="btn btn-sm" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </fieldset>
        ) : (
          <button type="submit" className="btn btn-primary btn-sm" disabled={start.isPending}>
            Rescore the range
          </button>
        )}
      </form>
      <ErrorBox>{start.error?.message}</ErrorBox>
      {jobId ? (
        <JobProgress
          jobId={jobId}
          describe={(r, changed) =>
            `${String(r.filings)} filing${r.filings === 1 ? '' : 's'} rescored; ${changed} changed label${changed === 1 ? '' : 's'}${
              changed
                ? `: ${Object.entries((r.moves as Record<string, number>) ?? {})
                    .map(([m, n]) => `${m.replace('->', ' → ')} ×${n}`)
                    .join(', ')}`
                : ''
            }.${
              r.refetched != null
                ? ` ${String(r.refetched)} fetched again from EDGAR${r.unavailable ? `; ${String(r.unavailable)} unavailable, rescored from their stored parse` : ''}.`
                : ''
            }`
          }
        />
      ) : null}
    </section>
  );
}

/** A one-filing action asked first: what it does, then Yes or Cancel (a relabel or a refetch is never one click). */
function ConfirmAction(props: {
  label: string;
  yes: string;
  busy: boolean;
  onYes: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset aria-label={props.label}>
      <p>{props.children}</p>
      <button type="button" className="btn btn-primary btn-sm" disabled={props.busy} onClick={props.onYes}>
        {props.yes}
      </button>{' '}
      <button type="button" className="btn btn-sm" onClick={props.onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}
