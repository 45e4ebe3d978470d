/**
 * npm run bench:watchlist — GET /api/watchlist under load, against a bare Fastify JSON route
 * measured in the same run. Seeds 1,000 users x 50 tickers x 20 filings per ticker into a
 * throwaway database (embedded PostgreSQL in a temp folder, or a new database on DATABASE_URL's
 * server), then drives each server with 64 connections (autocannon), rotating the users. The app
 * is measured as browsers call it (Accept-Encoding: gzip, deflate, br) and without compression.
 * A bare Fastify route answering each user's own br bytes with no work shows what the load
 * generator itself can drive on this machine (autocannon decodes every body into a string).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchArgs, benchDatabase, load as loadWith, machine, seedBench, startServer } from './bench/bench-kit';
import { benchToken, seedWatchlistBench } from './bench/watchlist-seed';
import { startWatchlistWrites } from './bench/watchlist-writes';

const SMOKE = benchArgs.smoke;
const SIZE = SMOKE
  ? { users: 20, tickersPerUser: 50, filingsPerTicker: 2, universe: 200 }
  : { users: 1000, tickersPerUser: 50, filingsPerTicker: 20, universe: 2000 };
const CONNECTIONS = SMOKE ? 4 : 64;
const DURATION_S = SMOKE ? 1 : 15;
const WARMUP_S = SMOKE ? 1 : 3;
/** What browsers send; the app answers brotli. The identity run shows what a client without compression gets. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const load = (url: string, options: { duration: number; sessions?: string[]; headers?: Record<string, string> }) =>
  loadWith(url, { ...options, connections: CONNECTIONS });

/** A response's bytes as sent (fetch would decode them). */
const rawBody = (url: string, headers: Record<string, string>) =>
  new Promise<Buffer>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve(Buffer.concat(chunks)))
        .on('error', reject);
    })
      .on('error', reject)
      .end();
  });

