/**
 * Personal API tokens (issue #31, decision 310): a script's credential, presented as
 * `Authorization: Bearer fa_pat_...` on /api paths beside X-Session. Shown once at creation,
 * stored as a SHA-256 digest, scoped read (GET/HEAD only) or write, optionally expiring,
 * revocable at once (every request looks the token up), never valid for admin paths.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '#shared/app-error';
import { API_TOKEN_PREFIX, MAX_API_TOKENS, type ApiTokenScope } from '#shared/integrations';
import type { Db } from '../../db/client';
import type { ApiTokenRow } from '../../db/schema';
import { lockUser } from './account.repo';
import * as repo from './api-tokens.repo';
import type { AuthedSession } from './session.service';
import { hashToken } from './tokens';

/** last_used_at is written at most this often, so a script's reads do not each become a write. */
const TOUCH_EVERY_MS = 60 * 1000;
/** Characters of the token kept in clear to tell tokens apart in the list. */
const SHOWN_PREFIX = API_TOKEN_PREFIX.length + 4;

export interface ApiTokenDto {
  id: string;
  name: string;
  scope: ApiTokenScope;
  /** The first characters of the token, e.g. `fa_pat_Xy3k`. */
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(row: ApiTokenRow): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

/** True for a bearer credential shaped like a personal API token (never an admin session). */
export function isApiToken(value: string | undefined | null): value is string {
  return typeof value === 'string' && value.startsWith(API_TOKEN_PREFIX);
}

export async function createApiToken(
  db: Db,
  params: { userId: string; name: string; scope: ApiTokenScope; expiresAt?: string | null },
): Promise<{ id: string; token: string; apiToken: ApiTokenDto }> {
  const expiresAt = params.expiresAt ? new Date(params.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError('BAD_REQUEST', 'expiresAt must be in the future.', { reason: 'expiry_in_past' });
  }
  return db.transaction(async (tx) => {
    // The owner's row locked first: requests sent together count one after the other, so they
    // cannot each see room under the limit and all insert (the webhooks' limit does the same).
    await lockUser(tx, { userId: params.userId });
    if ((await repo.countLive(tx, { userId: params.userId })) >= MAX_API_TOKENS) {
      throw new AppError('CONFLICT', `You already have ${MAX_API_TOKENS} tokens. Revoke one you no longer use first.`, {
        reason: 'too_many_tokens',
      });
    }
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await repo.insertToken(tx, {
      userId: params.userId,
      name: params.name,
      scope: params.scope,
      tokenHash: hashToken(token),
      prefix: token.slice(0, SHOWN_PREFIX),
      expiresAt,
    });
    return { id: row.id, token, apiToken: toDto(row) };
  });
}

export async function listApiTokens(db: Db, params: { userId: string }): Promise<{ tokens: ApiTokenDto[] }> {
  return { tokens: (await repo.listTokens(db, params)).map(toDto) };
}

/** Revokes the caller's own token; another user's id is the same 404 as an unknown one. */
export async function revokeApiToken(db: Db, params: { userId: string; id: string }): Promise<{ ok: true }> {
  if (!(await repo.revokeToken(db, params))) {
    throw new AppError('NOT_FOUND', 'No such token.', { reason: 'token_not_found' });
  }
  return { ok: true };
}

/** A session-shaped view of a live token: its id stands where a session id would. */
export type ApiTokenSession = AuthedSession & { apiToken: { id: string; scope: ApiTokenScope } };

/** The live token behind a presented value, or undefined (unknown, revoked, expired, malformed). */
export async function resolveApiToken(
  db: Db,
  params: { token: string; ip: string | null },
): Promise<ApiTokenSession | undefined> {
  if (!isApiToken(params.token) || params.token.length > 200) return undefined;
  const found = await repo.findLiveToken(db, { tokenHash: hashToken(params.token) });
  if (!found) return undefined;
  const last = found.token.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - last > TOUCH_EVERY_MS) await repo.touchToken(db, { id: found.token.id, ip: params.ip });
  return {
    sessionId: found.token.id,
    user: found.user,
    apiToken: { id: found.token.id, scope: found.token.scope as ApiTokenScope },
  };
}
