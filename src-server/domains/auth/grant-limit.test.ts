/**
 * `npm run admin:grant` re-applies the ticker limit (issue #28 item 18): an account whose PRO
 * lapsed has its items past 10 paused; granting admin (PRO) resumes every one of them at once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_TICKER_LIMIT } from '#shared/plans';
import { createTestDatabase } from '../../test/db';
import { createSignedInUser } from '../../test/users';
import { enforceTickerLimit } from '../watchlist/watchlist.service';
import { grantAdmin } from './account.service';

const { db } = await createTestDatabase();

const pausedCount = async (userId: string) =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from watchlist_items where user_id = ${userId} and paused_at is not null`,
    )
  )[0]!.n;

describe('admin:grant re-applies the ticker limit', () => {
  it('a lapsed account with 25 tickers (15 paused) has none paused after the grant', async () => {
    const { user } = await createSignedInUser(db, { email: 'lapsed@example.com' });
    for (let i = 0; i < 25; i += 1)
      await db.execute(
        sql`insert into watchlist_items (user_id, ticker, forms) values (${user.id}, ${`T${String(i).padStart(2, '0')}`}, '{8-K}')`,
      );
    // The cancel: back to the free limit, items past it paused (never deleted).
    await enforceTickerLimit(db, { userId: user.id });
    expect(await pausedCount(user.id)).toBe(25 - FREE_TICKER_LIMIT);

    const granted = await grantAdmin(db, { identifier: 'lapsed@example.com' });
    expect(granted.id).toBe(user.id);
    expect(await pausedCount(user.id)).toBe(0);
  });
});
