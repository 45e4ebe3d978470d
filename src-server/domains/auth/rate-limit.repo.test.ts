/**
 * The per-minute budget (the cluster's SMS_HOURLY_BUDGET) against a real PostgreSQL: never more
 * than the limit in a rolling window, even when every process asks at once; old minutes leave
 * the window and are pruned.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import pino from 'pino';
import type { DeliveryError } from '../../integrations/delivery-error';
import { budgetedSms } from '../../integrations/sms/sms-budget';
import type { SmsSender } from '../../integrations/sms/sms-sender';
import { pruneRateLimitHits, takeUpToByMinute } from './rate-limit.repo';

const { db } = await createTestDatabase();
const HOUR = 3600;

async function minutesAgo(bucket: string, minutes: number, hits: number) {
  await db.execute(sql`insert into rate_limit_minutes (bucket, key, minute, hits)
    values (${bucket}, 'all', date_trunc('minute', now()) - make_interval(mins => ${minutes}), ${hits})`);
}

const takeOne = (bucket: string, limit: number) =>
  takeUpToByMinute(db, { bucket, key: 'all', limit, windowSeconds: HOUR, wanted: 1 }).then((r) => ({
    allowed: r.granted === 1,
    retryAfterSeconds: r.retryAfterSeconds,
  }));

describe('takeUpToByMinute', () => {
  it('lets exactly the limit through when forty callers ask at once', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => takeOne('burst', 25)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    const [row] = await db.execute<{ hits: number }>(
      sql`select sum(hits)::int as hits from rate_limit_minutes where bucket = 'burst'`,
    );
    expect(row!.hits).toBe(25);
  });

  it('grants many hits in one take, as many as the limit leaves, and says when the rest can go', async () => {
    const take = (wanted: number) =>
      takeUpToByMinute(db, { bucket: 'many', key: 'all', limit: 25, windowSeconds: HOUR, wanted });
    const granted = (await Promise.all([take(10), take(10), take(10)])).map((r) => r.granted).sort((a, b) => a - b);
    expect(granted).toEqual([5, 10, 10]);
    const spent = await take(3);
    expect(spent.granted).toBe(0);
    expect(spent.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const [row] = await db.execute<{ hits: number }>(
      sql`select sum(hits)::int as hits from rate_limit_minutes where bucket = 'many'`,
    );
    expect(row!.hits).toBe(25);
  });

  it('counts the minute the window began in whole, and no older minute', async () => {
    // The minute 60 minutes before this one holds the window's start (counted whole: up to a minute
    // early); the one before it is out.
    await minutesAgo('edge', 61, 100);
    await minutesAgo('edge', 60, 3);
    await minutesAgo('edge', 10, 6);
    const refused = await takeOne('edge', 9);
    expect(refused.allowed).toBe(false);
    // The oldest counted minute leaves the window within about a minute.
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(61);
    expect((await takeOne('edge', 10)).allowed).toBe(true);
  });

  it('prunes minutes older than the longest window', async () => {
    await minutesAgo('old', 200, 5);
    await minutesAgo('old', 30, 5);
    await pruneRateLimitHits(db, { olderThanSeconds: HOUR });
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from rate_limit_minutes where bucket = 'old'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a burst of texts from one process shares its takes of the budget, and still stops exactly at it', async () => {
    let takes = 0;
    const sent: string[] = [];
    const inner: SmsSender = {
      kind: 'twilio',
      send: async ({ to }) => {
        sent.push(to);
        return { sid: `SM${sent.length}` };
      },
    };
    const sms = budgetedSms(inner, {
      take: (p) => {
        takes += 1;
        return takeUpToByMinute(db, { ...p, key: 'burst-test' });
      },
      perHour: 20,
      logger: () => pino({ level: 'silent' }),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => sms.send({ to: `+1202555${String(1000 + i)}`, body: 'alert' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(sent).toHaveLength(20);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(10);
    for (const r of refused) expect((r.reason as DeliveryError).permanent).toBe(false);
    // One take for the first text, one for the 29 that asked while it was out.
    expect(takes).toBe(2);
  });
});
