/**
 * npm run bench:fanout [-- --email 80000 --sms 10000 --live 10000 --concurrency 8 --sends 25 --pool 8]
 *
 * One popular filing to 100,000 watchers through the real pipeline: a real Tesla Form 4 (SEC's
 * submissions JSON) is stored with its NOTIFY as ingest does; the app's alert worker matches it
 * (startAlerts), the job queue's send lane renders and sends every email over pooled SMTP
 * connections (nodemailer `pool=true`) to a local SMTP server that counts what it is handed, and
 * every SMS to a Twilio-shaped peer. Watchers: 80,000 with email alerts, 10,000 with SMS, 10,000
 * with neither (they follow the filing on the live dashboard; no socket is opened here, the
 * line says so: `bench:live` measures sockets). A bystander watching another company gets an
 * alert for an AAPL filing stored one second after the burst began: how long does it wait?
 *
 * Prints `bench:fanout watchers=.. first_sent_s=.. p50_sent_s=.. p95_sent_s=.. last_sent_s=..
 * emails_per_s=.. sms_per_s=..` (seconds after the filing was stored, from the alert rows'
 * sent_at, n beside each), then the bystander's delay and the targets met or missed.
 * `--concurrency`: send-lane job slots (JOBS_SEND_CONCURRENCY); `--sends`: sends one delivery job runs
 * at once (ALERT_SEND_PARALLELISM); `--pool`: pooled SMTP connections (the SMTP_URL's maxConnections).
 * `--processes N`: the alert worker and send lane run in N worker processes (`scripts/worker.ts`,
 * the real entry, as `npm run worker` starts it; EDGAR left idle) instead of in the bench's own
 * process; the counting SMTP server and the Twilio peer stay here. 0 (the default) runs them in
 * this process, as before decision 331.
 * `--smoke`: 40 email, 5 SMS, 5 live watchers.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../src-server/config/env';
import { connectDatabase } from '../src-server/db/client';
import { startAlerts } from '../src-server/domains/alerts/alerts.workers';
import { SEND_LANE_TASKS, TASKS } from '../src-server/background';
import { runWorkers } from '../src-server/jobs/workers';
import { createRuntimeDeps } from '../src-server/runtime-deps';
import { startTwilioPeer } from '../src-server/test/peers/twilio';
import { insertRealFilings, realFilings } from '../src-server/test/real-filings';
import { benchArgs, benchDatabase, machine } from './bench/bench-kit';
import { fixed, percentile } from './bench/stats';

const SMOKE = benchArgs.smoke;
const EMAIL = benchArgs.number('email', SMOKE ? 40 : 80_000);
const SMS = benchArgs.number('sms', SMOKE ? 5 : 10_000);
const LIVE = benchArgs.number('live', SMOKE ? 5 : 10_000);
const CONCURRENCY = benchArgs.number('concurrency', Number(process.env.JOBS_SEND_CONCURRENCY ?? 8));
const SENDS = benchArgs.number('sends', Number(process.env.ALERT_SEND_PARALLELISM ?? 25));
const POOL = benchArgs.number('pool', 8);
const TIMEOUT_S = benchArgs.number('timeout', SMOKE ? 120 : 900);
const PROCESSES = benchArgs.number('processes', 0);

/** A loopback SMTP server that drains and counts messages (80,000 parsed and kept would not fit). */
async function countingSmtp() {
  const handed: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        handed.push(Date.now());
        callback(null, '2.0.0 Ok: counted');
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, handed, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Watchers of TSLA Form 4s: `email` by email, `sms` by SMS, `live` on neither; one AAPL bystander. */
async function seedFanout(db: ReturnType<typeof connectDatabase>['db']) {
  await db.execute(
    sql`insert into tickers (ticker, cik, name) values ('TSLA', 1318605, 'Tesla, Inc.'), ('AAPL', 320193, 'Apple Inc.') on conflict do nothing`,
  );
  const users = (via: string, count: number, prefix: string) => sql`
    with u as (
      insert into users (email, email_verified_at, plan_type, plan_status, notify_via, alert_min_rank_email, alert_min_rank_sms, phone, phone_verified_at)
      select ${prefix} || g || '@bench.invalid', now(), 'pro', 'active', ${via}::text[], 1, 1,
        case when ${via} = '{sms}' then '+1202' || lpad(g::text, 7, '0') end, case when ${via} = '{sms}' then now() end
      from generate_series(1, ${count}::int) g returning id)
    insert into watchlist_items (user_id, ticker, forms) select id, 'TSLA', '{4}' from u`;
  await db.execute(users('{email}', EMAIL, 'fanout-email-'));
  await db.execute(users('{sms}', SMS, 'fanout-sms-'));
  await db.execute(users('{}', LIVE, 'fanout-live-'));
  await db.execute(sql`
    with u as (insert into users (email, email_verified_at, plan_type, plan_status, notify_via, alert_min_rank_email)
      values ('bystander@bench.invalid', now(), 'pro', 'active', '{email}', 1) returning id)
    insert into watchlist_items (user_id, ticker, forms) select id, 'AAPL', '{4,8-K,10-Q,10-K}' from u`);
  // Long-followed companies: a worker process's backfill watcher has nothing to fetch for them.
  await db.execute(
    sql`insert into edgar_backfills (cik, status) values (1318605, 'done'), (320193, 'done') on conflict do nothing`,
  );
  await db.execute(sql`analyze`);
}

/**
 * A worker process (scripts/worker.ts, started as scripts/start.mjs starts it: the postgres.js mend,
 * then the sources through tsx); resolves once it logs that it runs. Its warnings and errors are printed.
 */
function spawnWorker(name: string, env: Record<string, string>): Promise<ChildProcess> {
  const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', at('./postgres-patch.mjs'), '--import', 'tsx', at('./worker.ts')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr!.on('data', (chunk: Buffer) =>
    console.log(`  ${name} stderr: ${chunk.toString().trim().slice(0, 500)}`),
  );
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const entry = (line.startsWith('{') ? JSON.parse(line) : { msg: line }) as { msg?: string; level?: number };
        if ((entry.level ?? 0) >= 40)
          console.log(`  ${name} ${entry.level === 40 ? 'warn' : 'error'}: ${line.slice(0, 500)}`);
        if (entry.msg?.startsWith('worker running')) resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
  });
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux); NaN elsewhere or once it is
 * gone. CPU per alert is what a busy shared machine does not distort the way it distorts wall time.
 */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, utime 14 and stime 15, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The CPU seconds of this process, the worker processes and the database's backends for this bench's database. */
