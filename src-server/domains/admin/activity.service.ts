import type { Db } from '../../db/client';
import * as repo from './activity.repo';
import { decodeCursor, pageOf, type Page } from './keyset';

export interface AuditItem {
  id: number;
  adminUserId: string;
  adminEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  createdAt: string;
}

/** The audit log, newest first, filtered on the server, one keyset page at a time. */
export async function auditLog(db: Db, params: { filter: repo.AuditFilter; limit: number; cursor?: string | null }): Promise<Page<AuditItem>> {
  const rows = await repo.listAudit(db, { filter: params.filter, after: decodeCursor(params.cursor, 2), limit: params.limit });
  const page = pageOf(rows, params.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return { ...page, items: page.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
