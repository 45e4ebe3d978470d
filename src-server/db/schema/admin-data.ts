/**
 * Tables behind the data sections of the admin console (tickers, filings, notifications,
 * duplicates, insiders, theme). Who changed what is in the audit log; these hold the current state.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A long admin operation (ticker refresh, rescore, bulk retry) run by the job queue. The page
 * polls it for progress: `done` of `total` steps, `changed` what the operation changed.
 */
export const adminJobs = pgTable(
  'admin_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'tickers.refresh' | 'filings.rescore' | 'alerts.retry_dead' */
    kind: text('kind').notNull(),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    total: integer('total'),
    done: integer('done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_jobs_kind_idx').on(t.kind, t.id.desc())],
);

/**
 * A ticker->CIK mapping set by hand. It wins over SEC's file: a catalogue refresh applies these
 * again after loading, so a correction is not undone by the next download.
 */
export const tickerOverrides = pgTable('ticker_overrides', {
  ticker: text('ticker').primaryKey(),
  cik: integer('cik').notNull(),
  name: text('name').notNull(),
  note: text('note').notNull(),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-brand look stored by admins; core/brands.ts stays the default for anything not set. */
export const brandThemes = pgTable('brand_themes', {
  brand: text('brand').primaryKey(),
  brandName: text('brand_name').notNull(),
  tagline: text('tagline').notNull(),
  primaryColor: text('primary_color').notNull(),
  accentColor: text('accent_color').notNull(),
  logoText: text('logo_text').notNull(),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An admin's verdict on a suspected duplicate (kind + the key the finder gives it): 'not_duplicate'
 * hides it from the list; 'merged' records that it was merged.
 */
export const duplicateDecisions = pgTable(
  'duplicate_decisions',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    decision: text('decision').notNull(),
    note: text('note'),
    decidedBy: uuid('decided_by').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * An insider profile corrected by hand: the display name the public insider page shows, and for
 * a merged profile the CIK it now belongs to (the filings stay as filed).
 */
export const insiderProfileEdits = pgTable(
  'insider_profile_edits',
  {
    ownerCik: integer('owner_cik').primaryKey(),
    displayName: text('display_name'),
    mergedIntoCik: integer('merged_into_cik'),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insider_profile_edits_merged_idx').on(t.mergedIntoCik).where(sql`${t.mergedIntoCik} is not null`)],
);
