import type { Db } from '../../db/client';
import { AppError } from '#shared/app-error';
import { hasActiveProPlan, hasBillingIssue, hasCompPro, isPro, type PlanFacts } from '#shared/plans';
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
  admin: { idleMs: 30 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 },
};
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface AuthedSession {
  sessionId: string;
  user: repo.UserRow;
  /** Set when the caller presented a personal API token (REST only): its id and scope. */
  apiToken?: { id: string; scope: 'read' | 'write' };
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
  /** Stripe is retrying a failed renewal: PRO stays for now; the app asks for a working card. */
  billingIssue: boolean;
}

export function isVerified(
  user: Pick<repo.UserRow, 'emailVerifiedAt' | 'phoneVerifiedAt' | 'email' | 'phone'>,
): boolean {
  return Boolean((user.email && user.emailVerifiedAt) || (user.phone && user.phoneVerifiedAt));
}

/** The PRO gate shared by proProcedure and the REST routes that mirror PRO procedures. */
export function assertPro(user: PlanFacts): void {
  if (!isPro(user))
    throw new AppError('FORBIDDEN', 'This feature needs a PRO subscription.', { reason: 'pro_required' });
}

export function toUserDto(user: repo.SessionUserRow): UserDto {
  // An admin's comp shows as the PRO plan it grants (clients read PRO from planType/planStatus).
  const comped = hasCompPro(user) && !hasActiveProPlan(user);
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    verified: isVerified(user),
    isAdmin: user.isAdmin,
    planType: comped ? 'pro' : user.planType,
    planStatus: comped ? 'active' : user.planStatus,
    isPro: isPro(user),
    billingIssue: hasBillingIssue(user),
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

/** Undoes createAnonymousSession for a write that was refused (never a user with a contact or a plan). */
export async function deleteAnonymousUser(db: Db, params: { userId: string }): Promise<void> {
  await repo.deleteAnonymousUser(db, params);
}

/** Two statements at a time keep the database busy while the other batch's answer is handled. */
const MAX_BATCHES_IN_FLIGHT = 2;
/** Sessions per batched statement. */
const MAX_BATCH = 256;

type ResolvedSession<U> = { sessionId: string; user: U; extra: string | null };

/** The service's rules on a found session: idle expiry, and the occasional lastSeenAt write. */
async function liveOrUndefined<U>(
  db: Db,
  found: { session: Pick<repo.SessionRow, 'id' | 'lastSeenAt'>; user: U } | undefined,
  kind: SessionKind,
): Promise<{ sessionId: string; user: U } | undefined> {
  if (!found) return undefined;
  const idleFor = Date.now() - found.session.lastSeenAt.getTime();
  if (idleFor > POLICY[kind].idleMs) return undefined;
  if (idleFor > TOUCH_EVERY_MS) await repo.touchSession(db, { sessionId: found.session.id });
  return { sessionId: found.session.id, user: found.user };
}

const usableToken = (token: string | null | undefined) => {
  const trimmed = token?.trim();
  return trimmed && trimmed.length <= 200 ? trimmed : undefined;
};

/**
 * Resolves a presented token; undefined when unknown, revoked, idle too long or expired. Never
 * cached: a revoked session is refused on the next request.
 */
export async function resolveSession(
  db: Db,
  params: { token: string | null | undefined; kind?: SessionKind },
): Promise<AuthedSession | undefined> {
  const token = usableToken(params.token);
  if (!token) return undefined;
  const kind = params.kind ?? 'user';
  return liveOrUndefined(db, await repo.findLiveSession(db, { tokenHash: hashToken(token), kind }), kind);
}

/**
 * resolveSession for a hot read path: the user sessions asked for while one lookup is in flight
 * are looked up together in the next statement, so N concurrent requests cost one round trip
 * instead of N. Each request's statement still starts after the request arrived: nothing is
 * reused between requests, and a revoked session is refused at once.
 */
export function sessionBatcher(
  db: Db,
  extra?: repo.SessionExtra,
): (token: string | null | undefined) => Promise<ResolvedSession<repo.SessionUserRow> | undefined> {
  type Found = Awaited<ReturnType<typeof repo.findLiveSessions>>[number] | undefined;
  const waiting = new Map<string, { resolve: (found: Found) => void; reject: (error: unknown) => void }[]>();
  let inFlight = 0;
  let scheduled = false;

  const flush = async () => {
    scheduled = false;
    if (inFlight >= MAX_BATCHES_IN_FLIGHT || waiting.size === 0) return;
    const batch = new Map([...waiting].slice(0, MAX_BATCH));
    for (const hash of batch.keys()) waiting.delete(hash);
    inFlight += 1;
    if (waiting.size > 0) schedule();
    try {
      const rows = await repo.findLiveSessions(db, { tokenHashes: [...batch.keys()], kind: 'user', extra });
      const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
      for (const [hash, callers] of batch) for (const caller of callers) caller.resolve(byHash.get(hash));
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    } finally {
      inFlight -= 1;
      if (waiting.size > 0) schedule();
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  return async (presented) => {
    const token = usableToken(presented);
    if (!token) return undefined;
    const hash = hashToken(token);
    const found = await new Promise<Found>((resolve, reject) => {
      const callers = waiting.get(hash) ?? [];
      callers.push({ resolve, reject });
      waiting.set(hash, callers);
      if (inFlight < MAX_BATCHES_IN_FLIGHT) schedule();
    });
    const live = await liveOrUndefined(db, found, 'user');
    return live && { ...live, extra: found!.extra };
  };
}

export async function revokeSession(db: Db, params: { sessionId: string }): Promise<void> {
  await repo.revokeSession(db, params);
}

/** Ends every session of a user (login rotation, account takeover of an anonymous row). */
export async function revokeUserSessions(db: Db, params: { userId: string; kind?: 'user' | 'admin' }): Promise<void> {
  await repo.revokeUserSessions(db, params);
}
