/**
 * npm run bench:detect [-- --full | --windows 05:55-06:20,15:58-16:20,22:44-22:56] [--drop 0.005 --watched 800 --users 60 --seed 1]
 *
 * A simulated EDGAR business day against the real app. The EDGAR simulator
 * (src-server/integrations/edgar/simulator/) replays the acceptance profile of Tue 2025-11-18
 * (3,065 filings, the 16:00-17:30 rush, plus the 179 filings held from the evening before and
 * released at 06:00) with the research's measured feed lags, drops a share of filings from the
 * feed, and enforces SEC's rate limit (403 + 10-minute block above 10 requests a second). The
 * app is the production wiring (runtime deps, buildApp, every worker, graphile-worker, the
 * shared request budget in PostgreSQL, SMTP to a loopback SMTP server) in this process, on a
 * simulated clock that skips ahead only while nothing works: every stretch of real work keeps
 * its real duration, so all times printed are simulated seconds.
 *
 * The default run simulates three windows of the day, the clock jumping between them (filings
 * accepted in the gaps are left out): the 06:00 release of the held filings, the first 22 minutes
 * of the 16:00 rush (the busiest minutes of the day), and the daily index at 22:45 with the
 * nightly reconciliation. `--full` runs 05:40-23:05 ET in one piece (about 58,000 feed polls:
 * tens of minutes on a busy 2-core machine).
 *
 * Prints `bench:detect filings=.. recall=.. feed_to_detect_p50_s=.. ... max_req_per_s=..`.
 * Every figure is over the whole run (issue #27): feed -> detection over every filing the feed
 * listed, acceptance -> detection over every filing but those EDGAR held overnight (counted);
 * subsets (market hours, the rush, the 06:00 release) are extra labelled lines, each with its n,
 * and recall is split into detected live and found by the nightly check. Then `docs_to_sent_p50_s/p95_s` (sent from the moment the documents could be fetched, when that
 * is after detection: a filing the full-text index listed first), `emails` and `email_filings`
 * (how many live emails and filings the detect -> sent figures rest on), a histogram, and writes
 * docs/bench/detect-latency.svg. 800 watched companies (of the 8,049 the filings are spread over)
 * give a few dozen live emails: with 300 there were 16, too few for a p95.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src-server/app';
import { parseEnv } from '../src-server/config/env';
import { FORM_VALUES } from '#shared/forms';
import { nyInstant, nyParts } from '#shared/us-calendar';
import { connectDatabase } from '../src-server/db/client';
import { createEdgarSource } from '../src-server/integrations/edgar/edgar-source';
import { SimClock } from '../src-server/integrations/edgar/simulator/clock';
import { buildSimDay, recordedDaySpecs } from '../src-server/integrations/edgar/simulator/sim-day';
import { startEdgarSimulator, type EdgarSimulator } from '../src-server/integrations/edgar/simulator/simulator';
import { seededRandom } from '../src-server/integrations/edgar/simulator/random';
import { startWorkers } from '../src-server/background';
import { createRuntimeDeps } from '../src-server/runtime-deps';
import { startSmtpPeer } from '../src-server/test/peers/smtp';
import { pipelineIdle } from '../src-server/test/pipeline-idle';
import { benchArgs } from './bench/bench-args';
import { benchDatabase } from './bench/bench-kit';
import { histogram, latencySvg } from './bench/detect-report';
import { describe, fixed, percentile } from './bench/stats';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = benchArgs.string;
const hm = (s: string) => {
  const [h, m] = s.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60;
};
/** npm test's smoke run: one quiet minute of market hours, a handful of watchers. */
const SMOKE = process.argv.includes('--smoke');
const LOG_LEVEL = arg('log', 'silent');
const WINDOWS = (
  process.argv.includes('--full')
    ? '05:40-23:05'
    : arg('windows', SMOKE ? '13:00-13:01' : '05:55-06:20,15:58-16:20,22:44-22:56')
)
  .split(',')
  .map((w) => w.split('-').map(hm) as [number, number]);
