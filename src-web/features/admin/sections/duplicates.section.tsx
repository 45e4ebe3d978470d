import { useState } from 'react';
import { SuccessBox } from '../../../components/Notice';
import { trpc } from '../../../lib/trpc';
import { AdminTable, ADMIN_PAGING } from '../components/AdminTable';
import { ConfirmWithReason } from '../components/ConfirmWithReason';
import { FilterBar, type FilterValues } from '../components/FilterBar';

const KINDS = {
  share_class: 'Tickers sharing a CIK',
  ticker_moved: 'Ticker moved',
  insider: 'Insider under two CIKs',
  user_contact: 'Users sharing a contact',
} as const;
type Kind = keyof typeof KINDS;
const isKind = (value: string | undefined): value is Kind => value != null && value in KINDS;

interface Finding {
  kind: Kind;
  key: string;
  shared: string;
  members: { id: string; label: string }[];
}

/** /admin/duplicates: what looks like one entity twice; merge insiders, or mark "not a duplicate". */
export default function DuplicatesSection() {
  const [filters, setFilters] = useState<FilterValues>({});
  const list = trpc.admin.duplicates.list.useInfiniteQuery(
    { kind: isKind(filters.kind) ? filters.kind : null, limit: 25 },
    ADMIN_PAGING,
  );
  const utils = trpc.useUtils();
  const dismiss = trpc.admin.duplicates.markNotDuplicate.useMutation();
  const merge = trpc.admin.insiders.merge.useMutation();
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => {
    void utils.admin.duplicates.list.invalidate();
    void utils.admin.insiders.list.invalidate();
  };
  return (
    <div className="admin-section">
      <section aria-labelledby="duplicates-list">
        <h2 id="duplicates-list">Possible duplicates</h2>
        <p className="muted">
          Share classes and moved tickers are often correct as they are: mark them “not a duplicate” and they stop
          appearing. Insiders filing one name under two CIKs can be merged into one profile.
        </p>
        <FilterBar
          label="Filter duplicates"
          fields={[
            {
              name: 'kind',
              label: 'Kind',
              type: 'select',
              options: Object.entries(KINDS).map(([value, label]) => ({ value, label })),
            },
          ]}
          onApply={setFilters}
        />
        {done ? <SuccessBox>{done}</SuccessBox> : null}
        <AdminTable<Finding>
          caption="Findings not yet decided"
          query={list}
          rowKey={(f) => `${f.kind}/${f.key}`}
          empty="Nothing looks duplicated. Tickers sharing a CIK, a company's old and new ticker, one insider name under two CIKs and accounts giving the same email or phone appear here."
          columns={[
            { header: 'Kind', cell: (f) => KINDS[f.kind] },
            { header: 'Shared', cell: (f) => f.shared },
            {
              header: 'Entries',
              cell: (f) => (
                <ul className="admin-list">
                  {f.members.map((m) => (
                    <li key={m.id}>
                      {f.kind === 'insider' ? (
                        <a href={`/insider/cik/${m.id}`}>{m.label}</a>
                      ) : f.kind === 'user_contact' ? (
                        <a href={`/admin/users?id=${m.id}`}>{m.label}</a>
                      ) : (
                        m.label
                      )}
                    </li>
                  ))}
                </ul>
              ),
            },
            {
              header: 'Decision',
              cell: (f) => (
                <div className="admin-actions">
                  {f.kind === 'insider' ? (
                    <ConfirmWithReason
                      label="Merge…"
                      title={`Merge the profiles of ${f.shared}`}
                      description={
                        <p>
                          Every other CIK is merged into CIK {f.members[0]!.id}: its page shows all their filings and
                          the other pages open it.
                        </p>
                      }
                      confirmLabel="Merge profiles"
                      reasonRequired
                      onConfirm={async (reason) => {
                        const into = Number(f.members[0]!.id);
                        for (const m of f.members.slice(1))
                          await merge.mutateAsync({ fromCik: Number(m.id), intoCik: into, reason });
                        setDone(`${f.shared}: merged into CIK ${into}.`);
                        refresh();
                      }}
                    />
                  ) : null}
                  <ConfirmWithReason
                    label="Not a duplicate…"
                    title="Not a duplicate"
                    description={
                      <p>
                        {KINDS[f.kind]} ({f.shared}) will stop appearing here. The decision is kept in the audit log.
                      </p>
                    }
                    confirmLabel="Mark not a duplicate"
                    reasonRequired
                    onConfirm={async (reason) => {
                      await dismiss.mutateAsync({ kind: f.kind, key: f.key, reason });
                      setDone(`${KINDS[f.kind]} (${f.shared}) marked not a duplicate.`);
                      refresh();
                    }}
                  />
                </div>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
