import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Edited message copy (/admin/message-templates): every save is a new version, never an update,
 * so a revert can bring any earlier text back. The defaults stay in code (core/message-copy.ts).
 */
export const messageTemplateVersions = pgTable(
  'message_template_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    templateId: text('template_id').notNull(),
    version: integer('version').notNull(),
    /** The template's fields by name ({ subject, intro } or { text }), variables as {{name}}. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('message_template_versions_version_uq').on(t.templateId, t.version),
    check('message_template_versions_version_ck', sql`${t.version} > 0`),
  ],
);

/** Which version each template sends; no row (or a null version) means the code default. */
export const messageTemplateActive = pgTable('message_template_active', {
  templateId: text('template_id').primaryKey(),
  versionId: bigint('version_id', { mode: 'number' }).references(() => messageTemplateVersions.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
