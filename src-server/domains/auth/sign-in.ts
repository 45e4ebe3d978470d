import { tickerLimitFor } from '#shared/plans';
import type { BrandId } from '#shared/brands';
import type { Db } from '../../db/client';
import * as accounts from './account.repo';
import * as sessions from './session.repo';
import { createSession, isVerified, type SessionMeta } from './session.service';

export interface Contact {
  kind: accounts.ContactKind;
  value: string;
}

export interface SignInResult {
  /** The new session token (the presented ones stop working). */
  token: string;
  user: sessions.UserRow;
  /** Anonymous watchlist items added to the account / refused (over the limit or already there). */
  merged: number;
  rejected: number;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/**
 * Runs `work` (which proves the contact, e.g. consumes a code) and signs in, in one transaction.
 * Two first sign-ins racing for the same new contact: the loser retries and finds the account.
 */
export async function inSignInTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.transaction(work);
  }
}

/**
 * The proven contact's account receives the caller's anonymous watchlists. A new contact turns
 * the first anonymous user into the account (its data stays put); no anonymous user, a fresh row.
 * Every presented session ends and a new token is issued; a signed-in session elsewhere that merely
 * asked for the link is left alone.
 */
export async function signIn(
  tx: Db,
  params: {
    contact: Contact;
    /** Sessions this request presented: they end (rotation) and their anonymous watchlists merge. */
    presentedSessionIds: string[];
    brand: BrandId;
  } & SessionMeta,
): Promise<SignInResult> {
  const ids = [...new Set(params.presentedSessionIds)];
  const sources = await sessions.findLiveSessionsByIds(tx, { ids });
  const anonymous = [
    ...new Map(sources.filter((s) => !isVerified(s.user) && !s.user.isAdmin).map((s) => [s.user.id, s.user])).values(),
  ];

  let account = await accounts.findVerifiedHolder(tx, { ...params.contact, lock: true });
  let merged = 0;
  let rejected = 0;
  let toMerge = anonymous;
  if (account) {
    account = await accounts.updateUser(tx, { userId: account.id, values: { lastLoginAt: new Date() } });
  } else {
    const [base, ...rest] = anonymous;
    const userId = base ? base.id : (await sessions.insertUser(tx, { brand: params.brand })).id;
    if (base) {
      await accounts.lockUser(tx, { userId });
      merged += await accounts.countWatchlist(tx, { userId });
      // Anyone else holding this anonymous token (e.g. a shared ?session= link) is signed out.
      await sessions.revokeUserSessions(tx, { userId });
    }
    account = await accounts.setVerifiedContact(tx, { userId, ...params.contact, login: true });
    toMerge = rest;
  }

  const limit = tickerLimitFor(account);
  for (const source of toMerge) {
    if (source.id === account.id) continue;
    const result = await accounts.mergeWatchlist(tx, { fromUserId: source.id, toUserId: account.id, limit });
    merged += result.merged;
    rejected += result.rejected;
    // A paying but unverified user keeps its row (billing records); others are spent.
    if (source.planStatus === 'active') await sessions.revokeUserSessions(tx, { userId: source.id });
    else await accounts.deleteUser(tx, { userId: source.id });
  }
  for (const id of params.presentedSessionIds) await sessions.revokeSession(tx, { sessionId: id });

  const { token } = await createSession(tx, { userId: account.id, ip: params.ip, userAgent: params.userAgent });
  return { token, user: account, merged, rejected };
}
