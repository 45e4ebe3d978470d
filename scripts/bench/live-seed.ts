import { sql } from 'drizzle-orm';
import type { Db } from '../../src-server/db/client';

/** The session token of live-bench user n (1-based); sessions store only its SHA-256. */
export const liveBenchToken = (n: number) => `live-bench-${n}`;

/** `count` PRO users with live sessions, each following `ticker` for `forms` (set-based). */
export async function seedSubscribers(
  db: Db,
  { count, ticker, forms }: { count: number; ticker: string; forms: string[] },
): Promise<void> {
  await db.execute(sql`
    with u as (
      insert into users (email, email_verified_at, plan_type, plan_status, notify_via)
      select 'live-bench-' || g || '@example.com', now(), 'pro', 'active', '{}' from generate_series(1, ${count}) g
      returning id, email
    ),
    s as (
      insert into sessions (user_id, token_hash, expires_at)
      select id, encode(sha256(convert_to('live-bench-' || substring(email from 'live-bench-(\\d+)@'), 'UTF8')), 'hex'), now() + interval '30 days'
      from u
    )
    insert into watchlist_items (user_id, ticker, forms) select id, ${ticker}, ${sql.param(forms)}::text[] from u`);
}

/** `count` PRO users with a verified email following `ticker`: the audience of one filing. */
export async function seedWatchers(
  db: Db,
  { count, ticker, forms }: { count: number; ticker: string; forms: string[] },
): Promise<void> {
  await db.execute(sql`
    with u as (
      insert into users (email, email_verified_at, plan_type, plan_status, notify_via)
      select 'fanout-' || g || '@example.com', now(), 'pro', 'active', '{email}' from generate_series(1, ${count}) g
      returning id
    )
    insert into watchlist_items (user_id, ticker, forms) select id, ${ticker}, ${sql.param(forms)}::text[] from u`);
}
