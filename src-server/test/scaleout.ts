/**
 * The scale-out run (issue 27), shared by its test (small) and `npm run bench:scaleout` (full):
 * web processes (`RUN_WORKERS=false`, src-server/main.ts) and workers (scripts/worker.ts) as real
 * child processes on one PostgreSQL, EDGAR a replay server in this process releasing recorded
 * real filings (a replayed day, compressed), an SMTP peer counting messages, live websocket
 * clients on every web process. Mid-run: a kill -9 of the poll leader right after a burst is
 * released, a kill -9 of a worker with a send in flight, and every app connection terminated from
 * the database side. A supervisor (this harness) restarts what it killed; a process that exits on
 * its own is counted, never restarted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { type SQL, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { FORM_VALUES } from '#shared/forms';
import { sleepReal as sleep } from '../clock';
import { projectPath } from '../config/paths';
import type { Database } from '../db/client';
import { startReplayServer } from '../integrations/edgar/replay/replay-server';
import { loadReplaySet } from '../integrations/edgar/replay/replay-set';
import { freePort } from './free-port';
import { startSmtpPeer } from './peers/smtp';
import { until } from './until';

export interface ScaleoutOptions {
  web: number;
  workers: number;
  /** PRO users with email alerts, each following every replayed company. */
  users: number;
  /** Live websocket clients per web process. */
  socketsPerWeb: number;
  /** Filings released (at most the replay set's). */
  filings: number;
  releaseEveryMs: number;
  burst: number;
  log?: (line: string) => void;
}

export interface ScaleoutResult {
  filings: number;
  stored: number;
  alerts: number;
  messages: number;
  failoverS: number;
  dbDropRecoveredS: number;
  pollResumeAfterDropS: number;
  sendResumeAfterDropS: number;
  pollersMax: number;
  lost: number;
  duplicated: number;
  inFlightAtKills: number;
  exitedOnTheirOwn: string[];
  pushesEverywhere: number;
  pushesPartial: number;
  /** Per filing that reached every web process: ms between its first and last push (the bench takes its p95). */
  pushSpreadsMs: number[];
  ingestedTwice: number;
}

interface Proc {
  name: string;
  kind: 'web' | 'worker';
  child: ChildProcess;
  ready: Promise<void>;
  port?: number;
  killedByUs: boolean;
}

const MAIL_FROM = 'Filing Alerts <alerts@alerts.test>';
type Feed = { ua: string; at: number }[];
type Pushes = Map<string, { web: number; at: number }[]>;

export async function runScaleout(database: Database, o: ScaleoutOptions): Promise<ScaleoutResult> {
  const feed: Feed = [];
  const smtp = await startSmtpPeer({ replyDelayMs: 30 });
  const replaySet = loadReplaySet().slice(0, o.filings);
  const edgar = await startReplayServer({
    filings: replaySet,
    initial: 0,
    intervalMs: 0,
    onRequest: (info) => {
      if (info.path.includes('getcurrent')) feed.push({ ua: info.userAgent ?? '', at: Date.now() });
    },
  });
  const run = new ScaleoutRun(database, o, { smtp, edgar, feed, replaySet });
  try {
    return await run.run();
  } finally {
    await run.shutdown();
    await Promise.all([edgar.close(), smtp.close()]);
  }
}

type Smtp = Awaited<ReturnType<typeof startSmtpPeer>>;
type Edgar = Awaited<ReturnType<typeof startReplayServer>>;

class ScaleoutRun {
  private readonly procs: Proc[] = [];
  private readonly exitedOnTheirOwn: string[] = [];
  private readonly sockets: { web: number; socket: WebSocket }[] = [];
  private readonly pushes: Pushes = new Map();
  private readonly started = Date.now();
  private released = 0;
  private inFlightAtKills = 0;
  private readonly db: Database['db'];

  constructor(
    private readonly database: Database,
    private readonly o: ScaleoutOptions,
    private readonly peers: { smtp: Smtp; edgar: Edgar; feed: Feed; replaySet: ReturnType<typeof loadReplaySet> },
  ) {
    this.db = database.db;
  }

  private say(m: string) {
    this.o.log?.(`[${((Date.now() - this.started) / 1000).toFixed(1)} s] ${m}`);
  }

  private paused = false;
  private lastRelease = 0;

  /** Filings the drop needs (its burst, one at a time until an email is due, two after it). */
  private get dropReserve() {
    return this.o.burst + 6;
  }

  /** Up to n more filings onto the feed, leaving `keep` of the day back. */
  private release(n: number, keep = 0) {
    this.lastRelease = Date.now();
    const total = this.peers.replaySet.length;
    for (let i = 0; i < n && total - this.released > keep; i++) if (this.peers.edgar.releaseNext()) this.released += 1;
  }