/** Filings accepted this close to a window's end are left out too: they would be listed after it. */
const DRAIN_S = Number(arg('drain', String(SMOKE ? 20 : 8 * 60)));
const inWindows = (spec: { acceptedSeconds: number; day?: number }) =>
  spec.day === -1 ||
  WINDOWS.some(([from, to]) => spec.acceptedSeconds >= from && spec.acceptedSeconds < Math.max(from, to - DRAIN_S));
const DROP = Number(arg('drop', '0.005'));
const WATCHED = Number(arg('watched', SMOKE ? '20' : '800'));
const USERS = Number(arg('users', SMOKE ? '2' : '60'));
const SEED = Number(arg('seed', '1'));

// ---- the companies, the day, the database ----------------------------------------------------
const catalogue = Object.values(
  JSON.parse(readFileSync(join(root, 'src-server/domains/tickers/data/company_tickers.json'), 'utf8')) as Record<
    string,
    { cik_str: number; ticker: string; title: string }
  >,
);
const byCik = new Map<number, { cik: number; name: string; ticker: string }>();
for (const c of catalogue)
  if (!byCik.has(c.cik_str)) byCik.set(c.cik_str, { cik: c.cik_str, name: c.title, ticker: c.ticker });
const companies = [...byCik.values()];
const random = seededRandom(SEED);
const watched = [...companies].sort(() => random() - 0.5).slice(0, WATCHED);
const day = buildSimDay({ companies, dropShare: DROP, seed: SEED, specs: recordedDaySpecs().filter(inWindows) });
const start = nyInstant(day.date, WINDOWS[0]![0]);
const end = nyInstant(day.date, WINDOWS[WINDOWS.length - 1]![1]);

const scratch = await benchDatabase('bench_detect');
const smtp = await startSmtpPeer();
const env = parseEnv({
  ...process.env,
  DATABASE_URL: scratch.url,
  SMTP_URL: smtp.url,
  LOG_LEVEL: LOG_LEVEL,
  NODE_ENV: 'production',
  QUOTES_PROVIDER: 'off',
  EDGAR_USER_AGENT: '',
  EDGAR_BASE_URL: '',
  MAIL_POSTAL_ADDRESS: '1 Bench Street, Testville',
});
const database = connectDatabase(scratch.url, { max: 20 });

// Watchers: PRO users with a verified email, every form, every importance, no quiet hours.
await database.db.transaction(async (tx) => {
  const users = await tx.execute<{ id: string }>(sql`
    insert into users (email, email_verified_at, notify_via, plan_type, plan_status, alert_min_rank_email)
    select 'watcher' || g || '@bench.invalid', now(), '{email}', 'pro', 'active', 1 from generate_series(1, ${USERS}) g returning id`);
  const items = users.flatMap((u, i) =>
    watched
      .filter((_, j) => j % USERS === i || (j * 7 + i) % USERS === 0)
      .map((c) => ({ user: u.id, ticker: c.ticker })),
  );
  // The ticker catalogue is loaded by the app at start; watchlist rows need only the symbol.
  await tx.execute(sql`
    insert into watchlist_items (user_id, ticker, forms)
    select (x->>'user')::uuid, x->>'ticker', ${sql.param(FORM_VALUES as string[])}::text[]
    from json_array_elements(${JSON.stringify(items)}::json) x on conflict do nothing`);
  // History backfills are bulk work outside what this bench measures.
  await tx.execute(
    sql`insert into edgar_backfills (cik, status) select unnest(${sql.param(watched.map((c) => c.cik))}::int[]), 'done'`,
  );
});

// ---- the app on the simulated clock ----------------------------------------------------------
let sim: EdgarSimulator | null = null;
/**
 * Set by anything that can start work outside a `busy` stretch: a new feed listing, any request
 * other than a feed page (documents, full-text search, indexes), a job added, a filing stored.
 * While it is clear, nothing is pending and the database need not be asked.
 */
