import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { filings } from './filings';
import { users } from './users';

/**
 * Delivery state shared by alerts and digests. A row moves queued -> sending -> sent (or dead /
 * cancelled). `claimedBy` is the delivering process's id, held as a session advisory lock while
 * it lives: a queued row claimed by a live process is its batch, a sending row of a process that
 * died is reconciled with the provider before anything is sent again.
 */
const deliveryState = () => ({
  /** 'queued' | 'sending' | 'sent' | 'dead' | 'cancelled' */
  status: text('status').notNull().default('queued'),
  attempts: smallint('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedBy: bigint('claimed_by', { mode: 'number' }),
  /** When the current (or last) send began. */
  sendingAt: timestamp('sending_at', { withTimezone: true }),
  /** Message-ID (email) or SID (SMS) the provider accepted. */
  providerMessageId: text('provider_message_id'),
  lastError: text('last_error'),
  /** SMTP reply code / Twilio error code, or our reason for cancelling. */
  errorCode: text('error_code'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per (user, filing, channel): 'email' and 'sms' are real-time (PRO), 'digest' rows wait
 * for the user's daily digest email (free verified users). created_at is the queueing instant;
 * the filing's detected_at/stored_at and filing_pushes.pushed_at complete the latency chain.
 * No foreign keys: one filing can fan out to 100,000 rows in one statement, and per-row FK
 * checks were 40% of that. The rows are only ever inserted from a join with users and filings,
 * and statement-level delete triggers on both (migration 0011) remove them like a cascade.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    filingId: bigint('filing_id', { mode: 'number' }).notNull(),
    channel: text('channel').notNull(),
    ...deliveryState(),
    /** digest and brief rows: the digest/brief email that carried them. */
    digestId: bigint('digest_id', { mode: 'number' }),
    /** The routing rule that chose this channel (core/routing.ts ROUTES). */
    route: text('route'),
    /** Sent inside another alert's message (a burst of one company's filings): that alert's id. */
    burstLeadId: bigint('burst_lead_id', { mode: 'number' }),
    /**
     * Delivered (decision 208): SMS, when Twilio's signed status callback said 'delivered' (the
     * carrier's receipt) reached us; email, when the SMTP server answered 250 to the message
     * (server acceptance, not inbox arrival). Null until then, and for failed/undelivered texts.
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The provider's latest word: 'accepted' (SMTP 250), or Twilio's MessageStatus (sent, delivered, undelivered, failed, read). */
    providerStatus: text('provider_status'),
    /** When that word reached us. */
    providerStatusAt: timestamp('provider_status_at', { withTimezone: true }),
    /** The SMTP server's 250 reply (with its queue id), or Twilio's ErrorCode of a failed/undelivered text. */
    providerResponse: text('provider_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Filing first: one filing's rows all land at the right edge of the index (filing ids only
    // grow, and matching inserts them in user order), so a 100,000-row fan-out appends to a few
    // hot pages instead of touching a random leaf of an index as large as the whole table.
    uniqueIndex('alerts_filing_user_channel_uq').on(t.filingId, t.userId, t.channel),
    // Deleting a user (the delete trigger) and unsubscribing find a user's rows here.
    index('alerts_user_idx').on(t.userId),
    index('alerts_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending') and ${t.channel} <> 'digest'`),
    index('alerts_digest_pending_idx').on(t.userId).where(sql`${t.status} = 'queued' and ${t.channel} = 'digest'`),
    index('alerts_dead_idx').on(t.updatedAt.desc()).where(sql`${t.status} = 'dead'`),
    index('alerts_sent_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
    // A Twilio status callback names the burst's lead: its burst rows are found here.
    index('alerts_burst_lead_idx').on(t.burstLeadId).where(sql`${t.burstLeadId} is not null`),
  ],
);

/** Filings whose watchers were matched (once per filing; the sweep finds the ones missed). */
export const alertMatches = pgTable('alert_matches', {
  filingId: bigint('filing_id', { mode: 'number' })
    .primaryKey()
    .references(() => filings.id, { onDelete: 'cascade' }),
  matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One daily digest email per user per local date, and one pre-market brief per trading morning. */
export const alertDigests = pgTable(
  'alert_digests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'digest' | 'brief' */
    kind: text('kind').notNull().default('digest'),
    /** The user's local date (their time zone) the digest belongs to; a brief's New York trading morning. */
    localDate: date('local_date').notNull(),
    ...deliveryState(),
    alertCount: integer('alert_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_digests_user_kind_date_uq').on(t.userId, t.kind, t.localDate),
    index('alert_digests_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

/** Live dashboard pushes: one row per filing per app instance that had subscribers for it. */
export const filingPushes = pgTable(
  'filing_pushes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    filingId: bigint('filing_id', { mode: 'number' })
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    subscribers: integer('subscribers').notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('filing_pushes_filing_idx').on(t.filingId), index('filing_pushes_pushed_idx').on(t.pushedAt)],
);

/** Server-side HMAC keys (unsubscribe links), created on first use and shared by every instance. */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AlertRow = typeof alerts.$inferSelect;
