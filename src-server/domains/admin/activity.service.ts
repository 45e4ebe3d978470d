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

export interface SecurityItem {
  id: number;
  kind: string;
  userId: string | null;
  subject: string | null;
  detail: unknown;
  ip: string | null;
  createdAt: string;
}

/** The audit log, newest first, filtered on the server, one keyset page at a time. */
export async function auditLog(
  db: Db,
  params: { filter: repo.AuditFilter; limit: number; cursor?: string | null },
): Promise<Page<AuditItem>> {
  const rows = await repo.listAudit(db, {
    filter: params.filter,
    after: decodeCursor(params.cursor, 2),
    limit: params.limit,
  });
  const page = pageOf(rows, params.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return { ...page, items: page.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** Sign-ins, failed codes, rate-limit trips, webhook signature failures; newest first. */
export async function securityLog(
  db: Db,
  params: { filter: repo.SecurityFilter; limit: number; cursor?: string | null },
): Promise<Page<SecurityItem>> {
  const rows = await repo.listSecurityEvents(db, {
    filter: params.filter,
    after: decodeCursor(params.cursor, 2),
    limit: params.limit,
  });
  const page = pageOf(rows, params.limit, (r) => [r.createdAt.toISOString(), r.id]);
  return {
    ...page,
    items: page.items.map((r) => ({
      id: r.id,
      kind: r.kind,
      userId: r.userId,
      subject: r.subject,
      detail: r.detail,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Rows one CSV export holds at most (newest first); narrow the filters for older ones. */
export const CSV_MAX_ROWS = 10_000;

/**
 * RFC 4180 field; text a spreadsheet could run as a formula gets a leading ': one that starts
 * with = + - @, a tab or a return, also after spaces or in full-width form (＝SUM(...) is a
 * formula to Excel and LibreOffice alike), judged on the NFKC form.
 */
export function csvField(value: unknown): string {
  if (value == null) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^(?:[\t\r]|\s*[=+\-@])/.test(text.normalize('NFKC'))) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  return `${[columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c])).join(','))].join('\r\n')}\r\n`;
}

/** The filtered log as CSV (up to CSV_MAX_ROWS, newest first). */
export async function exportCsv(
  db: Db,
  params: { log: 'audit' | 'security'; audit: repo.AuditFilter; security: repo.SecurityFilter },
): Promise<{ filename: string; rows: number; csv: string }> {
  const day = new Date().toISOString().slice(0, 10);
  if (params.log === 'audit') {
    const { items } = await auditLog(db, { filter: params.audit, limit: CSV_MAX_ROWS });
    const columns = [
      'createdAt',
      'adminEmail',
      'adminUserId',
      'action',
      'targetType',
      'targetId',
      'reason',
      'ip',
      'before',
      'after',
    ];
    return {
      filename: `admin-audit-${day}.csv`,
      rows: items.length,
      csv: toCsv(columns, items as unknown as Record<string, unknown>[]),
    };
  }
  const { items } = await securityLog(db, { filter: params.security, limit: CSV_MAX_ROWS });
  const columns = ['createdAt', 'kind', 'subject', 'userId', 'ip', 'detail'];
  return {
    filename: `security-events-${day}.csv`,
    rows: items.length,
    csv: toCsv(columns, items as unknown as Record<string, unknown>[]),
  };
}