const database = await benchDatabase('bench_watchlist');
const workDir = mkdtempSync(join(tmpdir(), 'bench-watchlist-out-'));
const children: ChildProcess[] = [];
try {
  const { seeded, seconds } = await seedBench(database.url, (db) => seedWatchlistBench(db, SIZE));
  console.log(
    `seeded ${SIZE.users} users, ${seeded.items} watchlist items, ${seeded.filings} filings of ${seeded.companies} companies in ${seconds.toFixed(1)} s`,
  );

  const app = await startServer('app', database.url);
  children.push(app.child);
  const sessions = Array.from({ length: SIZE.users }, (_, i) => benchToken(i + 1));

  const sample = await (
    await fetch(`${app.url}/api/watchlist`, { headers: { 'x-session': sessions[0]!, 'accept-encoding': 'identity' } })
  ).text();
  const compressed = await fetch(`${app.url}/api/watchlist`, { headers: { 'x-session': sessions[0]!, ...BROWSER } });
  const wireBytes = Number(compressed.headers.get('content-length'));
  if ((await compressed.text()) !== sample)
    throw new Error('the compressed response does not decode to the identity one');
  const items = (JSON.parse(sample) as { watchlist: unknown[] }).watchlist.length;
  if (items !== SIZE.tickersPerUser) throw new Error(`expected ${SIZE.tickersPerUser} items, got ${items}`);
  const sampleFile = join(workDir, 'watchlist-response.json');
  writeFileSync(sampleFile, sample);

  // Steady state: every user's page read once, so each company's filing digest is cached. The
  // bytes as sent (br) are kept for the ceiling route.
  const brBodies: string[] = [];
  for (let i = 0; i < sessions.length; i += CONNECTIONS) {
    const bodies = await Promise.all(
      sessions
        .slice(i, i + CONNECTIONS)
        .map((s) => rawBody(`${app.url}/api/watchlist`, { 'x-session': s, ...BROWSER })),
    );
    brBodies.push(...bodies.map((b) => b.toString('base64')));
  }
  const bodiesFile = join(workDir, 'watchlist-br-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(brBodies));
  const baseline = await startServer('baseline', database.url, sampleFile, bodiesFile);
  children.push(baseline.child);
  await load(`${baseline.url}/baseline`, { duration: WARMUP_S });
  const base = await load(`${baseline.url}/baseline`, { duration: DURATION_S });
  const sameSize = await load(`${baseline.url}/static`, { duration: DURATION_S });
  const ceiling = await load(`${baseline.url}/bodies`, { duration: DURATION_S, sessions, headers: BROWSER });
  await load(`${app.url}/api/watchlist`, { duration: WARMUP_S, sessions, headers: BROWSER });
  const watch = await load(`${app.url}/api/watchlist`, { duration: DURATION_S, sessions, headers: BROWSER });
  const identity = await load(`${app.url}/api/watchlist`, { duration: DURATION_S, sessions });
  // Mixed: the same reads while filings arrive at 10/s and the quotes refresh (issue #27).
  const stopWrites = startWatchlistWrites(database.url, { filingsPerSecond: 10, quoteEveryS: SMOKE ? 1 : 60 });
  let mixed: Awaited<ReturnType<typeof load>>;
  let written: { filings: number; quoteBatches: number };
  try {
    mixed = await load(`${app.url}/api/watchlist`, { duration: DURATION_S, sessions, headers: BROWSER });
  } finally {
    written = await stopWrites();
  }

  const ratio = watch.rps / base.rps;
  const row = (r: Awaited<ReturnType<typeof load>>) => ({
    n: r.n,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'MB/s': +(r.bytes / 1e6).toFixed(1),
    'vs baseline': +(r.rps / base.rps).toFixed(2),
  });
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up; one watchlist response is ${(sample.length / 1024).toFixed(0)} KB, ${(wireBytes / 1024).toFixed(0)} KB as ${compressed.headers.get('content-encoding')}`,
  );
  console.table({
    'GET /api/watchlist (50 items, Accept-Encoding: gzip, deflate, br)': row(watch),
    'GET /api/watchlist (50 items, identity)': row(identity),
    [`same, while ${written.filings} filings arrive (10/s) and quotes refresh (${written.quoteBatches}x)`]: row(mixed),
    'bare Fastify JSON route (baseline)': row(base),
    'bare Fastify, same bytes, static': row(sameSize),
    "bare Fastify, each user's br bytes (load-generator ceiling)": row(ceiling),
  });
  console.log(
    `bench:watchlist n=${watch.n} rps=${Math.round(watch.rps)} p50_ms=${watch.p50} p99_ms=${watch.p99} baseline_rps=${Math.round(base.rps)} ratio=${ratio.toFixed(2)}${SMOKE ? ' smoke=1' : ''}`,
  );
  console.log(
    `bench:watchlist identity n=${identity.n} rps=${Math.round(identity.rps)} p50_ms=${identity.p50} p99_ms=${identity.p99} ratio=${(identity.rps / base.rps).toFixed(2)} static_same_bytes_rps=${Math.round(sameSize.rps)}`,
  );
  console.log(
    `bench:watchlist ceiling br_bodies_rps=${Math.round(ceiling.rps)} p99_ms=${ceiling.p99} ratio=${(ceiling.rps / base.rps).toFixed(2)} app_of_ceiling=${(watch.rps / ceiling.rps).toFixed(2)}`,
  );
  console.log(
    `bench:watchlist mixed n=${mixed.n} rps=${Math.round(mixed.rps)} p50_ms=${mixed.p50} p99_ms=${mixed.p99} read_only_rps=${Math.round(watch.rps)} read_only_p99_ms=${watch.p99} filings_written=${written.filings} filings_per_s=10 quote_batches=${written.quoteBatches} of_read_only=${(mixed.rps / watch.rps).toFixed(2)}`,
  );
  console.log(`machine: ${machine()}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await database.drop();
  rmSync(workDir, { recursive: true, force: true });
}