  async run(): Promise<ScaleoutResult> {
    await this.startProcesses();
    const tickers = await this.seed();
    await this.subscribe();
    this.say(`${this.sockets.length} live sockets subscribed, ${this.o.users} users following ${tickers} tickers`);
    // Filings kept back for the later stages (a send to catch mid-way, the burst at the drop).
    let reserve = this.dropReserve + 8;
    const releaser = setInterval(() => {
      if (!this.paused) this.release(1, reserve);
    }, this.o.releaseEveryMs);
    try {
      const failoverS = await this.killLeaderMidBurst();
      await this.killWorkerMidSend();
      const drop = await this.dropConnections();
      reserve = 0;
      await until(() => this.released >= this.peers.replaySet.length, 'every filing released', {
        timeoutMs: 120_000,
        everyMs: 100,
      });
      clearInterval(releaser);
      await this.settle();
      return { ...(await this.count()), failoverS, ...drop };
    } finally {
      clearInterval(releaser);
    }
  }

  private spawnProc(kind: 'web' | 'worker', name: string, port?: number): Proc {
    const entry = kind === 'web' ? 'src-server/main.ts' : 'scripts/worker.ts';
    // As scripts/start.mjs runs them: the postgres.js mend first, then the sources through tsx.
    const patch = projectPath('scripts/postgres-patch.mjs');
    const child = spawn(process.execPath, ['--import', patch, '--import', 'tsx', projectPath(entry)], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        DATABASE_URL: this.database.url,
        PORT: String(port ?? 0),
        HOST: '127.0.0.1',
        RUN_WORKERS: kind === 'web' ? 'false' : 'true',
        SMTP_URL: `${this.peers.smtp.url}?pool=true`,
        MAIL_FROM,
        PUBLIC_URL: 'https://alerts.example',
        EDGAR_SOURCE: 'replay',
        EDGAR_USER_AGENT: `Scaleout ${name} ops@example.com`,
        EDGAR_BASE_URL: this.peers.edgar.url,
        EDGAR_POLL_SECONDS: '1',
        EDGAR_REPORT_DIFFS: 'off',
        ALERT_SWEEP_SECONDS: '2',
        ALERT_BURST_GATHER_SECONDS: '0',
        DB_POOL_MAX: '4',
        JOBS_CONCURRENCY: '3',
        JOBS_SEND_CONCURRENCY: '2',
        QUOTES_PROVIDER: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: Proc = { name, kind, child, killedByUs: false, ready: Promise.resolve(), port };
    proc.ready = new Promise<void>((resolve, reject) => {
      let buffered = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('{') && this.onLogLine(proc, line)) resolve();
      });
      child.stderr!.on('data', (chunk: Buffer) => this.say(`${name} stderr: ${chunk.toString().trim().slice(0, 500)}`));
      child.once('exit', (code, signal) => {
        if (!proc.killedByUs) {
          this.exitedOnTheirOwn.push(`${name} (${code ?? signal})`);
          this.say(`${name} EXITED ON ITS OWN (${code ?? signal})`);
        }
        reject(new Error(`${name} exited before it was ready`));
      });
    });
    proc.ready.catch(() => {});
    this.procs.push(proc);
    return proc;
  }

  /** A child's JSON log line: warnings, errors and leadership are told; true once it is ready. */
  private onLogLine(proc: Proc, line: string): boolean {
    const entry = JSON.parse(line) as { msg?: string; level?: number; err?: { message?: string } };
    const msg = entry.msg ?? '';
    if ((entry.level ?? 0) >= 40)
      this.say(`${proc.name} ${entry.level === 40 ? 'warn' : 'error'}: ${msg} ${entry.err?.message ?? ''}`);
    if (/poll leader|stepping down/.test(msg)) this.say(`${proc.name}: ${msg}`);
    const ready = /ready: http:\/\/[^:]+:(\d+)/.exec(msg);
    if (ready) proc.port = Number(ready[1]);
    return ready != null || msg.startsWith('worker running');
  }

  /** kill -9, then a restart as a supervisor would. */
  private async killNine(proc: Proc): Promise<void> {
    proc.killedByUs = true;
    const exited = new Promise((r) => proc.child.once('exit', r));
    proc.child.kill('SIGKILL');
    await exited;
    this.spawnProc(proc.kind, `${proc.name}'`);
  }

  private async startProcesses() {
    // Workers first: the first one loads the ticker catalogue the others then find.
    await this.spawnProc('worker', 'worker1').ready;
    for (let i = 2; i <= this.o.workers; i++) this.spawnProc('worker', `worker${i}`);
    const webPorts = await Promise.all(Array.from({ length: this.o.web }, () => freePort()));
    for (const [i, port] of webPorts.entries()) this.spawnProc('web', `web${i + 1}`, port);
    await Promise.all(this.procs.map((p) => p.ready));
    this.say(`${this.o.web} web + ${this.o.workers} workers ready`);
  }

  /**
   * Users following every replayed company (counted as backfilled: only the replayed day arrives),
   * emailed every filing whatever its label: the kills and the drop need sends in flight, and at
   * the default HIGH threshold a run of routine filings left none (a CI run's drop found only
   * digests due).
   */
  private async seed(): Promise<number> {
    const db = this.db;
    const ciks = [...new Set(this.peers.replaySet.map((f) => f.cik))];
    await db.execute(sql`insert into edgar_backfills (cik, status) select unnest(${sql.param(ciks)}::int[]), 'done'
      on conflict do nothing`);
    const tickers = (
      await db.execute<{ ticker: string }>(sql`select distinct on (cik) ticker from tickers
        where cik = any(${sql.param(ciks)}::int[]) order by cik, ticker`)
    ).map((r) => r.ticker);
    const follow = (users: SQL) => sql`insert into watchlist_items (user_id, ticker, forms)
      select u.id, t, ${sql.param([...FORM_VALUES])}::text[] from ${users} u, unnest(${sql.param(tickers)}::text[]) t`;
    await db.execute(sql`
      with u as (
        insert into users (email, email_verified_at, notify_via, plan_type, plan_status, alert_min_rank_email)
        select 'scale' || g || '@example.com', now(), '{email}', 'pro', 'active', 1 from generate_series(1, ${this.o.users}) g
        returning id
      )
      ${follow(sql`u`)}`);
    await db.execute(sql`
      with u as (
        insert into users (email, email_verified_at, plan_type, plan_status, notify_via)
        select 'scale-live-' || g || '@example.com', now(), 'pro', 'active', '{}'
        from generate_series(1, ${this.o.web * this.o.socketsPerWeb}) g
        returning id, email
      ),
      s as (
        insert into sessions (user_id, token_hash, expires_at)
        select id, encode(sha256(convert_to('scale-live-' || substring(email from 'scale-live-(\\d+)@'), 'UTF8')), 'hex'),
          now() + interval '1 day'
        from u
      )
      ${follow(sql`u`)}`);
    return tickers.length;
  }

  private async subscribe() {
    const webs = this.procs.filter((p) => p.kind === 'web');
    const onData = (w: number) => (text: string) => {
      const accession = /"accession_?[nN]o":"([\d-]+)"/.exec(text)?.[1];
      if (!accession) return;
      const list = this.pushes.get(accession) ?? [];
      list.push({ web: w, at: performance.now() });
      this.pushes.set(accession, list);
    };
    await Promise.all(
      webs.flatMap((web, w) =>
        Array.from({ length: this.o.socketsPerWeb }, async (_, k) => {
          const token = `scale-live-${w * this.o.socketsPerWeb + k + 1}`;
          this.sockets.push({ web: w, socket: await openLiveSocket(web.port!, token, onData(w)) });
        }),
      ),
    );
  }

  /** Sends in flight right now of the process with this pid (its sender identity's rows in 'sending'). */
  private async sendingOf(pid: number): Promise<number> {
    const rows = await this.db.execute<{ n: number }>(sql`
      select count(*)::int as n from alerts a where a.status = 'sending' and a.claimed_by in (
        select (l.classid::int8 << 32) | l.objid::int8 from pg_locks l join pg_stat_activity s on s.pid = l.pid
        where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
          and s.application_name = ${`filing-alerts sender identity pid=${pid}`})`);
    return rows[0]!.n;
  }

  private async diag(): Promise<string> {
    const [row] = await this.db.execute(sql`select
      (select count(*)::int from filings) as filings,
      (select count(*)::int from alert_matches) as matched,
      (select json_object_agg(k, n) from (select channel || ':' || status as k, count(*)::int as n from alerts group by 1) a) as alerts,
      (select json_agg(j) from (select t.identifier as task, j.key, j.priority, j.attempts, j.last_error, j.locked_by,
        j.run_at > now() as later from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id) j) as jobs`);
    return JSON.stringify(row);
  }

  private async killLeaderMidBurst(): Promise<number> {
    const feed = this.peers.feed;
    await until(() => feed.length > 3, 'a first poll', { timeoutMs: 120_000, everyMs: 50 });
    await sleep(2_000);
    const leaderUa = feed.at(-1)!.ua;
    const leader = this.procs.find((p) => leaderUa.includes(` ${p.name} `) && p.child.exitCode == null)!;
    this.release(this.o.burst, this.dropReserve);
    await sleep(300);
    const inFlight = await this.sendingOf(leader.child.pid!);
    this.inFlightAtKills += inFlight;
    const killedAt = Date.now();
    this.say(`kill -9 ${leader.name} (poll leader) mid-burst; ${inFlight} sends in flight`);
    await this.killNine(leader);
    const next = () => feed.find((f) => f.at > killedAt && f.ua !== leaderUa);
    await until(() => next() != null, 'a new poll leader', { timeoutMs: 90_000, everyMs: 50 });
    const failoverS = (next()!.at - killedAt) / 1000;
    this.say(`new poll leader after ${failoverS.toFixed(1)} s`);
    return failoverS;
  }

  private async killWorkerMidSend(): Promise<void> {
    // The restarted leader up first, so a worker survives this kill for the drop that follows; the
    // day waits meanwhile, so filings are left to send.
    this.paused = true;
    await Promise.all(this.procs.filter((p) => !p.killedByUs).map((p) => p.ready));
    this.paused = false;
    let victim: Proc | undefined;
    let inFlight = 0;
    const findOne = async () => {
      for (const p of this.procs.filter((q) => q.kind === 'worker' && q.child.exitCode == null && !q.killedByUs)) {
        inFlight = await this.sendingOf(p.child.pid!);
        if (inFlight > 0) {
          victim = p;
          return true;
        }
      }
      if (Date.now() - this.lastRelease > 250) this.release(1, this.dropReserve);
      return false;
    };
    await until(findOne, 'a worker mid-send', { timeoutMs: 90_000, everyMs: 5 }).catch(async (e: Error) => {
      throw new Error(`${e.message} (${this.peers.smtp.messages.length} messages): ${await this.diag()}`);
    });
    this.inFlightAtKills += inFlight;
    this.say(`kill -9 ${victim!.name} mid-send; ${inFlight} sends in flight`);
    // Restarted, not waited for: the drop comes while it boots, as it may in production.
    await this.killNine(victim!);
  }

  /** Every app connection terminated from the database side (a failover, a restart), with emails due. */
  private async dropConnections() {
    const { smtp, feed } = this.peers;
    await sleep(1_000);
    this.release(this.o.burst, 2);
    // Emails due, not digests (they wait for the daily send) nor sends already begun: released one
    // filing at a time until some are, as a burst of routine filings may all go to the digest.
    const emailsDue = async () => {
      const [row] = await this.db.execute<{ n: number }>(
        sql`select count(*)::int as n from alerts where status = 'queued' and channel = 'email'`,
      );
      if (row!.n > 0) return true;
      if (Date.now() - this.lastRelease > 250) this.release(1, 2);
      return false;
    };
    await until(emailsDue, 'emails due before the drop', { timeoutMs: 120_000, everyMs: 20 });
    const dropAt = Date.now();
    const ended = await this.database.sql<{ n: number; at: string }[]>`
      select count(pg_terminate_backend(pid))::int as n, now()::text as at from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
    this.say(`terminated ${ended[0]!.n} app connections from the database side`);
    // Sending has resumed once an email whose send began after the drop reached the SMTP server
    // (marked sent after the server accepted it); a send begun before it proves nothing.
    const droppedAt = ended[0]!.at;
    const sentSinceDrop = async () => {
      const [row] = await this.db.execute<{ n: number }>(sql`select count(*)::int as n from alerts
        where channel = 'email' and status = 'sent' and sending_at > ${droppedAt}::timestamptz`);
      return row!.n > 0;
    };
    const before = smtp.messages.length;
    this.release(2);
    const [sendResumeAfterDropS, pollResumeAfterDropS] = await Promise.all([
      until(sentSinceDrop, 'sending after the drop', { timeoutMs: 90_000, everyMs: 20 }).then(
        () => (Date.now() - dropAt) / 1000,
      ),
      until(() => feed.some((f) => f.at > dropAt + 200), 'polling after the drop', {
        timeoutMs: 90_000,
        everyMs: 50,
      }).then(() => (feed.find((f) => f.at > dropAt + 200)!.at - dropAt) / 1000),
    ]).catch(async (e: Error) => {
      throw new Error(`${e.message} (${smtp.messages.length - before} messages since): ${await this.diag()}`);
    });
    this.say(
      `after the drop: polling in ${pollResumeAfterDropS.toFixed(1)} s, sending in ${sendResumeAfterDropS.toFixed(1)} s`,
    );
    return {
      pollResumeAfterDropS,
      sendResumeAfterDropS,
      dbDropRecoveredS: Math.max(pollResumeAfterDropS, sendResumeAfterDropS),
    };
  }

  private async settle() {
    const released = this.released;
    const settled = async () => {
      const [row] = await this.db.execute<{ stored: number; open: number; unmatched: number }>(sql`
        select (select count(*)::int from filings) as stored,
          (select count(*)::int from alerts where status in ('queued', 'sending') and channel <> 'digest') as open,
          (select count(*)::int from filings f where not exists (select 1 from alert_matches m where m.filing_id = f.id)) as unmatched`);
      return row!.stored >= released && row!.open === 0 && row!.unmatched === 0;
    };
    await until(settled, 'every filing stored and every alert sent', { timeoutMs: 300_000, everyMs: 250 }).catch(
      async (e: Error) => {
        throw new Error(`${e.message}: ${await this.diag()}`);
      },
    );
    this.say('settled');
  }

  private async count() {
    const { smtp, replaySet, feed } = this.peers;
    const accessions = replaySet.slice(0, this.released).map((f) => f.accessionNo);
    const [counts] = await this.db.execute<{ stored: number; twice: number; alerts: number; unsent: number }>(sql`
      select (select count(distinct accession_no)::int from filings where accession_no = any(${sql.param(accessions)}::text[])) as stored,
        (select count(*)::int from (select accession_no from filings group by 1 having count(*) > 1) d) as twice,
        (select count(*)::int from alerts where channel = 'email') as alerts,
        (select count(*)::int from alerts where channel = 'email' and status not in ('sent', 'cancelled')) as unsent`);
    const sentIds = await this.db.execute<{ provider_message_id: string }>(sql`
      select distinct provider_message_id from alerts where channel = 'email' and status = 'sent'`);
    const received = new Map<string, number>();
    for (const m of smtp.messages) {
      const id = m.messageId ?? '(none)';
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const notReceived = sentIds.filter((r) => !received.has(r.provider_message_id)).length;
    const full = [...this.pushes.values()].filter((list) => new Set(list.map((p) => p.web)).size === this.o.web);
    const spreads = full.map((list) => Math.max(...list.map((p) => p.at)) - Math.min(...list.map((p) => p.at)));
    return {
      filings: this.released,
      stored: counts!.stored,
      alerts: counts!.alerts,
      messages: smtp.messages.length,
      pollersMax: pollersMax(feed, 900),
      lost: counts!.unsent + notReceived + (this.released - counts!.stored),
      duplicated: [...received.values()].reduce((sum, n) => sum + n - 1, 0),
      inFlightAtKills: this.inFlightAtKills,
      exitedOnTheirOwn: this.exitedOnTheirOwn,
      pushesEverywhere: full.length,
      pushesPartial: this.pushes.size - full.length,
      pushSpreadsMs: spreads,
      ingestedTwice: counts!.twice,
    };
  }

  async shutdown() {
    for (const s of this.sockets) s.socket.terminate();
    const alive = this.procs.filter((p) => p.child.exitCode == null && p.child.signalCode == null);
    for (const p of alive) {
      p.killedByUs = true;
      p.child.kill('SIGTERM');
    }
    await Promise.all(alive.map((p) => Promise.race([new Promise((r) => p.child.once('exit', r)), sleep(12_000)])));
    for (const p of alive) if (p.child.exitCode == null && p.child.signalCode == null) p.child.kill('SIGKILL');
  }
}

/** The most distinct processes that polled the feed within any `windowMs` (one poller: 1). */
export function pollersMax(feed: { ua: string; at: number }[], windowMs: number): number {
  let max = 0;
  for (let i = 0, j = 0; i < feed.length; i++) {
    while (feed[j]!.at < feed[i]!.at - windowMs) j++;
    max = Math.max(max, new Set(feed.slice(j, i + 1).map((f) => f.ua)).size);
  }
  return max;
}

/** A filings.live subscription over tRPC's websocket as a signed-in PRO user. */
function openLiveSocket(port: number, token: string, onData: (text: string) => void): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc?connectionParams=1`);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.on('message', (data) => {
        const text = data.toString();
        if (text === 'PING') return socket.send('PONG');
        if (text.includes('"started"')) resolve(socket);
        else if (text.includes('"error"')) reject(new Error(`subscription refused: ${text}`));
        else onData(text);
      });
      socket.send(JSON.stringify({ method: 'connectionParams', data: { session: token } }));
      socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'filings.live' } }));
    });
  });
}
