import type { Db } from '../db/client';
import { insertUser, type UserRow } from '../domains/auth/session.repo';
import { createSession } from '../domains/auth/session.service';

/**
 * A user with verified contacts and a live session, straight in the database: for tests of
 * other domains that need a signed-in (PRO, admin...) caller without going through login.
 */
export async function createSignedInUser(
  db: Db,
  values: { email?: string; phone?: string; isAdmin?: boolean; planType?: string; planStatus?: string; brand?: string } = {},
): Promise<{ user: UserRow; session: string }> {
  const now = new Date();
  const user = await insertUser(db, {
    ...values,
    emailVerifiedAt: values.email ? now : null,
    phoneVerifiedAt: values.phone ? now : null,
    notifyVia: [...(values.email ? ['email'] : []), ...(values.phone ? ['sms'] : [])],
  });
  const { token } = await createSession(db, { userId: user.id });
  return { user, session: token };
}
