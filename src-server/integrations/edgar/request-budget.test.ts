/** The shared EDGAR budget across two processes: never more than 8 requests in any second at the peer. */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import { PgRequestBudget } from './request-budget';

let database: Database;
let server: Server;
let url = '';
const arrivals: { at: number; path: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = createServer((req, res) => {
    arrivals.push({ at: performance.now(), path: req.url ?? '' });
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

const worker = fileURLToPath(new URL('../../test/budget-worker.ts', import.meta.url));
/** The worker's grant instants (the database clock at each grant). */
function run(priority: string, count: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, database.url, url, priority, String(count)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as number[])
        : reject(new Error(`worker exited ${code}`)),
    );
  });
}

describe('shared EDGAR request budget', () => {
  it('two processes together stay at 8 or fewer requests in any one second', { timeout: 120_000 }, async () => {
    const grants = await Promise.all([run('bulk', 12), run('feed', 12)]);
    expect(arrivals).toHaveLength(24);
    // Counted on the budget's own clock: at most 8 grants in any 1.1 s, whichever process asked
    // (arrival times at a peer would also count this machine's scheduling delays).
    const times = grants.flat().sort((a, b) => a - b);
    expect(times).toHaveLength(24);
    const maxInWindow = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1100).length));
    expect(maxInWindow).toBeLessThanOrEqual(8);
    // Both processes were served: the feed's share is not starved by bulk or the other way round.
    expect(grants.every((g) => g.length === 12)).toBe(true);
  });

  it('bulk work leaves slots to the feed; a pause stops everyone until it ends', async () => {
    const budget = new PgRequestBudget(database.db, { perSecond: 8 });
    expect([budget.allowed('feed'), budget.allowed('live'), budget.allowed('sweep'), budget.allowed('bulk')]).toEqual([
      8, 7, 6, 5,
    ]);
    await database.db.execute(sql`update edgar_budget set recent = '{}', paused_until = null`);
    for (let i = 0; i < 5; i += 1) await budget.take('bulk');
    // Five went out this second: bulk must wait, the feed still goes.
    const [probe] = await database.db.execute<{ granted: boolean }>(sql`select granted from edgar_budget_take(5, 0)`);
    expect(probe?.granted).toBe(false);
    await budget.take('feed');
    await budget.pause(Date.now() + 60_000, 'EDGAR answered 403');
    await expect(budget.take('feed')).rejects.toMatchObject({ name: 'EdgarPausedError', reason: 'EDGAR answered 403' });
    expect(await budget.pausedUntil()).toBeInstanceOf(Date);
  });
});
