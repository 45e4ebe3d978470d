/**
 * `npm start` stopped the ways people and containers stop it: Ctrl-C in a terminal (SIGINT to
 * the whole foreground process group) and SIGTERM to the node process alone. Each time the app
 * must exit within 10 s, leave no PostgreSQL behind, and find its data again on the next start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/**
 * Runs a node script to its end without blocking this process (a blocked event loop makes other
 * files' database clients in this worker time out their connects): exit status and all output.
 */
function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, output });
    });
  });
}
const STOP_LIMIT_MS = 10_000;

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Processes whose command line names the data directory (the postmaster and its backends). */
function postgresOn(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes('postgres') && cmd.includes(dataDir)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
chmodSync(dir, 0o755);
const dataDir = join(dir, 'postgres');
const ports = { app: await freePort(), pg: await freePort() };
const baseUrl = `http://127.0.0.1:${ports.app}`;
const children: ChildProcess[] = [];

interface Started {
  npm: ChildProcess;
  /** The node process running the server (from its ready line). */
  serverPid: number;
  exited: Promise<number | null>;
  output: () => string;
}

/** `npm start` as a terminal runs a foreground job: the leader of its own process group. */
async function npmStart(extraEnv: Record<string, string> = {}): Promise<Started> {
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      PORT: String(ports.app),
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(ports.pg),
      ...extraEnv,
    },
  });
  children.push(npm);
  let output = '';
  npm.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  npm.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => npm.once('exit', (code) => done(code)));
  const serverPid = await new Promise<number>((done, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not get ready:\n${output}`)), 90_000);
    const check = () => {
      const ready = output.split('\n').find((line) => line.includes('"msg":"ready: '));
      if (ready) {
        clearTimeout(timer);
        npm.stdout!.off('data', check);
        done((JSON.parse(ready) as { pid: number }).pid);
      }
    };
    npm.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`npm start exited before it was ready:\n${output}`)));
  });
  return { npm, serverPid, exited, output: () => output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Milliseconds from `signal()` until the npm process and the server process have both exited. */
async function timeStop(app: Started, signal: () => void): Promise<number> {
  const started = Date.now();
  signal();
  await app.exited;
  while (alive(app.serverPid) && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 50));
  return Date.now() - started;
}

afterAll(() => {
  for (const child of children) if (child.pid && alive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  for (const pid of postgresOn(dataDir)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start stops cleanly', () => {
  let session = '';

  it('Ctrl-C (SIGINT to the process group) stops it within 10 s, with no PostgreSQL left running', async () => {
    const app = await npmStart();
    expect(postgresOn(dataDir).length).toBeGreaterThan(0);
    // Something to find after the restart.
    const added = await fetch(`${baseUrl}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tickers: 'AAPL,MSFT', forms: '8-K' }),
    });
    expect(added.status).toBe(200);
    session = ((await added.json()) as { session: string }).session;
    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);

    const took = await timeStop(app, () => process.kill(-app.npm.pid!, 'SIGINT'));
    expect(took, app.output()).toBeLessThan(STOP_LIMIT_MS);
    expect(postgresOn(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
    expect(app.output()).toContain('"msg":"stopped');
    // The job queue's first-start probe is expected, not an error to show; nor are PostgreSQL's
    // refusals of connections that raced the stop we asked for (they read as a crash).
    expect(app.output()).not.toMatch(/does not exist/);
    expect(app.output()).not.toMatch(/FATAL/);
  }, 240_000);

  it('the next start finds the data; SIGTERM to the node process alone (containers) stops it the same way', async () => {
    const app = await npmStart();
    const watchlist = await fetch(`${baseUrl}/api/watchlist`, { headers: { 'x-session': session } });
    const body = (await watchlist.json()) as { watchlist: { ticker: string }[] };
    expect(body.watchlist.map((w) => w.ticker).sort()).toEqual(['AAPL', 'MSFT']);

    const took = await timeStop(app, () => process.kill(app.serverPid, 'SIGTERM'));
    expect(took, app.output()).toBeLessThan(STOP_LIMIT_MS);
    expect(postgresOn(dataDir)).toEqual([]);
    expect(app.output()).toContain('"reason":"SIGTERM"');
    expect(app.output()).not.toMatch(/FATAL/);
  }, 240_000);
});

describe('NODE_ENV=production npm start', () => {
  it('runs the server compiled into dist/server (no TypeScript at run time) and stops the same way', async () => {
    expect((await runNode([join(root, 'scripts/build-server.mjs')], process.env)).status).toBe(0);
    // The local Stripe stand-in and its test checkout are development-only: not in the bundle.
    const bundle = readdirSync(join(root, 'dist/server')).filter((f) => f.endsWith('.js'));
    const leaked = bundle.filter((f) =>
      /LocalStripeServer|sk_test_local/.test(readFileSync(join(root, 'dist/server', f), 'utf8')),
    );
    expect(leaked).toEqual([]);
    // Without EDGAR_USER_AGENT production refuses to start (it would serve the recorded replay).
    const refused = await runNode([join(root, 'dist/server/main.js')], {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
      EDGAR_USER_AGENT: '',
    });
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/EDGAR_USER_AGENT: required when NODE_ENV=production/);
    const app = await npmStart({
      NODE_ENV: 'production',
      ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
      EDGAR_SOURCE: 'replay',
    });
    // tsx compiles through an esbuild service process it starts as a child: there is none.
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          return readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(app.serverPid);
        } catch {
          return false;
        }
      })
      .map((entry) => readFileSync(`/proc/${entry}/cmdline`, 'utf8'));
    expect(children.filter((cmd) => cmd.includes('esbuild'))).toEqual([]);
    expect(children.some((cmd) => cmd.includes('postgres'))).toBe(true);
    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);
    const docs = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toContain('/api/watchlist');
    const took = await timeStop(app, () => process.kill(app.serverPid, 'SIGTERM'));
    expect(took, app.output()).toBeLessThan(STOP_LIMIT_MS);
    expect(postgresOn(dataDir)).toEqual([]);
  }, 240_000);
});
