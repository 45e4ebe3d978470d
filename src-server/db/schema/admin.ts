import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every change made from the admin console, one row per change, written in the change's own
 * transaction. Append-only: a trigger (migration admin_audit_append_only) refuses UPDATE, DELETE
 * and TRUNCATE. No foreign keys on purpose: the rows outlive the admin and the user they name
 * (an ON DELETE action would be an UPDATE or DELETE the trigger refuses).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminUserId: uuid('admin_user_id').notNull(),
    /** `<section>.<verb>`, e.g. `users.setLimitOverride`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Required for destructive actions (the admin procedure helper refuses one without). */
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_target_idx').on(t.targetType, t.targetId, t.createdAt.desc()),
    index('admin_audit_admin_idx').on(t.adminUserId, t.createdAt.desc()),
  ],
);

/**
 * Security events for /admin/activity: sign-ins, failed codes, rate-limit trips, webhook
 * signature failures. Written by the code that sees them (domains/admin/security-events.ts), best
 * effort; contacts are stored masked. No foreign key: events outlive deleted accounts.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** sign_in | code_failed | rate_limited | webhook_signature_failed */
    kind: text('kind').notNull(),
    userId: uuid('user_id'),
    /** The masked email or phone, the limit's name, or the webhook's provider. */
    subject: text('subject'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('security_events_kind_idx').on(t.kind, t.createdAt.desc()),
  ],
);
