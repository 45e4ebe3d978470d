/**
 * The /api answers as zod schemas, for the OpenAPI document (and its contract test, which checks
 * real answers against the document). Objects list the fields clients use; nested filing and
 * insider rows stay open (`looseObject`) where they carry many display fields.
 */
import { z } from 'zod';
import { IMPORTANCE_LEVELS } from '#shared/importance';

const nullableNumber = z.number().nullable();
const isoTime = z.string().describe('ISO 8601 time');

export const errorResponse = z
  .looseObject({ error: z.string().describe('machine-readable reason'), message: z.string().describe('for people') })
  .describe('Every non-2xx answer');

export const userDto = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  verified: z.boolean(),
  isAdmin: z.boolean(),
  planType: z.string(),
  planStatus: z.string(),
  isPro: z.boolean(),
  billingIssue: z.boolean(),
});

export const profile = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  smsOptedOut: z.boolean(),
  brand: z.string(),
  timeZone: z.string(),
  notifications: z.object({
    channels: z.array(z.enum(['email', 'sms'])),
    digest: z.boolean(),
    digestHour: z.number().int(),
    quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  }),
  alertThresholds: z.object({ email: z.enum(IMPORTANCE_LEVELS), sms: z.enum(IMPORTANCE_LEVELS) }),
  routing: z.object({
    digestBelowThreshold: z.boolean().describe('filings below the email threshold go to the daily digest'),
    briefEnabled: z.boolean().describe('overnight filings (close to 09:30 ET) wait for one pre-market brief'),
    briefTime: z.string().describe('HH:MM, New York time'),
  }),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
  planType: z.string(),
  planStatus: z.string(),
  isPro: z.boolean(),
  billingStatus: z.string().describe("Stripe's subscription status, 'none' without one"),
  billingIssue: z.boolean().describe('a renewal failed and Stripe is retrying: PRO stays, the card needs fixing'),
  planPeriodEnd: isoTime.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  planCancelAt: isoTime.nullable().describe('PRO ends then (cancel at period end); Resume undoes it'),
  addonPacks: z.number().int(),
  pendingAddonPacks: z.number().int().nullable(),
  tickerLimit: z.number().int(),
});

export const userAndProfile = z.object({ user: userDto, profile });
export const signedIn = z.object({
  session: z.string(),
  user: userDto,
  merged: z.number().int(),
  rejected: z.number().int(),
});
export const loginSent = z.object({ method: z.enum(['email', 'sms']) });
export const logoutResult = z.object({ ok: z.literal(true), revoked: z.boolean() });
export const deleted = z.object({ deleted: z.literal(true) });
export const canceled = z.object({ canceled: z.literal(true), user: userDto });
export const adminSession = z.object({
  token: z.string().describe('the admin bearer credential'),
  expiresAt: isoTime,
  user: userDto,
});
export const ok = z.object({ ok: z.literal(true) });

const verificationState = z.enum(['verified', 'sent']).nullable();
export const contactsResult = z.object({
  user: userDto,
  verification: z.object({ email: verificationState, sms: verificationState }),
});

export const subscribeResult = z.object({
  tickers: z.array(z.string()),
  added: z.array(z.string()),
  updated: z.array(z.string()),
  skipped: z.array(z.string()).describe('entries as typed that are not tickers we know'),
  session: z.string().nullable().describe('the new anonymous session when this call created one'),
});
export const unsubscribeResult = z.object({ ticker: z.string(), removed: z.literal(true) });

export const tickerSearch = z.array(z.object({ ticker: z.string(), name: z.string() }));

const quoteFields = {
  current_price: nullableNumber,
  change_percent: nullableNumber,
  market_cap: nullableNumber,
  pe_ratio: nullableNumber,
  eps: nullableNumber,
  dividend_yield: nullableNumber,
  volume: nullableNumber,
  avg_volume: nullableNumber,
  week_52_low: nullableNumber,
  week_52_high: nullableNumber,
};

export const filingDto = z.looseObject({
  id: z.number().int(),
  accession_no: z.string(),
  form: z.string(),
  form_type: z.string(),
  importance: z.string(),
  reasons: z.array(z.string()),
  one_liner: z.string(),
  summary_text: z.string().nullable(),
  filed_at: isoTime.describe('the filed instant; only the period end, which orders lists, when filed_date_unknown'),
  filed_date_unknown: z
    .boolean()
    .describe('no filing date is recorded (a bare report without SEC header): do not show filed_at as one'),
  updated_at: isoTime,
  link: z.string().nullable(),
});

