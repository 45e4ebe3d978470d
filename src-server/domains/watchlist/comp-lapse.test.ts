/**
 * A complimentary PRO period that ends by date re-applies the free ticker limit (issue #28 item
 * 18): the alerts sweep's cluster step pauses the items past 10 of a lapsed comp account, newest
 * first as a billing downgrade does, leaves accounts still comped or paying alone, and a second
 * sweep changes nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_TICKER_LIMIT } from '#shared/plans';
import { alertsDeps, captureErrors } from '../../test/alerts';
import { createTestDatabase } from '../../test/db';
import { createSignedInUser } from '../../test/users';
import { sweepAlerts } from '../alerts/alerts.workers';

const database = await createTestDatabase();
const db = database.db;
const deps = alertsDeps(database);
const errors = captureErrors(deps);

const TICKERS = Array.from({ length: 12 }, (_, i) => `T${String(i).padStart(2, '0')}`);

/** A user with 12 tickers added a minute apart (T00 first), and the given comp and plan. */
async function userWith12(email: string, compDays: number, plan: { planType?: string; planStatus?: string } = {}) {
  const { user } = await createSignedInUser(db, { email, ...plan });
  await db.execute(
    sql`update users set comp_pro_until = now() + make_interval(days => ${compDays}) where id = ${user.id}`,
  );
  for (const [i, ticker] of TICKERS.entries())
    await db.execute(sql`insert into watchlist_items (user_id, ticker, forms, created_at)
      values (${user.id}, ${ticker}, '{8-K}', now() - make_interval(mins => ${60 - i}))`);
  return user.id;
}

const items = (userId: string) =>
  db.execute<{ ticker: string; paused_at: string | null; updated_at: string }>(sql`
    select ticker, paused_at::text, updated_at::text from watchlist_items where user_id = ${userId} order by ticker`);
const pausedOf = async (userId: string) => (await items(userId)).filter((r) => r.paused_at).map((r) => r.ticker);

describe('the free ticker limit after a comp PRO period ends', () => {
  it('pauses the newest items past 10 of a lapsed comp account, once; comped and paying accounts keep all', async () => {
    const lapsed = await userWith12('lapsed-comp@example.com', -1);
    const comped = await userWith12('still-comped@example.com', 5);
    const paying = await userWith12('paying-after-comp@example.com', -1, { planType: 'pro', planStatus: 'active' });

    await sweepAlerts(deps);
    expect(FREE_TICKER_LIMIT).toBe(10);
    expect(await pausedOf(lapsed)).toEqual(['T10', 'T11']);
    expect((await items(lapsed)).filter((r) => !r.paused_at)).toHaveLength(10);
    expect(await pausedOf(comped)).toEqual([]);
    expect(await pausedOf(paying)).toEqual([]);

    const before = await Promise.all([lapsed, comped, paying].map(items));
    await sweepAlerts(deps);
    expect(await Promise.all([lapsed, comped, paying].map(items))).toEqual(before);
    expect(errors).toEqual([]);
  });
});
