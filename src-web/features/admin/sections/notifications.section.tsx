import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { ErrorBox, SuccessBox } from '../../../components/Notice';
import { formatExactTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { AdminTable, ADMIN_PAGING } from '../components/AdminTable';
import { FilterBar, type FilterValues } from '../components/FilterBar';
import { JobProgress } from '../components/JobProgress';

const when = (iso: string | null) => formatExactTime(iso) || '—';
/** Email: the mail server's acceptance (not the inbox); SMS: the carrier's receipt, as seconds after the send. */
function deliveredLabel(d: { channel: string; sentAt: string | null; deliveredAt: string | null }): string {
  if (d.channel === 'email') return 'accepted by the mail server';
  if (!d.sentAt || !d.deliveredAt) return when(d.deliveredAt);
  const s = Math.max(0, (Date.parse(d.deliveredAt) - Date.parse(d.sentAt)) / 1000);
  return `${s < 10 ? s.toFixed(1) : Math.round(s)} s after sent`;
}

/** /admin/notifications: provider health, deliveries by channel and status, dead letters, retries, a test message. */
export default function NotificationsSection() {
  const [filters, setFilters] = useState<FilterValues>({ status: 'dead' });
  const utils = trpc.useUtils();
  const deliveries = trpc.admin.notifications.deliveries.useInfiniteQuery(
    {
      limit: 25,
      channel: (filters.channel as 'email' | undefined) ?? null,
      status: (filters.status as 'dead' | undefined) ?? null,
    },
    ADMIN_PAGING,
  );
  const retry = trpc.admin.notifications.retry.useMutation({ onSuccess: () => utils.admin.notifications.invalidate() });
  const retryAll = trpc.admin.notifications.retryAll.useMutation();
  const [jobId, setJobId] = useState<number | null>(null);
  return (
    <div className="admin-section">
      <Providers />
      <section aria-labelledby="deliveries">
        <h2 id="deliveries">Deliveries</h2>
        <FilterBar
          label="Filter deliveries"
          initial={filters}
          fields={[
            {
              name: 'channel',
              label: 'Channel',
              type: 'select',
              options: ['email', 'sms', 'push', 'digest', 'brief'].map((v) => ({ value: v, label: v })),
            },
            {
              name: 'status',
              label: 'Status',
              type: 'select',
              options: ['queued', 'sending', 'sent', 'dead', 'cancelled'].map((v) => ({ value: v, label: v })),
            },
          ]}
          onApply={setFilters}
        />
        <div className="admin-actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={retryAll.isPending}
            onClick={() => void retryAll.mutateAsync({}).then((j) => setJobId(j.id))}
          >
            Retry every dead alert
          </button>
        </div>
        {jobId ? (
          <JobProgress jobId={jobId} describe={(r) => `${String(r.requeued)} dead alerts are queued again.`} />
        ) : null}
        <ErrorBox>{(retry.error ?? retryAll.error)?.message}</ErrorBox>
        <AdminTable
          caption="Deliveries, newest first"
          query={deliveries}
          rowKey={(d) => d.id}
          empty={
            filters.status === 'dead'
              ? 'No dead letters. An alert lands here when the provider refuses it for good or it runs out of attempts, with the provider’s error.'
              : 'No delivery matches. Alerts appear here as watchers are matched to new filings.'
          }
          columns={[
            { header: 'Created', cell: (d) => when(d.createdAt) },
            { header: 'Channel', cell: (d) => d.channel },
            { header: 'Status', cell: (d) => d.status },
            { header: 'Sent', cell: (d) => when(d.sentAt) },
            {
              header: 'Delivered',
              // Email: the mail server's acceptance (not the inbox); SMS: the carrier's receipt via Twilio.
              cell: (d) =>
                d.deliveredAt ? (
                  <span
                    title={new Date(d.deliveredAt).toLocaleString('en-US', {
                      dateStyle: 'medium',
                      timeStyle: 'medium',
                    })}
                  >
                    {deliveredLabel(d)}
                  </span>
                ) : d.providerStatus && ['undelivered', 'failed', 'canceled'].includes(d.providerStatus) ? (
                  `${d.providerStatus}${d.providerResponse ? ` (${d.providerResponse})` : ''}`
                ) : (
                  '—'
                ),
            },
            { header: 'To', cell: (d) => (d.channel === 'sms' ? d.user.phone : d.user.email) ?? d.user.id },
            { header: 'Filing', cell: (d) => `${d.filing.ticker ?? ''} ${d.filing.form}` },
            {
              header: 'Provider’s error',
              cell: (d) => (d.lastError ? `${d.errorCode ? `${d.errorCode}: ` : ''}${d.lastError}` : '—'),
            },
            {
              header: 'Action',
              cell: (d) =>
                d.status === 'dead' ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => void retry.mutateAsync({ ids: [d.id] })}
                    aria-label={`Retry alert ${d.id}`}
                  >
                    Retry
                  </button>
                ) : null,
            },
          ]}
        />
      </section>
    </div>
  );
}

function Providers() {
  const providers = trpc.admin.notifications.providers.useQuery({ hours: 24 });
  const send = trpc.admin.notifications.sendTest.useMutation();
  if (providers.isLoading) return <Loading />;
  if (providers.isError) return <ErrorBox>{providers.error.message}</ErrorBox>;
  return (
    <section aria-labelledby="providers">
      <h2 id="providers">Provider health (24 hours)</h2>
      <div className="admin-cards">
        {providers.data!.providers.map((p) => (
          <article key={p.channel} className="admin-card">
            <h3>{p.channel === 'email' ? 'Email' : 'SMS'}</h3>
            <p className="muted">via {p.adapter}</p>
            <p>
              {p.sent.toLocaleString('en-US')} accepted ({p.counts}), {p.failed.toLocaleString('en-US')} alerts refused
              for good
            </p>
            <p className="muted">Last accepted: {when(p.lastSentAt)}</p>
            {p.lastError ? (
              <p>
                Latest error ({when(p.lastErrorAt)}): {p.lastError}
              </p>
            ) : (
              <p className="muted">No provider error on record.</p>
            )}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={send.isPending}
              onClick={() => send.mutate({ channel: p.channel as 'email' | 'sms' })}
            >
              Send me a test {p.channel === 'email' ? 'email' : 'SMS'}
            </button>
          </article>
        ))}
      </div>
      <SuccessBox>
        {send.data
          ? `Test ${send.data.channel} accepted for ${send.data.to} (provider id ${send.data.providerId}).`
          : null}
      </SuccessBox>
      <ErrorBox>{send.error?.message}</ErrorBox>
    </section>
  );
}
