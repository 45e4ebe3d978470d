import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/transport/trpc/app-router';
import { DETECTION_LAYERS, formatDuration } from '#shared/latency-receipt';
import { Loading } from '../../components/Loading';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { formatExactTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

type Report = inferRouterOutputs<AppRouter>['latency']['report'];
type Window = Report['windows']['24h'];

/** What "delivered" means per channel (decision 208). */
const CHANNELS: Record<string, string> = {
  email: 'Email (accepted by the mail server)',
  sms: 'SMS (delivered to the phone)',
  push: 'Web push (accepted by the push service)',
  live: 'Live dashboard (pushed)',
  email_outbox: 'Email (development outbox: stored on this server, not sent)',
  sms_outbox: 'SMS (development outbox: stored on this server, not sent)',
};
const SENT_CHANNELS: Record<string, string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Web push',
  email_outbox: 'Email (development outbox)',
  sms_outbox: 'SMS (development outbox)',
};
const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
const seconds = (v: number | null | undefined) => (v == null ? '-' : formatDuration(v));
/** A bucket edge as an axis label: "30 s", "1.5 min", "24 h" (formatDuration's "1 min 0 s" overlapped its neighbours). */
const edge = (s: number) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`);

/** Alerts, median and 95th percentile per channel. */
function ChannelTable({
  rows,
  names,
}: {
  rows: [string, { n: number; p50_s: number | null; p95_s: number | null }][];
  names: Record<string, string>;
}) {
  return (
    <table className="rules-table">
      <thead>
        <tr>
          <th scope="col">Channel</th>
          <th scope="col">Alerts</th>
          <th scope="col">Median</th>
          <th scope="col">95th percentile</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([channel, c]) => (
          <tr key={channel}>
            <th scope="row">{names[channel] ?? channel}</th>
            <td>{c.n.toLocaleString()}</td>
            <td>{seconds(c.p50_s)}</td>
            <td>{seconds(c.p95_s)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WindowFigures({ title, w }: { title: string; w: Window }) {
  const channels = Object.entries(w.detect_to_delivered);
  const sent = Object.entries(w.detect_to_sent);
  const texts = w.detect_to_sent.sms;
  return (
    <section className="panel latency-window" aria-label={title}>
      <h2>{title}</h2>
      <table className="rules-table">
        <tbody>
          <tr>
            <th scope="row">Filings detected</th>
            <td>{w.filings.toLocaleString()}</td>
          </tr>
          <tr>
            <th scope="row">SEC acceptance → our detection, median</th>
            <td data-testid={`p50-${w.hours}`}>{seconds(w.accept_to_detect.p50_s)}</td>
          </tr>
          <tr>
            <th scope="row">SEC acceptance → our detection, 95th percentile</th>
            <td>{seconds(w.accept_to_detect.p95_s)}</td>
          </tr>
          {Object.entries(w.by_layer).map(([layer, n]) => (
            <tr key={layer}>
              <th scope="row">Found by the {DETECTION_LAYERS[layer] ?? layer}</th>
              <td>{n.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Detection → delivered</h3>
      {channels.length === 0 ? (
        <p className="muted">No alerts delivered in this period.</p>
      ) : (
        <ChannelTable rows={channels} names={CHANNELS} />
      )}
      <p className="muted latency-note">
        SMS: when the carrier&apos;s delivery receipt reached us through Twilio. Email: when the mail server took the
        message (its &ldquo;250 queued&rdquo; reply), not when it reached the inbox: email does not tell a sender that.
      </p>
      {sent.length > 0 && (
        <>
          <h3>Detection → handed to the provider</h3>
          <ChannelTable rows={sent} names={SENT_CHANNELS} />
          {texts && (
            <p className="muted latency-note" data-testid={`sms-receipts-${w.hours}`}>
              Of {plural(texts.n, 'text', 'texts')} sent: {texts.delivered.toLocaleString()} delivered,{' '}
              {texts.not_delivered.toLocaleString()} reported undelivered or failed,{' '}
              {Math.max(0, texts.n - texts.delivered - texts.not_delivered).toLocaleString()} without a receipt yet.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Bars of the acceptance -> detection distribution (last 7 days). */
function Histogram({ buckets }: { buckets: Report['histogram_7d'] }) {
  if (buckets.every((b) => b.count === 0))
    return <p className="muted">No live detections in the last 7 days, so there is no distribution to draw.</p>;
  const max = Math.max(1, ...buckets.map((b) => b.count));
  const W = 640;
  const H = 200;
  const bar = W / buckets.length;
  const label = (b: Report['histogram_7d'][number]) => (b.hi_s == null ? `≥${edge(b.lo_s)}` : `<${edge(b.hi_s)}`);
  // Room above the tallest bar for its count.
  const TOP = 16;
  return (
    <figure className="latency-chart">
      <svg
        viewBox={`0 -${TOP} ${W} ${H + 40 + TOP}`}
        role="img"
        aria-label="How many filings were detected within each time after SEC acceptance, last 7 days"
      >
        {buckets.map((b, i) => {
          const h = (b.count / max) * H;
          return (
            <g key={b.lo_s}>
              <rect x={i * bar + 4} y={H - h} width={bar - 8} height={h} fill="currentColor" opacity={0.75}>
                <title>{`${label(b)}: ${b.count} filings`}</title>
              </rect>
              <text x={i * bar + bar / 2} y={H - h - 4} fontSize="11" textAnchor="middle" fill="currentColor">
                {b.count || ''}
              </text>
              <text x={i * bar + bar / 2} y={H + 16} fontSize="10" textAnchor="middle" fill="currentColor">
                {label(b)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">Filings by time from SEC acceptance to our detection, last 7 days.</figcaption>
    </figure>
  );
}

/** Public latency receipts: how far behind EDGAR we are, measured, and why the slow ones were slow. */
export default function LatencyPage() {
  const report = trpc.latency.report.useQuery(undefined, { staleTime: 30_000 });
  return (
    <PageShell className="content-page latency-page">
      <header className="page-intro">
        <h1>How fast we see SEC filings</h1>
        <p>
          Every filing we store keeps its receipt: when SEC accepted it, when EDGAR&apos;s public feed listed it, when
          we detected it and stored it, and when each alert was delivered. These are the figures, measured, not
          promised.
        </p>
      </header>
      {report.isLoading && <Loading />}
      {report.isError && <ErrorBox>The latency figures could not be loaded. Please try again later.</ErrorBox>}
      {report.data && (
        <>
          {report.data.notice && (
            <div className="notice notice--info latency-replay" role="status">
              {report.data.notice}
            </div>
          )}
          <div className="latency-windows">
            <WindowFigures title="Last 24 hours" w={report.data.windows['24h']} />
            <WindowFigures title="Last 7 days" w={report.data.windows['7d']} />
          </div>
          <section className="panel">
            <h2>Distribution</h2>
            <Histogram buckets={report.data.histogram_7d} />
          </section>
          <section className="panel">
            <h2>The ten slowest, and why</h2>
            {report.data.worst_7d.length === 0 ? (
              <p className="muted">No live detections in the last 7 days.</p>
            ) : (
              // Focusable and named: on a phone the table scrolls sideways, and keyboard users must reach it too.
              <section
                className="table-wrap"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways on a phone must be reachable by keyboard to scroll (axe scrollable-region-focusable)
                tabIndex={0}
                aria-label="The ten slowest filings"
              >
                <table className="rules-table">
                  <thead>
                    <tr>
                      <th scope="col">Filing</th>
                      <th scope="col">Accepted</th>
                      <th scope="col">Detected</th>
                      <th scope="col">Took</th>
                      <th scope="col">Why</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.data.worst_7d.map((w) => (
                      <tr key={w.id}>
                        <th scope="row">
                          {w.ticker ?? w.company_name ?? 'Filing'} {w.form}
                          <br />
                          <span className="muted">{w.accession_no}</span>
                        </th>
                        <td>{w.receipt.accepted_at ? formatExactTime(w.receipt.accepted_at) : '-'}</td>
                        <td>{formatExactTime(w.receipt.detected_at)}</td>
                        <td>{seconds(w.seconds)}</td>
                        <td>{w.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
          </section>
          <section className="panel">
            <h2>Recall</h2>
            <p className="muted">
              Each night, after EDGAR publishes the day&apos;s index, we check it and every watched company&apos;s
              filing list against what we detected; anything missed is fetched then and counted here.
            </p>
            {report.data.recall.length === 0 ? (
              <p className="muted">No nightly check has run yet.</p>
            ) : (
              <table className="rules-table latency-recall">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Checked against</th>
                    <th scope="col">Detected before the check</th>
                    <th scope="col">Recall</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.recall.map((r) => (
                    <tr key={`${r.day}-${r.source}`}>
                      <th scope="row">{r.day}</th>
                      <td>{r.source === 'daily_index' ? "EDGAR's daily index" : 'watched companies’ filing lists'}</td>
                      <td>
                        {r.detected_before.toLocaleString()} of {r.listed.toLocaleString()}
                      </td>
                      <td>{r.recall == null ? '-' : `${(r.recall * 100).toFixed(2)}%`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <p className="muted">
            Figures as of {formatExactTime(report.data.generated_at)}. The same figures: GET /api/latency.
          </p>
        </>
      )}
    </PageShell>
  );
}
