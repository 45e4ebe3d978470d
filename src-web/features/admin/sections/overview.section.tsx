import { Loading } from '../../../components/Loading';
import { ErrorBox } from '../../../components/Notice';
import { formatExactTime, formatRelativeTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { ListTable } from '../components/ListTable';
import { Stat, StatCard } from '../components/StatCard';

const ms = (v: number | null) => (v == null ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`);
const secs = (v: number | null) => (v == null ? '—' : v < 120 ? `${v.toFixed(0)} s` : `${(v / 60).toFixed(1)} min`);
const when = (iso: string | null) =>
  iso ? (
    <time dateTime={iso} title={formatExactTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  ) : (
    'never'
  );

/** /admin: the service's health in one screen; every figure comes from the database or the server process. */
export default function OverviewSection() {
  const q = trpc.admin.overview.get.useQuery(undefined, { refetchInterval: 30_000 });
  if (q.isLoading) return <Loading />;
  if (q.isError || !q.data) return <ErrorBox>{q.error?.message}</ErrorBox>;
  const o = q.data;
  return (
    <div className="admin-overview">
      <p className="muted">Updated {when(o.generatedAt)}; refreshes every 30 seconds.</p>
      <div className="admin-cards">
        <StatCard title="Ingestion">
          <Stat label="Mode">{o.ingestion.mode === 'live' ? 'Live EDGAR' : 'Replay (recorded filings)'}</Stat>
          <Stat label="Last EDGAR request">{when(o.ingestion.lastRequestAt)}</Stat>
          <Stat label="Last filing detected">{when(o.ingestion.lastDetectedAt)}</Stat>
          <Stat label="Last filing stored">{when(o.ingestion.lastStoredAt)}</Stat>
          <Stat label="Stored in 24 h">{o.ingestion.stored24h.toLocaleString('en-US')}</Stat>
          <Stat label="Acceptance → stored p50 / p95">
            {o.ingestion.lagSeconds
              ? `${secs(o.ingestion.lagSeconds.p50)} / ${secs(o.ingestion.lagSeconds.p95)}`
              : 'not measured in replay'}
          </Stat>
          {o.ingestion.pausedUntil ? (
            <Stat label="EDGAR paused" warn>
              until {formatExactTime(o.ingestion.pausedUntil)} ({o.ingestion.pauseReason})
            </Stat>
          ) : null}
        </StatCard>
        <StatCard title="Job queue">
          <Stat label="Ready">{o.queue.ready}</Stat>
          <Stat label="Running">{o.queue.running}</Stat>
          <Stat label="Scheduled">{o.queue.scheduled}</Stat>
          <Stat label="Failed" warn={o.queue.failed > 0}>
            {o.queue.failed}
            {o.queue.failedByTask.length > 0
              ? ` (${o.queue.failedByTask.map((t) => `${t.task} ${t.n}`).join(', ')})`
              : ''}
          </Stat>
        </StatCard>
        <StatCard title="Dead letters">
          <Stat label="Alerts" warn={o.deadLetters.alerts > 0}>
            {o.deadLetters.alerts}
          </Stat>
          <Stat label="Digests" warn={o.deadLetters.digests > 0}>
            {o.deadLetters.digests}
          </Stat>
          <Stat label="Stripe events" warn={o.deadLetters.stripeEvents > 0}>
            {o.deadLetters.stripeEvents}
          </Stat>
        </StatCard>
        <StatCard title="Alert latency, 24 h (stored → sent)">
          <Stat label="Sent, 24 h">
            {o.sent24h.email + o.sent24h.sms + o.sent24h.digests === 0
              ? 'none in the last 24 hours'
              : `${o.sent24h.email} email, ${o.sent24h.sms} SMS, ${o.sent24h.digests} digest emails`}
          </Stat>
          {o.alertLatency24h.map((l) => (
            <Stat key={l.channel} label={`${l.channel} (${l.count}) p50 / p95`}>
              {ms(l.p50Ms)} / {ms(l.p95Ms)}
            </Stat>
          ))}
        </StatCard>
        <StatCard title="Users and revenue">
          <Stat label="Accounts (incl. visitors)">{o.users.total.toLocaleString('en-US')}</Stat>
          <Stat label="Verified">{o.users.verified.toLocaleString('en-US')}</Stat>
          <Stat label="PRO">{`${o.users.pro} (${o.users.paying} paying, ${o.users.comped} comp)`}</Stat>
          <Stat label="MRR (list prices)">${o.mrrUsd.toLocaleString('en-US')}</Stat>
          <Stat label="Live sockets (this server)">{o.liveSockets}</Stat>
        </StatCard>
      </div>
      <section aria-labelledby="recent-errors">
        <h2 id="recent-errors">Recent errors</h2>
        <ListTable
          rows={o.recentErrors}
          rowKey={(e, i) => `${e.what}-${i}`}
          empty="No failed jobs, dead alerts or failing Stripe events. Failures show here with the provider's message."
          columns={[
            { header: 'When', cell: (e) => when(e.at) },
            { header: 'Source', cell: (e) => e.source },
            { header: 'What', cell: (e) => e.what },
            { header: 'Error', cell: (e) => e.error, className: 'admin-error-text' },
          ]}
        />
      </section>
    </div>
  );
}
