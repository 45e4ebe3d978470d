/**
 * npm run bench:live — live dashboards under load. 2,000 authenticated websocket subscriptions
 * (`filings.live`, PRO users watching the same ticker) against the real server in a child
 * process; a real Apple Form 4 (SEC's submissions JSON) is committed with its NOTIFY, and the
 * time from COMMIT to receipt is taken at every client; 50 times. Baseline in the same run,
 * alternating with the app's rounds: a bare `ws` server broadcasting the same payload to 2,000
 * clients. Then the time to match one filing to 100,000 watchlist items and enqueue their alerts.
 * `npm run bench:live -- --fanout-only` runs just that last part.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { connectDatabase, type Database } from '../src-server/db/client';
import { matchFiling } from '../src-server/domains/alerts/match.service';
import { insertRealFilings, realFilings } from '../src-server/test/real-filings';
import { benchArgs, benchDatabase, machine, startServer } from './bench/bench-kit';
import { liveBenchToken, seedSubscribers, seedWatchers } from './bench/live-seed';
import { percentile, summarize } from './bench/stats';

const SMOKE = benchArgs.smoke;
const CLIENTS = SMOKE ? 20 : 2_000;
const ROUNDS = SMOKE ? 2 : 50;
const WARMUP = SMOKE ? 1 : 3;
const FANOUT = SMOKE ? 500 : 100_000;
const FANOUT_RUNS = SMOKE ? 1 : 3;
const TICKER = 'AAPL';
const FANOUT_ONLY = process.argv.includes('--fanout-only');

const stats = summarize;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** Opens `count` sockets in batches; `hello` runs on open and resolves when the socket is ready. */
async function openClients(
  count: number,
  url: (i: number) => string,
  hello: (socket: WebSocket, i: number) => Promise<void>,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, k) => {
      const i = start + k;
      const socket = new WebSocket(url(i));
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () => hello(socket, i).then(resolve, reject));
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

/** Resolves with each socket's receipt time of its next message matching `isEvent`. */
function nextReceipts(sockets: WebSocket[], isEvent: (text: string) => boolean, timeoutMs = 10_000): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const timer = setTimeout(
      () => reject(new Error(`only ${times.length} of ${sockets.length} clients received the event`)),
      timeoutMs,
    );
    for (const socket of sockets) {
      const onMessage = (data: WebSocket.RawData) => {
        const at = performance.now();
        if (!isEvent(data.toString())) return;
        socket.off('message', onMessage);
        times.push(at);
        if (times.length === sockets.length) {
          clearTimeout(timer);
          resolve(times);
        }
      };
      socket.on('message', onMessage);
    }
  });
}

function startBaseline(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bench', 'live-baseline.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve({ url: `ws://127.0.0.1:${match[1]}`, child });
    });
  });
}

/** The live part: 2,000 app subscriptions and the bare ws baseline, alternating rounds. */
async function liveRounds(pg: Database, appLatency: number[], baseLatency: number[]): Promise<{ payload: string }> {
  await seedSubscribers(pg.db, { count: CLIENTS, ticker: TICKER, forms: ['4'] });
  const app = await startServer('app', pg.url);
  children.push(app.child);

  // --- the app: 2,000 filings.live subscriptions ---
  const wsBase = app.url.replace('http', 'ws');
  const appClients = await openClients(
    CLIENTS,
    () => `${wsBase}/trpc?connectionParams=1`,
    (socket, i) => {
      // tRPC's keep-alive closes a connection that does not answer its PING.
      socket.on('message', (data) => {
        if (data.toString() === 'PING') socket.send('PONG');
      });
      socket.send(JSON.stringify({ method: 'connectionParams', data: { session: liveBenchToken(i + 1) } }));
      socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'filings.live' } }));
      return new Promise((resolve, reject) => {
        socket.on('message', function started(data) {
          const text = data.toString();
          if (text.includes('"started"')) {
            socket.off('message', started);
            resolve();
          } else if (text.includes('"error"')) reject(new Error(`subscription refused: ${text}`));
        });
      });
    },
  );

  // --- the baseline: a bare ws server with as many clients ---
  const baseline = await startBaseline();
  children.push(baseline.child);
  const baseClients = await openClients(
    CLIENTS,
    () => `${baseline.url}/client`,
    async () => {},
  );
  const control = new WebSocket(`${baseline.url}/control`);
  await new Promise((resolve) => control.once('open', resolve));

  // Rounds alternate app event / baseline broadcast of the same bytes, so both see the same
  // background load on a shared machine.
  const filings = realFilings(TICKER, { forms: ['4'] });
  let payload = '';
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const receipts = nextReceipts(appClients, (text) => text.startsWith('{') && text.includes('"data"'));
    appClients[0]!.once('message', (data) => (payload = data.toString()));
    // Stored like ingest does (row + NOTIFY in one transaction); the clock starts as COMMIT is sent.
    let committedAt = 0;
    await pg.db.transaction(async (tx) => {
      const [id] = await insertRealFilings(tx, [filings[round]!], { ticker: TICKER, importance: 'MEDIUM' });
      await tx.execute(sql`select pg_notify('filing_scored', ${String(id)})`);
      committedAt = performance.now();
    });
    const times = await receipts;
    await new Promise((r) => setTimeout(r, 50));

    const baseReceipts = nextReceipts(baseClients, () => true);
    const sentAt = performance.now();
    control.send(payload);
    const baseTimes = await baseReceipts;
    if (round >= WARMUP) {
      appLatency.push(...times.map((t) => t - committedAt));
      baseLatency.push(...baseTimes.map((t) => t - sentAt));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  control.close();
  for (const socket of [...appClients, ...baseClients]) socket.terminate();
  for (const child of children.splice(0)) child.kill('SIGTERM');
  return { payload };
}

