import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CursorKey } from './keyset';

export type UserListRow = {
  id: string;
  email: string | null;
  phone: string | null;
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  is_admin: boolean;
  plan_type: string;
  plan_status: string;
  comp_pro_until: Date | null;
  alerts_paused_at: Date | null;
  brand: string;
  created_at: Date;
  last_login_at: Date | null;
  tickers: number;
};

/**
 * Accounts newest first (keyset on created_at, id). `q` finds by id (a UUID), phone (digits),
 * email (part of it) or a watched ticker (upper-case symbol); anonymous visitors are left out
 * unless the search names them by id.
 */
export async function searchUsers(
  db: Db,
  params: { q: string | null; after: CursorKey | null; limit: number },
): Promise<UserListRow[]> {
  const q = params.q?.trim() || null;
  const isUuid = q !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q);
  const digits = q?.replace(/[^\d]/g, '') ?? '';
  const match = !q
    ? sql`(u.email_verified_at is not null or u.phone_verified_at is not null or u.is_admin)`
    : isUuid
      ? sql`u.id = ${q}::uuid`
      : sql`(
          u.email ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
          ${digits.length >= 4 ? sql`or u.phone like ${`%${digits}%`}` : sql``}
          or exists (select 1 from watchlist_items w where w.user_id = u.id and w.ticker = ${q.toUpperCase()})
        )`;
  const after = params.after
    ? sql`and (u.created_at, u.id) < (${params.after[0]}::timestamptz, ${params.after[1]}::uuid)`
    : sql``;
  return db.execute<UserListRow>(sql`
    select u.id, u.email, u.phone, u.email_verified_at, u.phone_verified_at, u.is_admin, u.plan_type, u.plan_status,
      u.comp_pro_until, u.alerts_paused_at, u.brand, u.created_at, u.last_login_at,
      (select count(*)::int from watchlist_items w where w.user_id = u.id) as tickers
    from users u
    where ${match} ${after}
    order by u.created_at desc, u.id desc
    limit ${params.limit + 1}`);
}

export async function userSessions(db: Db, params: { userId: string }) {
  return db.execute<{
    id: string;
    kind: string;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    ip: string | null;
    user_agent: string | null;
  }>(sql`
    select id, kind, created_at, last_seen_at, expires_at, revoked_at, ip, user_agent from sessions
    where user_id = ${params.userId} order by (revoked_at is null and expires_at > now()) desc, last_seen_at desc limit 50`);
}

export async function userWatchlist(db: Db, params: { userId: string }) {
  return db.execute<{ ticker: string; forms: string[]; paused_at: Date | null; created_at: Date }>(sql`
    select ticker, forms, paused_at, created_at from watchlist_items where user_id = ${params.userId} order by created_at, id`);
}

/** The user's newest alerts with their delivery receipt (provider id, error, times). */
export async function userAlerts(db: Db, params: { userId: string; limit: number }) {
  return db.execute<{
    id: number;
    channel: string;
    route: string | null;
    status: string;
    attempts: number;
    provider_message_id: string | null;
    last_error: string | null;
    error_code: string | null;
    created_at: Date;
    sent_at: Date | null;
    filing_id: number;
    accession_no: string | null;
    ticker: string | null;
    form: string | null;
    importance: string | null;
  }>(sql`
    select a.id::float8 as id, a.channel, a.route, a.status, a.attempts, a.provider_message_id, a.last_error, a.error_code,
      a.created_at, a.sent_at, a.filing_id::float8 as filing_id, f.accession_no, f.ticker, f.form_type as form, f.importance
    from alerts a left join filings f on f.id = a.filing_id
    where a.user_id = ${params.userId}
    order by a.id desc limit ${params.limit}`);
}

export async function smsOptedOut(db: Db, params: { phone: string | null }): Promise<boolean> {
  if (!params.phone) return false;
  const rows = await db.execute(sql`select 1 from sms_opt_outs where phone = ${params.phone}`);
  return rows.length > 0;
}

/** Ends the user's live sessions (all, or one); returns how many. */
export async function revokeSessions(db: Db, params: { userId: string; sessionId: string | null }): Promise<number> {
  const rows = await db.execute(sql`
    update sessions set revoked_at = now()
    where user_id = ${params.userId} and revoked_at is null ${params.sessionId ? sql`and id = ${params.sessionId}::uuid` : sql``}
    returning id`);
  return rows.length;
}
