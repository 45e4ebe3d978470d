import { useState, type FormEvent } from 'react';
import { ErrorBox, SuccessBox } from '../../../components/Notice';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/errors';
import { AdminTable, ADMIN_PAGING } from '../components/AdminTable';
import { FilterBar, type FilterValues } from '../components/FilterBar';
import { JobProgress } from '../components/JobProgress';

/** /admin/tickers: the catalogue with watchers, hand-set mappings, the refresh from SEC's file. */
export default function TickersSection() {
  const [filters, setFilters] = useState<FilterValues>({});
  const sort = filters.sort === 'ticker' ? 'ticker' : 'watchers';
  const list = trpc.admin.tickers.catalogue.useInfiniteQuery({ q: filters.q ?? null, sort, limit: 25 }, ADMIN_PAGING);
  const utils = trpc.useUtils();
  const refresh = trpc.admin.tickers.refresh.useMutation();
  const [jobId, setJobId] = useState<number | null>(null);
  return (
    <div className="admin-section">
      <section aria-labelledby="tickers-refresh">
        <h2 id="tickers-refresh">Refresh from SEC</h2>
        <p className="muted">
          Loads SEC’s company ticker file through the EDGAR connection and updates the catalogue. Mappings set by hand
          below are kept.
        </p>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={refresh.isPending}
          onClick={() => void refresh.mutateAsync({}).then((job) => setJobId(job.id))}
        >
          Refresh the catalogue
        </button>
        {refresh.error ? <ErrorBox>{refresh.error.message}</ErrorBox> : null}
        {jobId ? (
          <JobProgress
            jobId={jobId}
            describe={(r) =>
              `${Number(r.entries).toLocaleString('en-US')} tickers loaded: ${String(r.changed)} new or changed, ${String(r.deactivated)} no longer listed.`
            }
          />
        ) : null}
      </section>
      <MappingForm onSaved={() => void utils.admin.tickers.catalogue.invalidate()} />
      <section aria-labelledby="tickers-catalogue">
        <h2 id="tickers-catalogue">Catalogue</h2>
        <FilterBar
          label="Search the catalogue"
          fields={[
            { name: 'q', label: 'Ticker, company or CIK', placeholder: 'AAPL' },
            {
              name: 'sort',
              label: 'Order (Any: most watched)',
              type: 'select',
              options: [{ value: 'ticker', label: 'A-Z' }],
            },
          ]}
          onApply={setFilters}
        />
        <AdminTable
          caption="Tickers with their watchers"
          query={list}
          rowKey={(t) => t.ticker}
          empty="No ticker matches. The catalogue fills from SEC’s ticker file; a refresh or a mapping set by hand adds tickers here."
          columns={[
            { header: 'Ticker', cell: (t) => <strong>{t.ticker}</strong> },
            { header: 'Company', cell: (t) => t.name },
            { header: 'CIK', cell: (t) => t.cik, numeric: true },
            { header: 'Watchers', cell: (t) => t.watchers.toLocaleString('en-US'), numeric: true },
            {
              header: 'Source',
              cell: (t) =>
                t.override ? (
                  <span title={t.override.note}>Set by hand: {t.override.note}</span>
                ) : t.active ? (
                  'SEC file'
                ) : (
                  'No longer listed'
                ),
            },
          ]}
        />
      </section>
    </div>
  );
}

function MappingForm({ onSaved }: { onSaved: () => void }) {
  const save = trpc.admin.tickers.setMapping.useMutation();
  const [form, setForm] = useState({ ticker: '', cik: '', name: '', note: '' });
  const [saved, setSaved] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const result = await save
      .mutateAsync({ ticker: form.ticker, cik: Number(form.cik), name: form.name, note: form.note })
      .catch(() => null);
    if (result) {
      setSaved(`${result.ticker} now maps to CIK ${result.cik} (${result.name}).`);
      setForm({ ticker: '', cik: '', name: '', note: '' });
      onSaved();
    }
  };
  const field = (name: keyof typeof form, label: string, extra: Record<string, unknown> = {}) => (
    <label className="select-field">
      <span>{label}</span>
      <input
        className="input"
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        required
        {...extra}
      />
    </label>
  );
  return (
    <section aria-labelledby="tickers-mapping">
      <h2 id="tickers-mapping">Add or correct a mapping</h2>
      <form className="admin-filters" onSubmit={(e) => void submit(e)}>
        {field('ticker', 'Ticker', { maxLength: 10 })}
        {field('cik', 'CIK', { inputMode: 'numeric', pattern: '[0-9]{1,10}' })}
        {field('name', 'Company name', { maxLength: 200 })}
        {field('note', 'Note (why)', { maxLength: 500 })}
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          Save mapping
        </button>
      </form>
      {save.error ? <ErrorBox>{errorMessage(save.error, 'The mapping was not saved.')}</ErrorBox> : null}
      {saved ? <SuccessBox>{saved}</SuccessBox> : null}
    </section>
  );
}
