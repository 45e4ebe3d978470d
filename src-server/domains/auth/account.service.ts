import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { notifyPlanChanged } from '../billing/billing.repo';
import { endBillingForDeletedAccount } from '../billing/billing.service';
import { enforceTickerLimit } from '../watchlist/watchlist.service';
import * as accounts from './account.repo';
import { parseIdentifier } from './login.service';
import * as sessionRepo from './session.repo';
import type { UserRow } from './session.repo';
import {
  createSession,
  isVerified,
  resolveSession,
  revokeSession,
  toUserDto,
  type AuthedSession,
  type SessionMeta,
  type UserDto,
} from './session.service';

/** Anonymous rows hold nothing worth keeping once their last session is gone. */
function isDisposable(user: UserRow): boolean {
  return !isVerified(user) && !user.isAdmin && user.planStatus !== 'active';
}

/**
 * POST /api/logout: the token stops working at once. An anonymous user's data goes with it
 * (the app warns before logging out an unverified user).
 */
export async function logout(db: Db, params: { token: string | undefined }): Promise<{ ok: true; revoked: boolean }> {
  const session = await resolveSession(db, { token: params.token });
  if (!session) return { ok: true, revoked: false };
  await db.transaction(async (tx) => {
    await revokeSession(tx, { sessionId: session.sessionId });
    // The admin area's bearer credentials go with the sign-out (an admin tab left open elsewhere).
    await sessionRepo.revokeUserSessions(tx, { userId: session.user.id, kind: 'admin' });
    if (isDisposable(session.user)) await accounts.deleteUser(tx, { userId: session.user.id });
  });
  return { ok: true, revoked: true };
}

/**
 * POST /api/delete-account: the user row goes, and with it (ON DELETE CASCADE) sessions,
 * watchlist, preferences, alerts and pending verifications; codes sent to its contacts too.
 * SMS opt-outs stay: a number that said STOP must keep getting nothing.
 */
export async function deleteAccount(db: Db, params: { userId: string; confirm: boolean }): Promise<{ deleted: true }> {
  if (params.confirm !== true) {
    throw new AppError('BAD_REQUEST', 'Deleting your account cannot be undone. Send confirm: true to proceed.', {
      reason: 'confirmation_required',
    });
  }
  await db.transaction(async (tx) => {
    const user = await accounts.lockUser(tx, { userId: params.userId });
    if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.', { reason: 'account_not_found' });
    const identifiers = [user.email, user.phone].filter((v): v is string => Boolean(v));
    if (identifiers.length > 0) await accounts.deleteLoginCodes(tx, { identifiers });
    await accounts.deleteUser(tx, { userId: user.id });
  });
  return { deleted: true };
}

/**
 * Closing an account, by its owner (POST /api/delete-account) or by an admin (/admin/users): a
 * live Stripe subscription is canceled at once first (confirmation checked before, so a request
 * without it cancels nothing), then the account goes (deleteAccount).
 */
export async function closeAccount(
  deps: AppDeps,
  params: { userId: string; confirm: boolean },
): Promise<{ deleted: true }> {
  if (params.confirm === true) await endBillingForDeletedAccount(deps, { userId: params.userId });
  return deleteAccount(deps.db, params);
}

/**
 * POST /api/admin/login: a signed-in, verified admin exchanges their session for a separate,
 * short-lived admin bearer credential (sessions.kind = 'admin').
 */
export async function adminLogin(
  db: Db,
  params: { session: AuthedSession } & SessionMeta,
): Promise<{ token: string; expiresAt: string; user: UserDto }> {
  const { user } = params.session;
  if (!user.isAdmin || !isVerified(user)) {
    throw new AppError('FORBIDDEN', 'This account does not have admin access.', { reason: 'not_admin' });
  }
  const { token, session } = await createSession(db, {
    userId: user.id,
    kind: 'admin',
    ip: params.ip,
    userAgent: params.userAgent,
  });
  return { token, expiresAt: session.expiresAt.toISOString(), user: toUserDto(user) };
}

export async function adminLogout(db: Db, params: { sessionId: string }): Promise<{ ok: true }> {
  await revokeSession(db, { sessionId: params.sessionId });
  return { ok: true };
}

/** npm run admin:grant: marks the verified account of an email or phone as admin. */
export async function grantAdmin(db: Db, params: { identifier: string }): Promise<UserDto> {
  const contact = parseIdentifier(params.identifier);
  const owner = await accounts.findVerifiedHolder(db, contact);
  if (!owner) {
    throw new AppError(
      'NOT_FOUND',
      `No verified account has ${contact.value}. Sign in with it once, then run this again.`,
      {
        reason: 'account_not_found',
      },
    );
  }
  // Admin is PRO: the ticker limit grows, so items paused under a smaller one resume now (issue 28).
  return db.transaction(async (tx) => {
    const user = await accounts.updateUser(tx, { userId: owner.id, values: { isAdmin: true } });
    await enforceTickerLimit(tx, { userId: owner.id });
    await notifyPlanChanged(tx, { userId: owner.id });
    return toUserDto(user);
  });
}