let dirty = true;
let listed = 0;
/** EDGAR requests per simulated second, by kind: is the request budget what live work waits for? */
const perSecond = new Map<number, Record<string, number>>();
const kindOf = (path: string) =>
  path.startsWith('/cgi-bin/browse-edgar')
    ? 'feed'
    : path.startsWith('/Archives/edgar/data')
      ? 'archives'
      : path.includes('search-index') || path.includes('efts')
        ? 'efts'
        : 'other';
/** Job slots, sampled every loop turn: what runs, what waits (due, unlocked), by task and lane. */
const slotSamples: { running: Record<string, number>; waiting: Record<string, number> }[] = [];
/** Each job seen holding a slot (real ms, first and last sample) and each failed attempt's error: who holds slots, and why jobs come back. */
const heldSlots = new Map<string, { what: string; first: number; last: number }>();
const failedAttempts = new Map<string, string>();
async function sampleSlots() {
  const rows = await database.db.execute<{ task: string; queue: string | null; running: boolean; n: number }>(sql`
    select t.identifier as task, q.queue_name as queue, j.locked_at is not null as running, count(*)::int as n
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
    where j.locked_at is not null or (j.run_at <= now() and j.attempts < j.max_attempts) group by 1, 2, 3`);
  const sample = { running: {} as Record<string, number>, waiting: {} as Record<string, number> };
  for (const r of rows) {
    const key = `${r.task}${r.queue == null ? '' : r.queue.startsWith('edgar-reports') ? ' (reports)' : ' (bulk)'}`;
    const into = r.running ? sample.running : sample.waiting;
    into[key] = (into[key] ?? 0) + r.n;
  }
  slotSamples.push(sample);
  const jobs = await database.db.execute<{
    id: string;
    what: string;
    running: boolean;
    error: string | null;
    attempts: number;
  }>(sql`
    select j.id::text, t.identifier || ' ' || coalesce(j.payload->>'formType', '') || ' ' || coalesce(j.payload->>'accessionNo', '') as what,
      j.locked_at is not null as running, left(j.last_error, 160) as error, j.attempts
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where j.locked_at is not null or j.last_error is not null`);
  const now = Date.now();
  for (const j of jobs) {
    if (j.running) {
      const held = heldSlots.get(j.id);
      if (held) held.last = now;
      else heldSlots.set(j.id, { what: j.what, first: now, last: now });
    }
    if (j.error) failedAttempts.set(`${j.id}/${j.attempts}`, `${j.what}: ${j.error.split('\n')[0]}`);
  }
}
const markDirty = () => {
  dirty = true;
};
await database.sql.listen('jobs:insert', markDirty);
await database.sql.listen('filing_scored', markDirty);
/** Nothing in flight: no request at the simulator, no job queued or running, nothing unmatched or unsent. */
const quiet = async () => {
  if ((sim?.inFlight() ?? 0) > 0) return false;
  if (!dirty) return true;
  dirty = false;
  const idle = await pipelineIdle(database.db);
  if (!idle) dirty = true;
  return idle;
};
const clock = new SimClock({ start, until: nyInstant(day.date, WINDOWS[0]![1]), quiet });
// `--log warn` (or info, debug): the app's own log on stderr, to read beside the figures.
const logger = pino({ level: LOG_LEVEL }, pino.destination(2));
const edgar = createEdgarSource(env, {
  db: database.db,
  clock,
  local: async () => {
    sim = await startEdgarSimulator({
      day,
      clock,
      onRequest: (r) => {
        const sec = Math.floor(r.at / 1000);
        const counts = perSecond.get(sec) ?? {};
        const kind = kindOf(r.path);
        counts[kind] = (counts[kind] ?? 0) + 1;
        perSecond.set(sec, counts);
        if (!r.path.startsWith('/cgi-bin/browse-edgar')) dirty = true;
        else {
          const n = sim?.world.feed.listedCount(r.at) ?? 0;
          if (n !== listed) dirty = true;
          listed = n;
        }
      },
    });
    return {
      url: sim.url,
      close: () => sim!.close(),
      describe: `EDGAR simulator (${day.filings.length} filings, ${day.date})`,
    };
  },
});
const deps = await createRuntimeDeps(env, { ...database, url: scratch.url }, logger, { clock, edgar });
const app = await buildApp(deps);
const startedReal = performance.now();
const workers = await startWorkers(deps);
const windowsText = WINDOWS.map(
  ([a, b]) =>
    `${Math.floor(a / 3600)}:${String((a % 3600) / 60).padStart(2, '0')}-${Math.floor(b / 3600)}:${String((b % 3600) / 60).padStart(2, '0')}`,
).join(', ');
console.log(
  `bench:detect simulating ${day.date} ${windowsText} ET: ${day.filings.length} filings, ${WATCHED} watched companies, ${USERS} PRO users, drop ${DROP}`,
);
let lastReport = performance.now();
for (let w = 0; clock.now() < end; ) {
  await new Promise((r) => setTimeout(r, 200));
  await sampleSlots();
  const windowEnd = nyInstant(day.date, WINDOWS[w]![1]);
  if (clock.now() >= windowEnd && w + 1 < WINDOWS.length) {
    w += 1;
    for (let i = 0; i < 300 && !(await quiet()); i += 1) await new Promise((r) => setTimeout(r, 100));
    clock.jumpTo(nyInstant(day.date, WINDOWS[w]![0]));
  } else if (clock.until !== windowEnd) {
    clock.until = windowEnd;
  }
  if (performance.now() - lastReport > 15_000) {
    lastReport = performance.now();
    const p = nyParts(clock.now());
    console.log(
      `  ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')} ET after ${((performance.now() - startedReal) / 1000).toFixed(0)} s`,
    );
  }
}
// Let the last work finish (quiet), then stop.
for (let i = 0; i < 100 && !(await quiet()); i += 1) await new Promise((r) => setTimeout(r, 100));
const realSeconds = (performance.now() - startedReal) / 1000;
clock.stop();
await workers.stop();
await app.close();

