import type { Db } from '../../db/client';
import { isPro } from '../../core/plans';
import * as repo from './session.repo';
import { hashToken, newToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions idle longer than this are refused; none lives past the absolute limit. */
export const SESSION_IDLE_MS = 30 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 180 * DAY_MS;

export type SessionKind = 'user' | 'admin';

/** The admin credential is short-lived: an unattended admin tab does not stay powerful. */
const POLICY: Record<SessionKind, { idleMs: number; absoluteMs: number }> = {
  user: { idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS },
  admin: { idleMs: 2 * 60 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 },
};
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface AuthedSession {
  sessionId: string;
  user: repo.UserRow;
}

/** The user object of SPEC.md section 3, as every transport returns it. */
export interface UserDto {
  id: string;
  email: string | null;
  phone: string | null;
  verified: boolean;
  isAdmin: boolean;
  planType: string;
  planStatus: string;
  isPro: boolean;
}

export function isVerified(user: Pick<repo.UserRow, 'emailVerifiedAt' | 'phoneVerifiedAt' | 'email' | 'phone'>): boolean {
  return Boolean((user.email && user.emailVerifiedAt) || (user.phone && user.phoneVerifiedAt));
}

export function toUserDto(user: repo.UserRow): UserDto {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    verified: isVerified(user),
    isAdmin: user.isAdmin,
    planType: user.planType,
    planStatus: user.planStatus,
    isPro: isPro(user),
  };
}

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
}

/** Issues a new opaque token for a user; only its hash is stored. */
export async function createSession(
  db: Db,
  params: { userId: string; kind?: SessionKind } & SessionMeta,
): Promise<{ token: string; session: repo.SessionRow }> {
  const token = newToken();
  const session = await repo.insertSession(db, {
    userId: params.userId,
    tokenHash: hashToken(token),
    kind: params.kind ?? 'user',
    expiresAt: new Date(Date.now() + POLICY[params.kind ?? 'user'].absoluteMs),
    ip: params.ip ?? null,
    userAgent: params.userAgent?.slice(0, 300) ?? null,
  });
  return { token, session };
}

/** A visitor's first call: an anonymous user (no contacts) and its session. */
export async function createAnonymousSession(
  db: Db,
  params: { brand?: string } & SessionMeta,
): Promise<AuthedSession & { token: string }> {
  return db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, params.brand ? { brand: params.brand } : {});
    const { token, session } = await createSession(tx, { userId: user.id, ip: params.ip, userAgent: params.userAgent });
    return { token, user, sessionId: session.id };
  });
}

/**
 * Resolves a presented token; undefined when unknown, revoked, idle too long or expired. Never
 * cached: a revoked session is refused on the next request. `extra` is a per-user value another
 * domain reads in the same round trip (the watchlist's fingerprint).
 */
export async function resolveSession(
  db: Db,
  params: { token: string | null | undefined; kind?: SessionKind; extra?: repo.SessionExtra },
): Promise<(AuthedSession & { extra: string | null }) | undefined> {
  const token = params.token?.trim();
  if (!token || token.length > 200) return undefined;
  const kind = params.kind ?? 'user';
  const found = await repo.findLiveSession(db, { tokenHash: hashToken(token), kind, extra: params.extra });
  if (!found) return undefined;
  const idleFor = Date.now() - found.session.lastSeenAt.getTime();
  if (idleFor > POLICY[kind].idleMs) return undefined;
  if (idleFor > TOUCH_EVERY_MS) await repo.touchSession(db, { sessionId: found.session.id });
  return { sessionId: found.session.id, user: found.user, extra: found.extra };
}

export async function revokeSession(db: Db, params: { sessionId: string }): Promise<void> {
  await repo.revokeSession(db, params);
}

/** Ends every session of a user (login rotation, account takeover of an anonymous row). */
export async function revokeUserSessions(db: Db, params: { userId: string }): Promise<void> {
  await repo.revokeUserSessions(db, params);
}
