/** Shared by the bench:* scripts: a throwaway database, the app and a baseline in child processes, autocannon runs. */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { loadEnv } from '../../src-server/config/env';
import { connectDatabase, type Db } from '../../src-server/db/client';
import { startEmbeddedPostgres } from '../../src-server/db/embedded';
import { isLeftoverTypeLookup } from '../../src-server/db/leftover-type-lookup';
import { runMigrations } from '../../src-server/db/migrate';

export { benchArgs, machine } from './bench-args';

/**
 * A bench drops its throwaway database at the end, with (force): a client still reconnecting then loses postgres.js's
 * unheard array-type lookup. The test runner exempts exactly that leftover (vitest.config.ts) and the benches now do the
 * same. Any other unhandled rejection still ends the bench with exit code 1, printed whole, its `query` included: an
 * unhandled `write CONNECTION_CLOSED` ended bench:detect's smoke run after its figures once (CI, load average 12.9) and
 * its query was not recorded, so whether it was this leftover is not known.
 */
process.on('unhandledRejection', (reason) => {
  if (isLeftoverTypeLookup(reason)) return;
  console.error('unhandled rejection:', reason);
  process.exit(1);
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type BenchDatabase = { url: string; drop: () => Promise<void> };

/**
 * A migrated throwaway database: a new one on DATABASE_URL's server, else an embedded server in
 * a temp folder. Dropped again when the migrations fail.
 */
export async function benchDatabase(prefix: string): Promise<BenchDatabase> {
  const database = await createBenchDatabase(prefix);
  // The smoke test hands over its migrated template: a clone is already migrated.
  if (process.env.BENCH_TEMPLATE) return database;
  try {
    await runMigrations(database.url);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/** Runs `seed` on a small pool of its own; its result and how long it took. */
export async function seedBench<T>(url: string, seed: (db: Db) => Promise<T>): Promise<{ seeded: T; seconds: number }> {
  const seeding = connectDatabase(url, { max: 2 });
  const started = Date.now();
  try {
    const seeded = await seed(seeding.db);
    return { seeded, seconds: (Date.now() - started) / 1000 };
  } finally {
    await seeding.close();
  }
}

async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const env = loadEnv();
  const name = `${prefix}_${process.pid}`;
  if (env.DATABASE_URL) {
    const admin = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
    const template = process.env.BENCH_TEMPLATE;
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
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
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
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

/**
 * `app`: the real app on the database; `baseline`: bare Fastify (/baseline, /static serving
 * `staticFile`, and /bodies serving the base64 br bodies listed in `bodiesFile`, when given).
 */
export async function startServer(
  mode: 'app' | 'baseline',
  databaseUrl: string,
  staticFile = '',
  bodiesFile?: string,
): Promise<{ url: string; child: ChildProcess }> {
  const args = [
    '--import',
    'tsx',
    join(import.meta.dirname, 'watchlist-server.ts'),
    mode,
    staticFile,
    ...(bodiesFile ? [bodiesFile] : []),
  ];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      RUN_WORKERS: 'false',
      QUOTES_PROVIDER: 'off',
      NODE_ENV: 'production',
    },
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

export interface LoadResult {
  /** Responses the percentiles rest on (autocannon's own HDR histogram). */
  n: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
}

/** One autocannon run; `sessions` rotate over the X-Session header; `headers` go on every request. Any non-2xx or error fails the bench, with the reasons. */
export async function load(
  url: string,
  options: { duration: number; connections: number; sessions?: string[]; headers?: Record<string, string> },
): Promise<LoadResult> {
  let next = 0;
  const reasons = new Map<string, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.duration,
        headers: options.headers,
        requests: [
          {
            setupRequest: (request) =>
              options.sessions
                ? {
                    ...request,
                    headers: { ...request.headers, 'x-session': options.sessions[next++ % options.sessions.length]! },
                  }
                : request,
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    let last = Date.now();
    if (process.env.BENCH_DEBUG)
      instance.on('response', (_client, status, _bytes, ms) => {
        if (ms > 1000 || Date.now() - last > 1000)
          console.log(`  ${url} ${status} in ${ms.toFixed(0)} ms, ${Date.now() - last} ms since the previous`);
        last = Date.now();
      });
    instance.on('reqError', (error: Error) => {
      if (process.env.BENCH_DEBUG)
        console.log(`  ${url} ${error.message}, ${Date.now() - last} ms since the previous response`);
      const reason = (error as NodeJS.ErrnoException).code ?? error.message;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    });
  });
  if (result.non2xx > 0 || result.errors > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, s]) => `${code}: ${s.count}`);
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors (${[...codes, ...[...reasons].map(([r, n]) => `${r}: ${n}`)].join(', ') || 'no reason given'})`,
    );
  }
  return {
    n: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
  };
}
