/** A signed-in PRO user subscribed through the real /api/subscribe, and the browser storage that signs a page in. */
import { expect } from 'vitest';
import type { Db } from '#server/db/client';
import { toUserDto } from '#server/domains/auth/session.service';
import { createSignedInUser } from '#server/test/users';

export async function proSubscriber(
  db: Db,
  url: string,
  { email, tickers, forms, brand }: { email: string; tickers: string; forms: string; brand?: string },
) {
  const { user, session } = await createSignedInUser(db, { email, planType: 'pro', planStatus: 'active' });
  const res = await fetch(`${url}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session, ...(brand ? { 'x-brand': brand } : {}) },
    body: JSON.stringify({ tickers, forms }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return {
    user,
    session,
    skipped: ((await res.json()) as { skipped?: string[] }).skipped ?? [],
    storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) },
  };
}