const database = await benchDatabase('bench_live');
const children: ChildProcess[] = [];
try {
  const pg = connectDatabase(database.url, { max: 4 });
  const appLatency: number[] = [];
  const baseLatency: number[] = [];
  let payload = '';
  if (!FANOUT_ONLY) ({ payload } = await liveRounds(pg, appLatency, baseLatency));

  // --- fan-out: one filing followed by 100,000 watchlist items ---
  await seedWatchers(pg.db, { count: FANOUT, ticker: 'TSLA', forms: ['4'] });
  const fanoutRuns: number[] = [];
  for (const filing of realFilings('TSLA', { forms: ['4'] }).slice(0, FANOUT_RUNS)) {
    const [filingId] = await insertRealFilings(pg.db, [filing], { ticker: 'TSLA', importance: 'MEDIUM' });
    const started = performance.now();
    const outcome = await matchFiling(pg.db, { filingId: filingId! });
    fanoutRuns.push((performance.now() - started) / 1000);
    if (outcome.alerts !== FANOUT) throw new Error(`expected ${FANOUT} alerts, got ${outcome.alerts}`);
    console.log(
      `fan-out run: ${outcome.alerts} alerts and ${outcome.jobs} delivery jobs in ${fanoutRuns.at(-1)!.toFixed(2)} s`,
    );
  }
  await pg.close();

  const fanout = percentile(fanoutRuns, 50);
  if (FANOUT_ONLY) {
    console.log(
      `bench:live fanout_watchers=${FANOUT} fanout_runs=${fanoutRuns.length} fanout_100k_s=${fanout.toFixed(2)}`,
    );
  } else {
    const live = stats(appLatency);
    const base = stats(baseLatency);
    console.log(
      `\nCOMMIT -> receipt at each of ${CLIENTS} clients, ${ROUNDS} rounds (ms); payload ${payload.length} bytes`,
    );
    console.table({
      'filings.live (app)': {
        samples: live.n,
        p50: round1(live.p50),
        p95: round1(live.p95),
        p99: round1(live.p99),
        max: round1(live.max),
      },
      'bare ws broadcast': {
        samples: base.n,
        p50: round1(base.p50),
        p95: round1(base.p95),
        p99: round1(base.p99),
        max: round1(base.max),
      },
    });
    console.log(`fan-out to ${FANOUT} watchlist items: median of ${FANOUT_RUNS} runs ${fanout.toFixed(2)} s`);
    console.log(
      `bench:live clients=${CLIENTS} p50_ms=${round1(live.p50)} p95_ms=${round1(live.p95)} p99_ms=${round1(live.p99)} baseline_p99_ms=${round1(base.p99)} ratio=${(live.p99 / base.p99).toFixed(2)} samples=${live.n} baseline_samples=${base.n} fanout_watchers=${FANOUT} fanout_runs=${fanoutRuns.length} fanout_100k_s=${fanout.toFixed(2)}${SMOKE ? ' smoke=1' : ''}`,
    );
    console.log(`machine: ${machine()}`);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await database.drop();
}