async function cpuNow(db: ReturnType<typeof connectDatabase>['db'], workerPids: number[]) {
  const backends = await db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  const own = process.cpuUsage();
  return {
    bench: (own.user + own.system) / 1e6,
    workers: workerPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    backends: new Map(backends.map((b) => [b.pid, cpuSeconds(b.pid)])),
  };
}

/** CPU used between two cpuNow readings: backends that came and went in between are not counted (said in the output). */
function cpuBetween(before: Awaited<ReturnType<typeof cpuNow>>, after: Awaited<ReturnType<typeof cpuNow>>) {
  let postgres = 0;
  for (const [pid, seconds] of after.backends) postgres += seconds - (before.backends.get(pid) ?? 0);
  return { bench: after.bench - before.bench, workers: after.workers - before.workers, postgres };
}

/** Stores a real filing with its NOTIFY in one transaction, as ingest does; the filing's id and commit instant. */
async function storeFiling(db: ReturnType<typeof connectDatabase>['db'], company: 'TSLA' | 'AAPL') {
  const filing = realFilings(company, { forms: ['4'] })[0]!;
  let id = 0;
  let at = 0;
  await db.transaction(async (tx) => {
    [id] = (await insertRealFilings(tx, [filing], { ticker: company, importance: 'HIGH' })) as [number];
    await tx.execute(sql`update filings set detected_at = now(), stored_at = now() where id = ${id}`);
    await tx.execute(sql`select pg_notify('filing_scored', ${String(id)})`);
    at = Date.now();
  });
  return { id, at };
}