// ---- results ---------------------------------------------------------------------------------
type Row = { accession_no: string; detected_ms: number | null; detected_via: string | null; stored_ms: number };
const rows = await database.db.execute<Row>(sql`
  select accession_no, (extract(epoch from detected_at) * 1000)::float8 as detected_ms, detected_via,
    (extract(epoch from stored_at) * 1000)::float8 as stored_ms from filings`);
const stored = new Map(rows.map((r) => [r.accession_no, r]));
const sends = await database.db.execute<{ accession_no: string; detected_ms: number; sent_ms: number }>(sql`
  select f.accession_no, (extract(epoch from f.detected_at) * 1000)::float8 as detected_ms, (extract(epoch from a.sent_at) * 1000)::float8 as sent_ms
  from alerts a join filings f on f.id = a.filing_id where a.channel = 'email' and a.sent_at is not null`);
// Where detect -> sent goes, per live emailed alert: ingest (detected -> stored), matching
// (stored -> queued), waiting for a send (queued -> sending: the burst gather, then a job slot),
// the SMTP exchange (sending -> sent). System-clock stamps are converted to simulated time.
const chain = await database.db.execute<{
  accession_no: string;
  detected_ms: number;
  stored_ms: number;
  created_ms: number;
  due_ms: number;
  sending_ms: number | null;
  sent_ms: number;
  bundled: boolean;
}>(sql`
  select f.accession_no, (extract(epoch from f.detected_at) * 1000)::float8 as detected_ms, (extract(epoch from f.stored_at) * 1000)::float8 as stored_ms,
    (extract(epoch from a.created_at) * 1000)::float8 as created_ms, (extract(epoch from a.next_attempt_at) * 1000)::float8 as due_ms,
    (extract(epoch from a.sending_at) * 1000)::float8 as sending_ms, (extract(epoch from a.sent_at) * 1000)::float8 as sent_ms, a.burst_lead_id is not null as bundled
  from alerts a join filings f on f.id = a.filing_id where a.channel = 'email' and a.sent_at is not null`);
