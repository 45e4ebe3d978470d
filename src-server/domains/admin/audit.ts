import { adminAudit } from '../../db/schema';
import type { Db } from '../../db/client';

/** One change made from the admin console, as `admin_audit` keeps it. */
export interface AuditEntry {
  adminUserId: string;
  /** `<section>.<verb>`, e.g. `users.setLimitOverride`. */
  action: string;
  target: { type: string; id: string | number | null };
  /** The target's state before and after, JSON-safe (omit secrets: token hashes, card data). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
}

export type AuditRow = typeof adminAudit.$inferSelect;

/**
 * Writes the audit row. Call it with the transaction that makes the change (the admin
 * procedure helper does), so a change without its row, or a row without its change, cannot
 * happen. The table refuses UPDATE and DELETE: a row is final once written.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<AuditRow> {
  const [row] = await db
    .insert(adminAudit)
    .values({
      adminUserId: entry.adminUserId,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id === null ? null : String(entry.target.id),
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
      ip: entry.ip ?? null,
    })
    .returning();
  return row!;
}