const scratch = await benchDatabase('bench_fanout');
const smtp = await countingSmtp();
const twilio = await startTwilioPeer();
const settings = {
  DATABASE_URL: scratch.url,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?pool=true&maxConnections=${POOL}&maxMessages=100000`,
  ...twilio.env,
  SMS_HOURLY_BUDGET: '1000000',
  JOBS_SEND_CONCURRENCY: String(CONCURRENCY),
  ALERT_SEND_PARALLELISM: String(SENDS),
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  QUOTES_PROVIDER: 'off',
  MAIL_POSTAL_ADDRESS: '1 Bench Street, Testville',
};
const env = parseEnv({ ...process.env, ...settings });
/** A worker process's settings: this bench's, its own pool as large as the bench's, EDGAR idle (the replay releasing nothing). */
const workerEnv = {
  ...settings,
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  DB_POOL_MAX: '20',
  EDGAR_SOURCE: 'replay',
  EDGAR_REPLAY_INITIAL: '0',
  EDGAR_REPLAY_INTERVAL_SECONDS: '86400',
  EDGAR_POLL_SECONDS: '3600',
  EDGAR_IDLE_POLL_SECONDS: '3600',
};
const database = connectDatabase(scratch.url, { max: 20 });

/** PROCESSES worker processes, started and ready; stop() ends them as a supervisor does (SIGTERM, then waits). */
async function inWorkerProcesses() {
  const children = await Promise.all(
    Array.from({ length: PROCESSES }, (_, i) => spawnWorker(`worker${i + 1}`, workerEnv)),
  );
  return {
    pids: children.map((child) => child.pid!),
    async stop() {
      await Promise.all(
        children.map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          return exited;
        }),
      );
    },
  };
}

try {
  const seeding = performance.now();
  await seedFanout(database.db);
  console.log(
    `bench:fanout seeded ${EMAIL} email, ${SMS} SMS and ${LIVE} live-only watchers of TSLA Form 4s in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ` +
      `send concurrency ${CONCURRENCY} jobs x ${SENDS} sends, ${POOL} pooled SMTP connections` +
      `${PROCESSES > 0 ? ` in each of ${PROCESSES} worker processes` : ' in this process'}; ${machine()}`,
  );
  const workers =
    PROCESSES > 0
      ? await inWorkerProcesses()
      : await runWorkers(await createRuntimeDeps(env, { ...database, url: scratch.url }, pino({ level: 'silent' })), {
          tasks: TASKS,
          sendLane: SEND_LANE_TASKS,
          starters: [startAlerts],
        });
  const workerPids = 'pids' in workers ? workers.pids : [];
  const cpuAtBurst = await cpuNow(database.db, workerPids);
  const burst = await storeFiling(database.db, 'TSLA');
  await new Promise((r) => setTimeout(r, 1000));
  const other = await storeFiling(database.db, 'AAPL');
  const expected = EMAIL + SMS + 1;
  const deadline = performance.now() + TIMEOUT_S * 1000;
  let sent = 0;
  for (let last = performance.now(); sent < expected && performance.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 500));
    const [row] = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from alerts where status = 'sent'`,
    );
    sent = row!.n;
    if (performance.now() - last > 10_000) {
      last = performance.now();
      console.log(
        `  ${sent}/${expected} sent after ${((Date.now() - burst.at) / 1000).toFixed(0)} s; SMTP handed ${smtp.handed.length}`,
      );
    }
  }
  const cpu = cpuBetween(cpuAtBurst, await cpuNow(database.db, workerPids));
  await workers.stop();

  const rows = await database.db.execute<{ filing_id: number; channel: string; sent_ms: number | null }>(sql`
    select filing_id::int, channel, (extract(epoch from sent_at) * 1000)::float8 as sent_ms from alerts`);
  const after = (r: { sent_ms: number | null }) => ((r.sent_ms ?? Number.NaN) - burst.at) / 1000;
  const ofBurst = rows.filter((r) => r.filing_id === burst.id && r.sent_ms != null);
  const emails = ofBurst.filter((r) => r.channel === 'email').map(after);
  const sms = ofBurst.filter((r) => r.channel === 'sms').map(after);
  const all = [...emails, ...sms];
  const unsent = rows.filter((r) => r.filing_id === burst.id && r.sent_ms == null).length;
  const bystander = rows.find((r) => r.filing_id === other.id && r.channel === 'email');
  const bystanderS = bystander?.sent_ms != null ? (bystander.sent_ms - other.at) / 1000 : Number.NaN;
  const rate = (xs: number[]) =>
    xs.length > 1 ? xs.length / Math.max(0.001, Math.max(...xs) - Math.min(...xs)) : Number.NaN;
  const lastEmail = emails.length ? Math.max(...emails) : Number.NaN;
  const handedLast = smtp.handed.length ? (Math.max(...smtp.handed) - burst.at) / 1000 : Number.NaN;
  console.log(
    `\nalerts sent for the burst: ${emails.length}/${EMAIL} emails, ${sms.length}/${SMS} SMS, ${unsent} not sent within ${TIMEOUT_S} s; ` +
      `SMTP server counted ${smtp.handed.length} messages (last ${fixed(handedLast)} s after the filing), Twilio peer ${twilio.messages.length}`,
  );
  console.log(
    `live watchers: ${LIVE} in the match; sockets opened: 0 (this bench measures email and SMS; bench:live holds 2,000 sockets on this machine)`,
  );
  console.log(
    `bystander (AAPL, stored 1 s into the burst): sent ${fixed(bystanderS)} s after its filing; target ≤ 5 s ${bystanderS <= 5 ? 'met' : 'MISSED'}`,
  );
  const first = all.length ? Math.min(...all) : Number.NaN;
  // Where the first alert's time went: its row's insert (the statement's start), 'sending', 'sent';
  // and when the whole match's statement (the claim) started.
  const [steps] = await database.db.execute<{ created: number; sending: number; sent: number; claimed: number }>(sql`
    select (extract(epoch from a.created_at) * 1000)::float8 as created, (extract(epoch from a.sending_at) * 1000)::float8 as sending,
      (extract(epoch from a.sent_at) * 1000)::float8 as sent,
      (select (extract(epoch from m.matched_at) * 1000)::float8 from alert_matches m where m.filing_id = a.filing_id) as claimed
    from alerts a where a.filing_id = ${burst.id} and a.sent_at is not null order by a.sent_at limit 1`);
  const since = (ms: number | undefined) => fixed(((ms ?? Number.NaN) - burst.at) / 1000);
  console.log(
    `first alert by step (s after the filing): row inserted ${since(steps?.created)}, sending ${since(steps?.sending)}, sent ${since(steps?.sent)}; ` +
      `the whole match's claim ${since(steps?.claimed)}; the SMTP server's first message ${smtp.handed.length ? since(Math.min(...smtp.handed)) : 'n/a'}`,
  );
  const perAlert = (seconds: number) => fixed((1000 * seconds) / Math.max(1, all.length), 3);
  console.log(
    `CPU from the burst to its last alert (s): ${PROCESSES > 0 ? `worker processes ${fixed(cpu.workers)}, this process (SMTP and Twilio peers) ${fixed(cpu.bench)}` : `this process (alert worker, send lane, SMTP and Twilio peers) ${fixed(cpu.bench)}`}, ` +
      `PostgreSQL backends ${fixed(cpu.postgres)} (the connections open at the burst's end; the job queue's and the match's included); ` +
      `per alert (ms, n=${all.length}): ${perAlert(cpu.workers + cpu.bench + cpu.postgres)} in all`,
  );
  console.log(
    `targets: first alert ≤ 2 s ${first <= 2 ? 'met' : 'MISSED'} (${fixed(first)} s); last of ${EMAIL} emails ≤ 60 s ${lastEmail <= 60 && emails.length === EMAIL ? 'met' : 'MISSED'} (${fixed(lastEmail)} s, ${emails.length} sent)`,
  );
  console.log(
    `bench:fanout watchers=${EMAIL + SMS + LIVE} email=${EMAIL} sms=${SMS} live=${LIVE} sockets=0 n=${all.length} ` +
      `first_sent_s=${fixed(first)} p50_sent_s=${fixed(percentile(all, 50))} p95_sent_s=${fixed(percentile(all, 95))} last_sent_s=${fixed(all.length ? Math.max(...all) : Number.NaN)} ` +
      `emails_per_s=${fixed(rate(emails), 1)} sms_per_s=${fixed(rate(sms), 1)} unsent=${unsent} bystander_s=${fixed(bystanderS)} ` +
      `concurrency=${CONCURRENCY} sends=${SENDS} smtp_pool=${POOL} processes=${PROCESSES} cpu_ms_per_alert=${perAlert(cpu.workers + cpu.bench + cpu.postgres)} ` +
      `cpu_s_workers=${fixed(cpu.workers)} cpu_s_bench=${fixed(cpu.bench)} cpu_s_postgres=${fixed(cpu.postgres)}${SMOKE ? ' smoke=1' : ''} loadavg=${machine().split('average ')[1]!.replace(/ /g, ',')}`,
  );
} finally {
  await database.close();
  await smtp.close();
  await twilio.close();
  await scratch.drop();
}
process.exit(0);