const recon = await database.db.execute<{ source: string; listed: number; detected_before: number }>(
  sql`select source, listed, detected_before from edgar_reconciliations`,
);

// Filings EDGAR disseminated on the simulated day within the window (the day's master index).
// Filings made public in a gap between windows (a long feed lag past a window's end) are left out:
// the skipped hours, not the app, would set their latency.
const windowOf = (t: number) =>
  WINDOWS.findIndex(([a, b]) => t >= nyInstant(day.date, a) && t < nyInstant(day.date, b));
const publicAt = (f: (typeof day.filings)[number]) => f.feedAt ?? f.eftsAt ?? Infinity;
const included = day.filings.filter((f) => f.filingDate === day.date && windowOf(publicAt(f)) >= 0);
const found = included.filter((f) => stored.get(f.accessionNo)?.detected_ms != null);
const s = (ms: number) => ms / 1000;
/** Detected by a live layer (the feed, its deep pages, the full-text index) or only by the nightly check. */
const LIVE_VIA = new Set(['feed', 'feed_deep', 'efts']);
const NIGHTLY_VIA = new Set(['daily_index', 'submissions']);
const viaOf = (f: { accessionNo: string }) => stored.get(f.accessionNo)?.detected_via ?? '';
const foundLive = found.filter((f) => LIVE_VIA.has(viaOf(f)));
const foundNightly = found.filter((f) => NIGHTLY_VIA.has(viaOf(f)));
const heldOvernight = (f: (typeof day.filings)[number]) => nyParts(f.acceptedAt!).date !== f.filingDate;
/** Where in the day a filing was listed (held filings by their 06:00 release). */
const dayPartOf = (f: (typeof day.filings)[number], at: number) => {
  if (heldOvernight(f)) return 'held (released 06:00)';
  const sec = nyParts(at).secondsOfDay;
  if (sec < hm('09:30')) return '06:00-09:30';
  if (sec < hm('16:00')) return '09:30-16:00 (market hours)';
  if (sec < hm('17:30')) return '16:00-17:30 (the rush)';
  return '17:30-22:00';
};
// Feed listing -> detection over every filing the feed listed, however it was found: one found
// first by the full-text index counts 0 s, one found only by the nightly check its whole wait.
// Listed but never detected: left out, counted (recall says the same).
const feedToDetect: number[] = [];
const feedByWindow = new Map<string, number[]>();
let feedFoundEarlier = 0;
const feedNeverDetected = included.filter((f) => f.feedAt != null && stored.get(f.accessionNo)?.detected_ms == null);
const acceptToDetect: number[] = [];
const byWindow = new Map<string, number[]>();
const missedFeed: { accession: string; via: string; lagS: number }[] = [];
for (const f of found) {
  const r = stored.get(f.accessionNo)!;
  const detected = r.detected_ms!;
  if (f.feedAt != null) {
    if (detected < f.feedAt) feedFoundEarlier += 1;
    const lag = Math.max(0, s(detected - f.feedAt));
    feedToDetect.push(lag);
    const w = dayPartOf(f, f.feedAt);
    feedByWindow.set(w, [...(feedByWindow.get(w) ?? []), lag]);
  }
  if (f.feedAt == null)
    missedFeed.push({ accession: f.accessionNo, via: r.detected_via ?? '?', lagS: s(detected - (f.acceptedAt ?? 0)) });
  const lag = s(detected - f.acceptedAt!);
  const w = dayPartOf(f, f.acceptedAt!);
  byWindow.set(w, [...(byWindow.get(w) ?? []), lag]);
  // Held filings wait for EDGAR's 06:00 release by law, not for us: their acceptance lag is printed apart.
  if (!heldOvernight(f)) acceptToDetect.push(lag);
}
const heldCount = found.filter(heldOvernight).length;
const marketHoursFeed = feedByWindow.get('09:30-16:00 (market hours)') ?? [];
// Live detections only: late finds of the nightly reconciliation are bulk work by design. And
// only filings EDGAR published within a window: at start the empty seen-set makes the first polls
// find everything listed in the last 30 minutes (and the morning's filings again), hundreds of
// ingests at once; those are a cold-start backlog, not detect -> sent of a live filing (decision 140).
const inRun = new Set(included.map((f) => f.accessionNo));
const liveVia = (accession: string) =>
  ['feed', 'feed_deep', 'efts'].includes(stored.get(accession)?.detected_via ?? '');
