/**
 * npm run bench:watchlist — GET /api/watchlist under load, against a bare Fastify JSON route
 * measured in the same run. Seeds 1,000 users x 50 tickers x 20 filings per ticker into a
 * throwaway database (embedded PostgreSQL in a temp folder, or a new database on DATABASE_URL's
 * server), then drives each server with 64 connections (autocannon), rotating the users.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { loadEnv } from '../src-server/config/env';
import { connectDatabase } from '../src-server/db/client';
import { startEmbeddedPostgres } from '../src-server/db/embedded';
import { runMigrations } from '../src-server/db/migrate';
import { benchToken, seedWatchlistBench } from './bench/watchlist-seed';

const SIZE = { users: 1000, tickersPerUser: 50, filingsPerTicker: 20, universe: 2000 };
const CONNECTIONS = 64;
const DURATION_S = 15;
const WARMUP_S = 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A throwaway database: a new one on DATABASE_URL's server, else an embedded server in a temp folder. */
async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const env = loadEnv();
  const name = `bench_watchlist_${process.pid}`;
  if (env.DATABASE_URL) {
    const admin = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-watchlist-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dir: join(dir, 'data'), port: await freePort(), database: name });
  return {
    url: server.url,
    drop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startServer(mode: 'app' | 'baseline', databaseUrl: string, staticFile = ''): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bench/watchlist-server.ts'), mode, staticFile], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', RUN_WORKERS: 'false', QUOTES_PROVIDER: 'off', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function load(url: string, options: { duration: number; sessions?: string[] }) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.duration,
    requests: [
      {
        setupRequest: (request) =>
          options.sessions ? { ...request, headers: { ...request.headers, 'x-session': options.sessions[next++ % options.sessions.length]! } } : request,
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes: result.throughput.average };
}

const database = await benchDatabase();
const workDir = mkdtempSync(join(tmpdir(), 'bench-watchlist-out-'));
const children: ChildProcess[] = [];
try {
  await runMigrations(database.url);
  const seeding = connectDatabase(database.url, { max: 2 });
  const started = Date.now();
  const seeded = await seedWatchlistBench(seeding.db, SIZE);
  await seeding.close();
  console.log(
    `seeded ${SIZE.users} users, ${seeded.items} watchlist items, ${seeded.filings} filings of ${seeded.companies} companies in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const app = await startServer('app', database.url);
  children.push(app.child);
  const sessions = Array.from({ length: SIZE.users }, (_, i) => benchToken(i + 1));

  const sample = await (await fetch(`${app.url}/api/watchlist`, { headers: { 'x-session': sessions[0]! } })).text();
  const items = (JSON.parse(sample) as { watchlist: unknown[] }).watchlist.length;
  if (items !== SIZE.tickersPerUser) throw new Error(`expected ${SIZE.tickersPerUser} items, got ${items}`);
  const sampleFile = join(workDir, 'watchlist-response.json');
  writeFileSync(sampleFile, sample);
  const baseline = await startServer('baseline', database.url, sampleFile);
  children.push(baseline.child);

  // Steady state: every user's page read once, so each company's filing digest is cached.
  for (let i = 0; i < sessions.length; i += CONNECTIONS) {
    await Promise.all(sessions.slice(i, i + CONNECTIONS).map((s) => fetch(`${app.url}/api/watchlist`, { headers: { 'x-session': s } }).then((r) => r.arrayBuffer())));
  }
  await load(`${baseline.url}/baseline`, { duration: WARMUP_S });
  const base = await load(`${baseline.url}/baseline`, { duration: DURATION_S });
  const sameSize = await load(`${baseline.url}/static`, { duration: DURATION_S });
  await load(`${app.url}/api/watchlist`, { duration: WARMUP_S, sessions });
  const watch = await load(`${app.url}/api/watchlist`, { duration: DURATION_S, sessions });

  const ratio = watch.rps / base.rps;
  const row = (r: Awaited<ReturnType<typeof load>>) => ({
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'MB/s': +(r.bytes / 1e6).toFixed(1),
    'vs baseline': +(r.rps / base.rps).toFixed(2),
  });
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up; one watchlist response is ${(sample.length / 1024).toFixed(0)} KB`);
  console.table({
    'GET /api/watchlist (50 items)': row(watch),
    'bare Fastify JSON route (baseline)': row(base),
    'bare Fastify, same bytes, static': row(sameSize),
  });
  console.log(
    `bench:watchlist rps=${Math.round(watch.rps)} p50_ms=${watch.p50} p99_ms=${watch.p99} baseline_rps=${Math.round(base.rps)} ratio=${ratio.toFixed(2)}`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await database.drop();
  rmSync(workDir, { recursive: true, force: true });
}
