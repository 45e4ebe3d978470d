import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { ClaimBusy, withClaim } from './claims';

const { db } = await createTestDatabase();
const fast = { staleAfterMs: 60_000, waitMs: 300, pollMs: 20 };
const held = async () =>
  (await db.execute<{ key: string }>(sql`select key from work_claims order by key`)).map((r) => r.key);

describe('work claims', () => {
  it('runs one holder at a time across callers, without a transaction open during the work', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = withClaim(db, 'k1', { ...fast, waitMs: 5_000 }, async () => {
      order.push('first in');
      const [state] = await db.execute<{ tx: number }>(
        sql`select count(*)::int as tx from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(state!.tx).toBe(0);
      await gate;
      order.push('first out');
    });
    await expect.poll(() => order).toEqual(['first in']);
    // The second caller's statements are counted: a second one means its first try was refused.
    let statements = 0;
    const counted = new Proxy(db, {
      get: (target, key) =>
        key === 'execute'
          ? (...args: Parameters<typeof db.execute>) => {
              statements += 1;
              return target.execute(...args);
            }
          : Reflect.get(target, key),
    });
    const second = withClaim(counted, 'k1', { ...fast, waitMs: 5_000 }, async () => void order.push('second'));
    await expect.poll(() => statements).toBeGreaterThanOrEqual(2);
    expect(order).toEqual(['first in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second']);
    expect(await held()).toEqual([]);
  });

  it('gives up after its wait with ClaimBusy, and releases on failure too', async () => {
    await db.execute(sql`insert into work_claims (key, holder) values ('k2', 'elsewhere')`);
    await expect(withClaim(db, 'k2', fast, async () => 'never')).rejects.toBeInstanceOf(ClaimBusy);
    await db.execute(sql`delete from work_claims where key = 'k2'`);
    await expect(withClaim(db, 'k3', fast, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await held()).toEqual([]);
  });

  it('takes over a stale claim (a crashed holder), whose late release does not free the new one', async () => {
    await db.execute(
      sql`insert into work_claims (key, holder, claimed_at) values ('k4', 'crashed', now() - interval '2 minutes')`,
    );
    const seen = await withClaim(db, 'k4', fast, async () => {
      await db.execute(sql`delete from work_claims where key = 'k4' and holder = 'crashed'`);
      return held();
    });
    expect(seen).toEqual(['k4']);
    expect(await held()).toEqual([]);
  });
});
