import { useState } from 'react';
import { ErrorBox } from '../../../components/Notice';
import { errorMessage } from '../../../lib/errors';
import { formatExactTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { ADMIN_PAGING, AdminTable } from '../components/AdminTable';
import { FilterBar, type FilterValues } from '../components/FilterBar';

type Log = 'audit' | 'security';
const KINDS = [
  { value: 'sign_in', label: 'Sign-ins' },
  { value: 'code_failed', label: 'Failed codes' },
  { value: 'rate_limited', label: 'Rate-limit trips' },
  { value: 'webhook_signature_failed', label: 'Webhook signature failures' },
];
const dayStart = (d?: string) => (d ? new Date(`${d}T00:00:00Z`).toISOString() : undefined);
const dayEnd = (d?: string) => (d ? new Date(`${d}T23:59:59.999Z`).toISOString() : undefined);
const short = (v: unknown) => (v == null ? '' : JSON.stringify(v).slice(0, 160));

/** Only what changed: `key: before → after` for each differing field (whole values when not two objects). */
function changeText(before: unknown, after: unknown): string {
  const isObj = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(before) || !isObj(after)) return `${short(before) || '—'} → ${short(after) || '—'}`;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return keys.map((k) => `${k}: ${short(before[k]) || '—'} → ${short(after[k]) || '—'}`).join('; ') || 'no change';
}

/** /admin/activity: every console change (audit log) and the security events, filtered on the server, as CSV. */
export default function ActivitySection() {
  const [log, setLog] = useState<Log>('audit');
  const [filters, setFilters] = useState<FilterValues>({});
  const [exportError, setExportError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const dates = { from: dayStart(filters.from), to: dayEnd(filters.to) };
  const auditFilters = { action: filters.action, targetId: filters.targetId, ...dates };
  const securityFilters = { kind: filters.kind, subject: filters.subject, ip: filters.ip, ...dates };
  const audit = trpc.admin.activity.audit.useInfiniteQuery(
    { ...auditFilters, limit: 50 },
    { ...ADMIN_PAGING, enabled: log === 'audit' },
  );
  const security = trpc.admin.activity.security.useInfiniteQuery(
    { ...securityFilters, limit: 50 },
    { ...ADMIN_PAGING, enabled: log === 'security' },
  );

  const download = async () => {
    setExportError(null);
    try {
      const file = await utils.admin.activity.exportCsv.fetch(
        log === 'audit' ? { log, ...auditFilters } : { log, ...securityFilters },
      );
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv' }));
      link.download = file.filename;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (failure) {
      setExportError(errorMessage(failure, 'The export failed. Please try again.'));
    }
  };
  const switchTo = (next: Log) => {
    setLog(next);
    setFilters({});
  };

  return (
    <div className="admin-activity">
      <fieldset className="bare-fieldset admin-tabs" aria-label="Log">
        <button
          type="button"
          className={`btn btn-sm ${log === 'audit' ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={log === 'audit'}
          onClick={() => switchTo('audit')}
        >
          Audit log
        </button>
        <button
          type="button"
          className={`btn btn-sm ${log === 'security' ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={log === 'security'}
          onClick={() => switchTo('security')}
        >
          Security events
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void download()}>
          Export CSV
        </button>
      </fieldset>
      <ErrorBox>{exportError}</ErrorBox>
      {log === 'audit' ? (
        <>
          <FilterBar
            key="audit"
            label="Filter the audit log"
            fields={[
              { name: 'action', label: 'Action', placeholder: 'users.delete' },
              { name: 'targetId', label: 'Target id' },
              { name: 'from', label: 'From', type: 'date' },
              { name: 'to', label: 'To', type: 'date' },
            ]}
            onApply={setFilters}
          />
          <AdminTable
            caption="Audit log"
            query={audit}
            rowKey={(r) => r.id}
            empty="No console changes match. Every change made here (limits, comps, deletions...) is listed with its admin, reason and before/after."
            columns={[
              { header: 'When', cell: (r) => formatExactTime(r.createdAt) },
              { header: 'Admin', cell: (r) => r.adminEmail ?? r.adminUserId },
              { header: 'Action', cell: (r) => r.action },
              { header: 'Target', cell: (r) => `${r.targetType} ${r.targetId ?? ''}` },
              { header: 'Reason', cell: (r) => r.reason ?? '—' },
              {
                header: 'Change',
                cell: (r) => <span className="admin-error-text">{changeText(r.before, r.after)}</span>,
              },
              { header: 'IP', cell: (r) => r.ip ?? '—' },
            ]}
          />
        </>
      ) : (
        <>
          <FilterBar
            key="security"
            label="Filter security events"
            fields={[
              { name: 'kind', label: 'Kind', type: 'select', options: KINDS },
              { name: 'subject', label: 'Subject (exact)', placeholder: 'stripe' },
              { name: 'ip', label: 'IP' },
              { name: 'from', label: 'From', type: 'date' },
              { name: 'to', label: 'To', type: 'date' },
            ]}
            onApply={setFilters}
          />
          <AdminTable
            caption="Security events"
            query={security}
            rowKey={(r) => r.id}
            empty="No security events match. Sign-ins, failed codes, rate-limit trips and webhook signature failures appear here as they happen."
            columns={[
              { header: 'When', cell: (r) => formatExactTime(r.createdAt) },
              { header: 'Kind', cell: (r) => KINDS.find((k) => k.value === r.kind)?.label ?? r.kind },
              { header: 'Subject', cell: (r) => r.subject ?? '—' },
              { header: 'Detail', cell: (r) => <span className="admin-error-text">{short(r.detail)}</span> },
              { header: 'IP', cell: (r) => r.ip ?? '—' },
            ]}
          />
        </>
      )}
    </div>
  );
}
