/** SQL of outbound webhooks (webhooks); the rules are in webhooks.service.ts. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhooks, type WebhookRow } from '../../db/schema';
import { FILING_FIELDS, type FilingFields } from '../alerts/delivery.repo';

export async function insertHook(
  db: Db,
  values: { userId: string; url: string; format: string; secret: string; minRank: number | null },
): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

export async function countHooks(db: Db, params: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(eq(webhooks.userId, params.userId));
  return row?.n ?? 0;
}

export async function listHooks(db: Db, params: { userId: string }): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.userId, params.userId)).orderBy(asc(webhooks.createdAt));
}

/** One of the user's own hooks (another user's id finds nothing). */
export async function findHook(db: Db, params: { userId: string; id: string }): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, params.id), eq(webhooks.userId, params.userId)));
  return row;
}

export async function deleteHook(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, params.id), eq(webhooks.userId, params.userId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** A 2xx: the failure count starts again; `reenable` (a successful test) turns a disabled hook back on. */
export async function recordSuccess(db: Db, params: { id: string; reenable: boolean }): Promise<void> {
  await db
    .update(webhooks)
    .set({
      consecutiveFailures: 0,
      lastSuccessAt: sql`now()`,
      ...(params.reenable ? { disabledAt: null, disabledReason: null } : {}),
    })
    .where(eq(webhooks.id, params.id));
}

/**
 * Counts a failed delivery and disables the hook when it reaches `disableAfter` failures in a
 * row; `disabledNow` is true for the one call that disabled it (so one email goes out).
 */
export async function recordFailure(
  db: Db,
  params: { id: string; error: string; disableAfter: number },
): Promise<{ failures: number; disabledNow: boolean } | undefined> {
  const [row] = await db.execute<{ failures: number; disabled_now: boolean }>(sql`
    update webhooks set consecutive_failures = consecutive_failures + 1, last_failure_at = now(),
      last_error = ${params.error},
      disabled_at = case when disabled_at is null and consecutive_failures + 1 >= ${params.disableAfter} then now() else disabled_at end,
      disabled_reason = case when disabled_at is null and consecutive_failures + 1 >= ${params.disableAfter}
        then 'failures' else disabled_reason end
    where id = ${params.id}
    returning consecutive_failures as failures,
      (disabled_at is not null and disabled_reason = 'failures' and consecutive_failures = ${params.disableAfter}) as disabled_now`);
  return row ? { failures: row.failures, disabledNow: row.disabled_now } : undefined;
}

/** A hook for delivery by its id, only while enabled. */
export async function findEnabledHook(db: Db, params: { id: string }): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, params.id), isNull(webhooks.disabledAt)));
  return row;
}

/** The newest stored filing with the columns an alert's message reads (a test event's sample). */
export async function newestFiling(db: Db): Promise<FilingFields | undefined> {
  const [row] = await db.execute<FilingFields>(sql`select ${FILING_FIELDS} from filings f order by f.id desc limit 1`);
  return row;
}
