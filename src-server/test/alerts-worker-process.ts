/**
 * Starts `alerts-worker.ts` as its own process (the crash tests kill it with SIGKILL) and resolves
 * once it says it is ready. `env` adds to the test process's environment. With WORKER_LOG_DIR set,
 * each worker's stdout is appended to `worker-<pid>.log` there: a SIGKILLed worker's last lines
 * are what a duplicate send is traced from.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./alerts-worker.ts', import.meta.url));

export function spawnAlertsWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const logDir = process.env.WORKER_LOG_DIR;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (logDir) appendFileSync(join(logDir, `worker-${child.pid}.log`), chunk);
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}
