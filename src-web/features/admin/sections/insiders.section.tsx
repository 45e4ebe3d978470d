import { useState, type FormEvent } from 'react';
import { ErrorBox, SuccessBox } from '../../../components/Notice';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { AdminTable, ADMIN_PAGING } from '../components/AdminTable';
import { ConfirmWithReason } from '../components/ConfirmWithReason';
import { FilterBar, type FilterValues } from '../components/FilterBar';

interface Insider {
  cik: number;
  name: string;
  display_name: string | null;
  merged_into_cik: number | null;
  merged_from: number[];
  filed_names: string[];
  companies: string[] | null;
  roles: string[] | null;
  filings: number;
}

const shownName = (i: Insider) => i.display_name ?? i.name;

/** /admin/insiders: reporting owners with their filed names, companies and roles; fix the name users see, merge two profiles. */
export default function InsidersSection() {
  const [filters, setFilters] = useState<FilterValues>({});
  const list = trpc.admin.insiders.list.useInfiniteQuery({ q: filters.q || null, limit: 25 }, ADMIN_PAGING);
  const [selected, setSelected] = useState<Insider | null>(null);
  const utils = trpc.useUtils();
  const changed = (row: Insider) => {
    setSelected(row);
    void utils.admin.insiders.list.invalidate();
    void utils.admin.duplicates.list.invalidate();
  };
  return (
    <div className="admin-section">
      {selected ? (
        <InsiderEditor key={selected.cik} insider={selected} onChanged={changed} onClose={() => setSelected(null)} />
      ) : null}
      <section aria-labelledby="insiders-list">
        <h2 id="insiders-list">Insider profiles</h2>
        <FilterBar
          label="Search insiders"
          fields={[{ name: 'q', label: 'Name or CIK', placeholder: 'Sergey Brin' }]}
          onApply={setFilters}
        />
        <AdminTable
          caption="Reporting owners by CIK"
          query={list}
          rowKey={(i) => i.cik}
          empty="No insider matches. Profiles appear here as Forms 3, 4 and 5 are stored: one per reporting owner's CIK."
          columns={[
            {
              header: 'Name users see',
              cell: (i) => (
                <a href={`/insider/cik/${i.cik}`}>
                  {shownName(i)}
                  {i.display_name ? ' (set by hand)' : ''}
                </a>
              ),
            },
            { header: 'CIK', cell: (i) => i.cik, numeric: true },
            { header: 'Names as filed', cell: (i) => i.filed_names.join(' · ') },
            { header: 'Companies', cell: (i) => (i.companies ?? []).join(', ') },
            { header: 'Roles', cell: (i) => (i.roles ?? []).join(', ') },
            { header: 'Filings', cell: (i) => i.filings, numeric: true },
            {
              header: 'Merges',
              cell: (i) =>
                i.merged_into_cik
                  ? `Merged into CIK ${i.merged_into_cik}`
                  : i.merged_from.length
                    ? `Includes CIK ${i.merged_from.join(', ')}`
                    : '',
            },
            {
              header: 'Action',
              cell: (i) => (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => setSelected(i)}
                  aria-label={`Edit ${shownName(i)} (CIK ${i.cik})`}
                >
                  Edit
                </button>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}

function InsiderEditor({
  insider,
  onChanged,
  onClose,
}: {
  insider: Insider;
  onChanged: (row: Insider) => void;
  onClose: () => void;
}) {
  const rename = trpc.admin.insiders.setDisplayName.useMutation();
  const merge = trpc.admin.insiders.merge.useMutation();
  const [name, setName] = useState(insider.display_name ?? '');
  const [intoCik, setIntoCik] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const saveName = async (event: FormEvent, displayName: string | null) => {
    event.preventDefault();
    setDone(null);
    const row = await rename.mutateAsync({ cik: insider.cik, displayName }).catch(() => null);
    if (row) {
      setDone(displayName ? `Users now see “${displayName}”.` : `Users now see the filed name “${row.name}”.`);
      onChanged(row);
    }
  };
  const into = Number(intoCik);
  return (
    <section aria-labelledby="insider-edit" className="panel admin-section">
      <h2 id="insider-edit">
        {shownName(insider)} <span className="muted">CIK {insider.cik}</span>
      </h2>
      <form className="admin-filters" onSubmit={(e) => void saveName(e, name.trim() || null)}>
        <label className="select-field">
          <span>Display name (empty: the name filings give)</span>
          <input
            className="input"
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            placeholder={insider.name}
          />
        </label>
        <button type="submit" className="btn btn-primary btn-sm" disabled={rename.isPending}>
          Save name
        </button>
      </form>
      {rename.error ? <ErrorBox>{errorMessage(rename.error, 'The name was not saved.')}</ErrorBox> : null}
      {insider.merged_into_cik ? (
        <p className="muted">This profile is merged into CIK {insider.merged_into_cik}; its page opens that profile.</p>
      ) : (
        <div className="admin-filters">
          <label className="select-field">
            <span>Merge into CIK</span>
            <input
              className="input"
              inputMode="numeric"
              pattern="[0-9]{1,10}"
              value={intoCik}
              onChange={(e) => setIntoCik(e.target.value.trim())}
            />
          </label>
          <ConfirmWithReason
            label="Merge…"
            title="Merge insider profiles"
            description={
              <p>
                The filings of CIK {insider.cik} will show on the profile of CIK {intoCik || '…'}, and /insider/cik/
                {insider.cik} will open that profile. Filings stay as filed.
              </p>
            }
            confirmLabel="Merge profiles"
            reasonRequired
            danger
            disabled={!/^\d{1,10}$/.test(intoCik) || into === insider.cik}
            onConfirm={async (reason) => {
              const row = await merge.mutateAsync({ fromCik: insider.cik, intoCik: into, reason });
              setDone(`CIK ${insider.cik} is merged into CIK ${row.cik} (${shownName(row)}).`);
              onChanged(row);
            }}
          />
        </div>
      )}
      {done ? <SuccessBox>{done}</SuccessBox> : null}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