const liveSends = sends.filter((r) => inRun.has(r.accession_no) && liveVia(r.accession_no));
const detectToSent = liveSends.map((r) => s(clock.simulated(r.sent_ms) - r.detected_ms));
// From the moment the documents could be fetched (not before detection): what the app adds once
// EDGAR has the filing up. Differs from detect -> sent only for filings listed before their
// documents (the simulator's full-text index and submissions JSON no longer do that, decision 205).
const filingOf = new Map(day.filings.map((f) => [f.accessionNo, f]));
const docsAt = (r: { accession_no: string; detected_ms: number }) =>
  Math.max(r.detected_ms, filingOf.get(r.accession_no)?.archivesAt ?? -Infinity);
const docsToSent = liveSends.map((r) => s(clock.simulated(r.sent_ms) - docsAt(r)));
const emailFilings = new Set(liveSends.map((r) => r.accession_no)).size;
const detectToSentBacklog = sends
  .filter((r) => !inRun.has(r.accession_no) && liveVia(r.accession_no))
  .map((r) => s(clock.simulated(r.sent_ms) - r.detected_ms));
const requests = sim!.requests();
const p = (xs: number[], q: number) => fixed(percentile(xs, q));

console.log(
  `\nsimulated ${windowsText} ET in ${realSeconds.toFixed(0)} s real; ${requests.total} EDGAR requests, ${requests.blocked} blocked (403)`,
);
console.log(
  `recall: ${found.length}/${included.length} filings published in the run; detected live ${foundLive.length} (feed, deep pages, full-text index), found by the nightly check ${foundNightly.length}, other ${found.length - foundLive.length - foundNightly.length}, never ${included.length - found.length}`,
);
console.log(
  `feed -> detection, the whole run (every filing the feed listed; simulated s): ${describe(feedToDetect)}` +
    `\n  of which ${feedFoundEarlier} were found before the feed listed them (counted 0 s); left out: ${feedNeverDetected.length} listed but never detected`,
);
console.log('feed -> detection by when the feed listed it (subsets of the line above):');
for (const [w, xs] of [...feedByWindow].sort()) console.log(`  ${w.padEnd(28)} ${describe(xs)}`);
console.log(
  `acceptance -> detection, the whole run except filings held overnight (simulated s): ${describe(acceptToDetect)}; left out: ${heldCount} held by EDGAR until the 06:00 release`,
);
console.log('acceptance -> detection by acceptance window (subsets; held filings apart):');
for (const [w, xs] of [...byWindow].sort()) console.log(`  ${w.padEnd(28)} ${describe(xs)}`);
const caughtBy: Record<string, number> = {};
for (const m of missedFeed) caughtBy[m.via] = (caughtBy[m.via] ?? 0) + 1;
console.log(
  `dropped from the feed: ${included.filter((f) => f.feedAt == null).length}, caught by ${JSON.stringify(caughtBy)}`,
);
for (const r of recon)
  console.log(`reconciliation ${r.source}: ${r.detected_before}/${r.listed} detected before it ran`);
{
  // Filings found before EDGAR served their documents: the ingest waited for them (decision 206).
  const early = found.filter((f) => stored.get(f.accessionNo)!.detected_ms! < f.archivesAt);
  const after = early.map((f) => s(clock.simulated(stored.get(f.accessionNo)!.stored_ms) - f.archivesAt));
  console.log(
    `detected before their documents were up: ${early.length}; stored after the documents appeared p50 ${p(after, 50)} p95 ${p(after, 95)}`,
  );
}
const missing = included.filter((f) => !stored.get(f.accessionNo)?.detected_ms);
if (missing.length)
  console.log(
    `not detected: ${missing
      .slice(0, 10)
      .map((f) => `${f.accessionNo} ${f.formType} feed=${f.feedAt != null}`)
      .join(', ')}`,
  );
{
  const live = chain.filter((r) => inRun.has(r.accession_no) && liveVia(r.accession_no));
  console.log(
    `detect -> sent of the cold-start backlog (published before the run, left out): n=${detectToSentBacklog.length} p50 ${p(detectToSentBacklog, 50)} p95 ${p(detectToSentBacklog, 95)}`,
  );
  const toSim = (ms: number) => clock.simulated(ms);
  const parts: [string, (r: (typeof live)[number]) => number | null][] = [
    ['detected->stored', (r) => toSim(r.stored_ms) - r.detected_ms],
    ['documents up->stored', (r) => toSim(r.stored_ms) - docsAt(r)],
    ['stored->queued', (r) => toSim(r.created_ms) - toSim(r.stored_ms)],
    ['queued->due (burst gather)', (r) => toSim(r.due_ms) - toSim(r.created_ms)],
    ['queued->sending', (r) => (r.sending_ms == null ? null : toSim(r.sending_ms) - toSim(r.created_ms))],
    ['sending->sent', (r) => (r.sending_ms == null ? null : toSim(r.sent_ms) - toSim(r.sending_ms))],
  ];
  const gathered = live.filter((r) => r.due_ms - r.created_ms > 1000);
  console.log(
    `detect -> sent, by step (simulated s; ${live.length} live emails, ${gathered.length} held by the burst gather, ${live.filter((r) => r.bundled).length} sent inside another alert's email):`,
  );
  for (const [name, f] of parts) {
    const xs = live
      .map(f)
      .filter((v): v is number => v != null)
      .map(s);
    console.log(
      `  ${name.padEnd(28)} p50 ${p(xs, 50).padStart(7)}  p95 ${p(xs, 95).padStart(7)}  max ${xs.length ? Math.max(...xs).toFixed(2) : 'n/a'}`,
    );
  }
  const slowest = [...new Map(live.map((r) => [r.accession_no, r])).values()]
    .sort((a, b) => toSim(b.stored_ms) - b.detected_ms - (toSim(a.stored_ms) - a.detected_ms))
    .slice(0, 3);
  for (const r of slowest) {
    const t = nyParts(r.detected_ms);
    const f = day.filings.find((x) => x.accessionNo === r.accession_no);
    console.log(
      `  slowest ingest: ${r.accession_no} ${f?.formType} detected ${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}:${String(t.second).padStart(2, '0')} ET via ${stored.get(r.accession_no)?.detected_via}, ` +
        `documents up ${f?.archivesAt != null ? s(f.archivesAt - r.detected_ms).toFixed(1) : '?'} s after detection, stored ${s(toSim(r.stored_ms) - r.detected_ms).toFixed(1)} s after`,
    );
  }
  const ungathered = live
    .filter((r) => r.due_ms - r.created_ms <= 1000)
    .map((r) => s(toSim(r.sent_ms) - r.detected_ms));
  console.log(
    `  detect->sent without a burst gather: n=${ungathered.length} p50 ${p(ungathered, 50)} p95 ${p(ungathered, 95)}`,
  );
}
{
  const share = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(0)}%`;
  const sum = (r: Record<string, number>, f: (k: string) => boolean = () => true) =>
    Object.entries(r)
      .filter(([k]) => f(k))
      .reduce((a, [, n]) => a + n, 0);
  const liveIngest = (k: string) => k === 'edgar.ingest';
  const ingestWaits = slotSamples.filter((x) => sum(x.waiting, liveIngest) > 0);
  const sendWaits = slotSamples.filter((x) => sum(x.waiting, (k) => k === 'alerts.deliver') > 0);
  const avgRunning: Record<string, number> = {};
  for (const x of ingestWaits.length ? ingestWaits : slotSamples)
    for (const [k, n] of Object.entries(x.running))
      avgRunning[k] = (avgRunning[k] ?? 0) + n / Math.max(1, (ingestWaits.length ? ingestWaits : slotSamples).length);
  console.log(
    `job slots (${slotSamples.length} samples): a live ingest waited in ${share(ingestWaits.length, slotSamples.length)}, a send waited in ${share(sendWaits.length, slotSamples.length)}; ` +
      `running while ingests waited (average): ${Object.entries(avgRunning)
        .map(([k, n]) => `${k} ${n.toFixed(2)}`)
        .join(', ')}`,
  );
  const held = [...heldSlots.values()].map((h) => ({ what: h.what, s: (h.last - h.first) / 1000 }));
  console.log(
    `slot holders (real s between the first and last sample that saw a job running): ${describe(held.map((h) => h.s))}; longest: ${held
      .sort((a, b) => b.s - a.s)
      .slice(0, 6)
      .map((h) => `${h.what} ${h.s.toFixed(1)} s`)
      .join('; ')}`,
  );
  const errors = new Map<string, number>();
  for (const e of failedAttempts.values()) {
    const kind = e.replace(/\d{10}-\d{2}-\d{6}/g, '<accession>');
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
  }
  console.log(
    `failed job attempts seen: ${failedAttempts.size}${[...errors].map(([e, n]) => `\n  ${n} x ${e}`).join('')}`,
  );
  const seconds = [...perSecond.values()];
  const full = seconds.filter((c) => sum(c) >= 8);
  const kinds: Record<string, number> = {};
  for (const c of seconds) for (const [k, n] of Object.entries(c)) kinds[k] = (kinds[k] ?? 0) + n;
  console.log(
    `EDGAR requests: ${full.length} of ${seconds.length} active seconds at the 8/s budget; by kind ${JSON.stringify(kinds)}`,
  );
}
console.log(`\nfeed listing -> detection, the whole run (simulated s):\n${histogram(feedToDetect)}`);
console.log(
  `\nacceptance -> detection, the whole run except ${heldCount} held overnight (simulated s):\n${histogram(acceptToDetect)}`,
);
mkdirSync(join(root, 'docs/bench'), { recursive: true });
// A smoke run's figures mean nothing: it leaves the published chart alone.
if (!SMOKE) {
  writeFileSync(
    join(root, 'docs/bench/detect-latency.svg'),
    latencySvg({ acceptToDetect, feedToDetect, detectToSent }),
  );
  console.log('chart: docs/bench/detect-latency.svg');
}
console.log(
  `bench:detect filings=${included.length} recall=${(found.length / Math.max(1, included.length)).toFixed(4)} ` +
    `recall_live=${(foundLive.length / Math.max(1, included.length)).toFixed(4)} recall_nightly=${(foundNightly.length / Math.max(1, included.length)).toFixed(4)} ` +
    `feed_to_detect_n=${feedToDetect.length} feed_to_detect_p50_s=${p(feedToDetect, 50)} feed_to_detect_p95_s=${p(feedToDetect, 95)} ` +
    `market_hours_feed_to_detect_n=${marketHoursFeed.length} market_hours_feed_to_detect_p95_s=${p(marketHoursFeed, 95)} ` +
    `accept_to_detect_n=${acceptToDetect.length} accept_to_detect_p50_s=${p(acceptToDetect, 50)} accept_to_detect_p95_s=${p(acceptToDetect, 95)} ` +
    `detect_to_sent_p50_s=${p(detectToSent, 50)} detect_to_sent_p95_s=${p(detectToSent, 95)} max_req_per_s=${requests.maxPerSecond} ` +
    `docs_to_sent_p50_s=${p(docsToSent, 50)} docs_to_sent_p95_s=${p(docsToSent, 95)} emails=${liveSends.length} email_filings=${emailFilings} ` +
    `emails_left_out=${detectToSentBacklog.length} left_out_feed=${feedNeverDetected.length} held_left_out_of_accept=${heldCount} loadavg=${loadavg()
      .map((l) => l.toFixed(1))
      .join(',')}`,
);
await edgar.stop();
await smtp.close();
await database.close();
await scratch.drop();
process.exit(0);
