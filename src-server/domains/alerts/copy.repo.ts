/** SQL of edited message copy: the versions of each template and the one each sends. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageTemplateActive, messageTemplateVersions } from '../../db/schema/message-templates';
import { users } from '../../db/schema/users';

export interface CopyVersion {
  id: number;
  templateId: string;
  version: number;
  fields: Record<string, string>;
  createdByEmail: string | null;
  reason: string | null;
  createdAt: Date;
}

/** The active edited copy of every template that has one (templates absent send the code default). */
export async function activeCopies(db: Db): Promise<Map<string, Record<string, string>>> {
  const rows = await db
    .select({ templateId: messageTemplateActive.templateId, fields: messageTemplateVersions.fields })
    .from(messageTemplateActive)
    .innerJoin(messageTemplateVersions, eq(messageTemplateVersions.id, messageTemplateActive.versionId));
  return new Map(rows.map((r) => [r.templateId, r.fields]));
}

/** The active version id of a template (null: the code default). */
export async function activeVersionId(db: Db, templateId: string): Promise<number | null> {
  const [row] = await db
    .select({ versionId: messageTemplateActive.versionId })
    .from(messageTemplateActive)
    .where(eq(messageTemplateActive.templateId, templateId));
  return row?.versionId ?? null;
}

export async function listVersions(db: Db, templateId: string, limit = 50): Promise<CopyVersion[]> {
  return db
    .select({
      id: messageTemplateVersions.id,
      templateId: messageTemplateVersions.templateId,
      version: messageTemplateVersions.version,
      fields: messageTemplateVersions.fields,
      createdByEmail: users.email,
      reason: messageTemplateVersions.reason,
      createdAt: messageTemplateVersions.createdAt,
    })
    .from(messageTemplateVersions)
    .leftJoin(users, eq(users.id, messageTemplateVersions.createdBy))
    .where(eq(messageTemplateVersions.templateId, templateId))
    .orderBy(desc(messageTemplateVersions.version))
    .limit(limit);
}

export async function versionById(
  db: Db,
  templateId: string,
  id: number,
): Promise<{ id: number; version: number; fields: Record<string, string> } | null> {
  const [row] = await db
    .select({
      id: messageTemplateVersions.id,
      version: messageTemplateVersions.version,
      fields: messageTemplateVersions.fields,
    })
    .from(messageTemplateVersions)
    .where(and(eq(messageTemplateVersions.templateId, templateId), eq(messageTemplateVersions.id, id)));
  return row ?? null;
}

/** Stores the next version of a template; call inside the save's transaction. */
export async function insertVersion(
  db: Db,
  v: { templateId: string; fields: Record<string, string>; createdBy: string; reason: string | null },
): Promise<{ id: number; version: number }> {
  // Two admins saving at once would pick the same next number; the lock orders them.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`message_template:${v.templateId}`}))`);
  const [row] = await db
    .insert(messageTemplateVersions)
    .values({
      templateId: v.templateId,
      version: sql`(select coalesce(max(version), 0) + 1 from message_template_versions where template_id = ${v.templateId})`,
      fields: v.fields,
      createdBy: v.createdBy,
      reason: v.reason,
    })
    .returning({ id: messageTemplateVersions.id, version: messageTemplateVersions.version });
  return row!;
}

/** Makes `versionId` the copy a template sends (null: the code default). */
export async function setActive(db: Db, templateId: string, versionId: number | null): Promise<void> {
  await db
    .insert(messageTemplateActive)
    .values({ templateId, versionId })
    .onConflictDoUpdate({ target: messageTemplateActive.templateId, set: { versionId, updatedAt: sql`now()` } });
}
