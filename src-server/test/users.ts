import type { Db } from '../db/client';
import { insertUser, type UserRow } from '../domains/auth/session.repo';
import { createSession } from '../domains/auth/session.service';

/**
 * Routing of an account that existed before the routing defaults (migrations 0019-0020): every
 * importance by email in real time, texts from HIGH, no digest of the rest, no pre-market brief.
 */
export const LEGACY_ROUTING = {
  alertMinRankEmail: 1,
  alertMinRankSms: 3,
  digestBelowThreshold: false,
  briefEnabled: false,
} as const;

/**
 * A user with verified contacts and a live session, straight in the database: for tests of
 * other domains that need a signed-in (PRO, admin...) caller without going through login.
 * Routing is LEGACY_ROUTING unless `routing: 'defaults'` asks for a new account's defaults.
 */
export async function createSignedInUser(
  db: Db,
  {
    routing = 'legacy',
    ...values
  }: {
    email?: string;
    phone?: string;
    isAdmin?: boolean;
    planType?: string;
    planStatus?: string;
    brand?: string;
    routing?: 'legacy' | 'defaults';
  } = {},
): Promise<{ user: UserRow; session: string }> {
  const now = new Date();
  const user = await insertUser(db, {
    ...(routing === 'legacy' ? LEGACY_ROUTING : {}),
    ...values,
    emailVerifiedAt: values.email ? now : null,
    phoneVerifiedAt: values.phone ? now : null,
    notifyVia: [...(values.email ? ['email'] : []), ...(values.phone ? ['sms'] : [])],
  });
  const { token } = await createSession(db, { userId: user.id });
  return { user, session: token };
}
