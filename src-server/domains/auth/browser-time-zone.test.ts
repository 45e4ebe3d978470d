/**
 * auth.browserTimeZone (issue 28): the web app sends the browser's zone; the server keeps it until
 * the person picks a zone in settings. Attacked as a caller would: no or forged session, a zone
 * that is not one, another user's account, a picked zone.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';

const app = await startTestApp();
const db = app.deps.db;

function send(timeZone: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/trpc/auth.browserTimeZone`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ timeZone }),
  });
}

const zoneOf = async (id: string) =>
  (await db.execute<{ time_zone: string }>(sql`select time_zone from users where id = ${id}`))[0]!.time_zone;

describe('auth.browserTimeZone', () => {
  it("saves the browser's zone for the caller only, and never over a zone picked in settings", async () => {
    const a = await createSignedInUser(db, { email: 'tz-a@example.com' });
    const b = await createSignedInUser(db, { email: 'tz-b@example.com' });
    const saved = await send('Asia/Tokyo', { 'x-session': a.session });
    expect(saved.status).toBe(200);
    expect(await zoneOf(a.user.id)).toBe('Asia/Tokyo');
    expect(await zoneOf(b.user.id)).toBe('America/New_York');

    // Picked in settings: the browser's zone no longer moves it.
    const picked = await fetch(`${app.url}/api/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': a.session },
      body: JSON.stringify({ timeZone: 'Europe/London' }),
    });
    expect(picked.status).toBe(200);
    expect((await send('America/Los_Angeles', { 'x-session': a.session })).status).toBe(200);
    expect(await zoneOf(a.user.id)).toBe('Europe/London');
  });

  it('refuses a zone that is not one, and a forged session, changing nothing', async () => {
    const c = await createSignedInUser(db, { email: 'tz-c@example.com' });
    for (const bad of ['Mars/Olympus', '', 'x'.repeat(80), 42, null]) {
      const answer = await send(bad, { 'x-session': c.session });
      expect(answer.status, String(bad)).toBe(400);
    }
    expect(await zoneOf(c.user.id)).toBe('America/New_York');
    // A forged token is no one's session: like every first write, it starts a new visitor (its own
    // x-session), whose zone it sets; the account it imitates is untouched.
    const forged = await send('Asia/Tokyo', { 'x-session': `${c.session.slice(0, -4)}AAAA` });
    expect(forged.status).toBeLessThan(500);
    const visitor = forged.headers.get('x-session');
    expect(visitor === null || visitor !== c.session).toBe(true);
    expect(await zoneOf(c.user.id)).toBe('America/New_York');
  });
});