export const watchlistResponse = z.object({
  watchlist: z.array(
    z.looseObject({
      id: z.number().int(),
      ticker: z.string(),
      cik: z.number().int().nullable(),
      company_name: z.string().nullable(),
      sector: z.string().nullable(),
      industry: z.string().nullable(),
      forms: z.string().describe("followed forms, comma-separated ('8-K,4')"),
      notes: z.string().nullable(),
      quote_updated_at: isoTime.nullable(),
      ...quoteFields,
    }),
  ),
  tickerLimit: z.number().int(),
  contact: z.object({ ticker_limit: z.number().int() }),
  user: userDto.nullable(),
});

const company = z.object({
  ticker: z.string(),
  name: z.string(),
  cik: z.number().int(),
  exchange: z.string().nullable(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  sic: z.string().nullable(),
  listed: z.boolean(),
  tickers: z.array(z.string()),
  edgar_url: z.string(),
});
const quoteLine = z
  .object({ kind: z.enum(['live', 'history']), as_of: z.string().nullable(), ...quoteFields })
  .nullable();
const tickerFiling = filingDto.extend({
  is_new: z.boolean(),
  items: z.array(z.object({ number: z.string(), title: z.string() })),
  owners: z.array(z.looseObject({ name: z.string(), href: z.string() })),
  transactions: z.array(z.looseObject({})),
  analysis: z.looseObject({ state: z.enum(['ready', 'none', 'locked']) }),
});
export const filingsPage = z.object({ items: z.array(tickerFiling), next_cursor: z.string().nullable() });
export const tickerPage = z.object({
  company,
  quote: quoteLine,
  watchlist: z.object({ watching: z.boolean(), previous_seen_at: z.string().nullable() }),
  viewer: z.object({ pro: z.boolean(), signed_in: z.boolean(), ai_available: z.boolean() }),
  facets: z.object({
    total: z.number().int(),
    forms: z.array(z.object({ form: z.string(), count: z.number().int() })),
    importance: z.array(z.object({ level: z.enum(IMPORTANCE_LEVELS), count: z.number().int() })),
  }),
  filings: filingsPage,
  insider_activity: z
    .looseObject({
      window_days: z.number().int(),
      from: z.string(),
      to: z.string(),
      net_shares: z.number(),
      net_value: z.number(),
      trades: z.number().int(),
      insiders: z.number().int(),
      cluster_buying: z.looseObject({ from: z.string(), to: z.string(), insiders: z.array(z.string()) }).nullable(),
      cluster_selling: z.looseObject({ from: z.string(), to: z.string(), insiders: z.array(z.string()) }).nullable(),
    })
    .nullable()
    .describe('open-market insider trades over the 90 days to the latest one on record, one per real trade'),
});
export const publicTickerPage = z.object({
  company,
  quote: quoteLine,
  filings: z.array(tickerFiling),
  total_filings: z.number().int(),
});
export const tickerChart = z.object({
  ticker: z.string(),
  source: z.looseObject({}).nullable(),
  interval: z.enum(['daily', 'weekly']),
  points: z.array(z.tuple([z.string(), z.number()])).describe('[day, close], oldest first'),
  markers: z.array(
    z.object({
      id: z.number().int(),
      day: z.string(),
      filed_at: isoTime,
      filed_date_unknown: z.boolean(),
      importance: z.string(),
      form: z.string(),
      one_liner: z.string(),
    }),
  ),
  markers_omitted: z.number().int(),
  markers_outside: z.number().int(),
});
export const feedbackResult = z.object({ filing_id: z.number().int(), vote: z.enum(['up', 'down']).nullable() });

const insiderProfile = z.object({
  cik: z.number().int().nullable(),
  name: z.string(),
  filed_names: z.array(z.string()),
  companies: z.array(
    z.looseObject({
      issuer_cik: z.number().int().nullable(),
      ticker: z.string().nullable(),
      name: z.string().nullable(),
    }),
  ),
  transactions: z.array(
    z.looseObject({ filing_id: z.number().int(), accession_no: z.string(), form: z.string(), date: z.string() }),
  ),
  truncated: z.boolean(),
});
export const insiderLookup = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('profile'), profile: insiderProfile }),
  z.object({
    kind: z.literal('choices'),
    name: z.string(),
    choices: z.array(
      z.looseObject({
        cik: z.number().int().nullable(),
        name: z.string(),
        href: z.string(),
        filings: z.number().int(),
      }),
    ),
  }),
]);

export const health = z.object({ ok: z.boolean(), db: z.enum(['up', 'down']) });
export const readiness = z.object({
  ready: z.boolean(),
  checks: z.object({
    database: z.enum(['up', 'down']),
    migrations: z.enum(['applied', 'pending', 'unknown']),
    queue: z.enum(['running', 'stopped', 'elsewhere', 'missing', 'unknown']),
    stopping: z.boolean(),
  }),
});
