import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { createSignedInUser } from '../../test/users';
import { pruneAuthData } from './housekeeping';
import { createAnonymousSession } from './session.service';

const { db } = await createTestDatabase();
const ids = async (query: ReturnType<typeof sql>) => (await db.execute<{ id: string }>(query)).map((r) => r.id);

describe('auth housekeeping', () => {
  it('drops spent secrets, old hits, dead sessions and unreachable anonymous users, and nothing live', async () => {
    const live = await createAnonymousSession(db, {});
    const abandoned = await createAnonymousSession(db, {});
    const verified = await createSignedInUser(db, { email: 'keep@example.com' });
    await db.execute(sql`update users set created_at = now() - interval '200 days'`);
    await db.execute(sql`update sessions set last_seen_at = now() - interval '100 days', expires_at = now() - interval '40 days'
      where user_id in (${abandoned.user.id}, ${verified.user.id})`);
    await db.execute(sql`insert into login_codes (identifier, code_hash, expires_at) values
      ('+12025550100', 'old', now() - interval '2 days'), ('+12025550101', 'live', now() + interval '5 minutes')`);
    await db.execute(sql`insert into rate_limit_hits (bucket, key, created_at) values
      ('loginSendPerIp', 'a', now() - interval '3 hours'), ('loginSendPerIp', 'b', now())`);

    expect(await pruneAuthData(db)).toEqual({ sessions: 1, anonymousUsers: 1 });
    expect(await ids(sql`select id from users order by created_at`)).toEqual(
      expect.arrayContaining([live.user.id, verified.user.id]),
    );
    expect(await ids(sql`select id from users where id = ${abandoned.user.id}`)).toEqual([]);
    expect(await ids(sql`select identifier as id from login_codes`)).toEqual(['+12025550101']);
    expect(await ids(sql`select key as id from rate_limit_hits`)).toEqual(['b']);
    expect(await ids(sql`select user_id as id from sessions`)).toEqual([live.user.id]);
  });
});
