import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit, securityEvents } from '../../db/schema';
import type { CursorKey } from './keyset';

export interface AuditFilter {
  action?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  adminUserId?: string | null;
  from?: Date | null;
  to?: Date | null;
}

function auditWhere(filter: AuditFilter, after: CursorKey | null): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filter.action ? eq(adminAudit.action, filter.action) : undefined,
    filter.targetType ? eq(adminAudit.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(adminAudit.targetId, filter.targetId) : undefined,
    filter.adminUserId ? eq(adminAudit.adminUserId, filter.adminUserId) : undefined,
    filter.from ? gte(adminAudit.createdAt, filter.from) : undefined,
    filter.to ? lte(adminAudit.createdAt, filter.to) : undefined,
  ];
  if (after) {
    const [at, id] = after as [string, number];
    const afterAt = new Date(at);
    parts.push(
      or(lt(adminAudit.createdAt, afterAt), and(eq(adminAudit.createdAt, afterAt), lt(adminAudit.id, Number(id)))),
    );
  }
  return and(...parts.filter((p): p is SQL => Boolean(p)));
}

/** Audit rows newest first, `limit + 1` of them (keyset on created_at, id), with the admin's contact. */
export async function listAudit(db: Db, params: { filter: AuditFilter; after: CursorKey | null; limit: number }) {
  return db
    .select({
      id: adminAudit.id,
      adminUserId: adminAudit.adminUserId,
      adminEmail: sql<
        string | null
      >`(select coalesce(u.email, u.phone) from users u where u.id = ${adminAudit.adminUserId})`,
      action: adminAudit.action,
      targetType: adminAudit.targetType,
      targetId: adminAudit.targetId,
      before: adminAudit.before,
      after: adminAudit.after,
      reason: adminAudit.reason,
      ip: adminAudit.ip,
      createdAt: adminAudit.createdAt,
    })
    .from(adminAudit)
    .where(auditWhere(params.filter, params.after))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(params.limit + 1);
}

export interface SecurityFilter {
  kind?: string | null;
  subject?: string | null;
  ip?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/** Security events newest first, `limit + 1` of them (keyset on created_at, id). */
export async function listSecurityEvents(
  db: Db,
  params: { filter: SecurityFilter; after: CursorKey | null; limit: number },
) {
  const f = params.filter;
  const parts: (SQL | undefined)[] = [
    f.kind ? eq(securityEvents.kind, f.kind) : undefined,
    f.subject ? eq(securityEvents.subject, f.subject) : undefined,
    f.ip ? eq(securityEvents.ip, f.ip) : undefined,
    f.from ? gte(securityEvents.createdAt, f.from) : undefined,
    f.to ? lte(securityEvents.createdAt, f.to) : undefined,
  ];
  if (params.after) {
    const at = new Date(params.after[0] as string);
    parts.push(
      or(
        lt(securityEvents.createdAt, at),
        and(eq(securityEvents.createdAt, at), lt(securityEvents.id, Number(params.after[1]))),
      ),
    );
  }
  return db
    .select()
    .from(securityEvents)
    .where(and(...parts.filter((p): p is SQL => Boolean(p))))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(params.limit + 1);
}
