import { Loading } from '../../../components/Loading';
import { ErrorBox } from '../../../components/Notice';
import { formatExactTime, formatRelativeTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';

const ms = (v: number | null) => (v == null ? '—' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`);
const secs = (v: number | null) => (v == null ? '—' : v < 120 ? `${v.toFixed(0)} s` : `${(v / 60).toFixed(1)} min`);
const when = (iso: string | null) => (iso ? <time dateTime={iso} title={formatExactTime(iso)}>{formatRelativeTime(iso)}</time> : 'never');

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="admin-card" aria-label={title}>
      <h2>{title}</h2>
      <dl className="admin-stats">{children}</dl>
    </section>
  );
}

function Stat({ label, children, warn }: { label: string; children: React.ReactNode; warn?: boolean }) {
  return (
    <div className={warn ? 'admin-stat admin-stat--warn' : 'admin-stat'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

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
        <Card title="Ingestion">
          <Stat label="Mode">{o.ingestion.mode === 'live' ? 'Live EDGAR' : 'Replay (recorded filings)'}</Stat>
          <Stat label="Last EDGAR request">{when(o.ingestion.lastRequestAt)}</Stat>
          <Stat label="Last filing detected">{when(o.ingestion.lastDetectedAt)}</Stat>
          <Stat label="Last filing stored">{when(o.ingestion.lastStoredAt)}</Stat>
          <Stat label="Stored in 24 h">{o.ingestion.stored24h.toLocaleString('en-US')}</Stat>
          <Stat label="Acceptance → stored p50 / p95">{o.ingestion.lagSeconds ? `${secs(o.ingestion.lagSeconds.p50)} / ${secs(o.ingestion.lagSeconds.p95)}` : 'not measured in replay'}</Stat>
          {o.ingestion.pausedUntil ? (
            <Stat label="EDGAR paused" warn>
              until {formatExactTime(o.ingestion.pausedUntil)} ({o.ingestion.pauseReason})
            </Stat>
          ) : null}
        </Card>
        <Card title="Job queue">
          <Stat label="Ready">{o.queue.ready}</Stat>
          <Stat label="Running">{o.queue.running}</Stat>
          <Stat label="Scheduled">{o.queue.scheduled}</Stat>
          <Stat label="Failed" warn={o.queue.failed > 0}>
            {o.queue.failed}
            {o.queue.failedByTask.length > 0 ? ` (${o.queue.failedByTask.map((t) => `${t.task} ${t.n}`).join(', ')})` : ''}
          </Stat>
        </Card>
        <Card title="Dead letters">
          <Stat label="Alerts" warn={o.deadLetters.alerts > 0}>{o.deadLetters.alerts}</Stat>
          <Stat label="Digests" warn={o.deadLetters.digests > 0}>{o.deadLetters.digests}</Stat>
          <Stat label="Stripe events" warn={o.deadLetters.stripeEvents > 0}>{o.deadLetters.stripeEvents}</Stat>
        </Card>
        <Card title="Alert latency, 24 h (stored → sent)">
          {o.alertLatency24h.length === 0 ? (
            <Stat label="Sent alerts">none in the last 24 hours</Stat>
          ) : (
            o.alertLatency24h.map((l) => (
              <Stat key={l.channel} label={`${l.channel} (${l.count}) p50 / p95`}>
                {ms(l.p50Ms)} / {ms(l.p95Ms)}
              </Stat>
            ))
          )}
        </Card>
        <Card title="Users and revenue">
          <Stat label="Accounts (incl. visitors)">{o.users.total.toLocaleString('en-US')}</Stat>
          <Stat label="Verified">{o.users.verified.toLocaleString('en-US')}</Stat>
          <Stat label="PRO">{`${o.users.pro} (${o.users.paying} paying, ${o.users.comped} comp)`}</Stat>
          <Stat label="MRR (list prices)">${o.mrrUsd.toLocaleString('en-US')}</Stat>
          <Stat label="Live sockets (this server)">{o.liveSockets}</Stat>
        </Card>
      </div>
      <section aria-labelledby="recent-errors">
        <h2 id="recent-errors">Recent errors</h2>
        {o.recentErrors.length === 0 ? (
          <p className="admin-empty">No failed jobs, dead alerts or failing Stripe events. Failures show here with the provider's message.</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Source</th>
                <th scope="col">What</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {o.recentErrors.map((e, i) => (
                <tr key={`${e.what}-${i}`}>
                  <td>{when(e.at)}</td>
                  <td>{e.source}</td>
                  <td>{e.what}</td>
                  <td className="admin-error-text">{e.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
