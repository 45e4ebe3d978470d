import { z } from 'zod';

/**
 * The one place that reads process.env. Every variable the app understands is declared here,
 * parsed once; a bad value stops start-up with a message naming the variable.
 */
const optionalUrl = z.url().optional();
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Public base URL used in emails and SMS links. Defaults to http://localhost:PORT. */
    PUBLIC_URL: optionalUrl,
    /** Postgres connection string. Unset: an embedded PostgreSQL is started under ./.data/postgres. */
    DATABASE_URL: optionalUrl,
    /** Where the embedded PostgreSQL keeps its data and which port it listens on. */
    EMBEDDED_PG_DIR: z.string().min(1).default('.data/postgres'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** 'pretty' (human-readable lines) or 'json'; unset: pretty in a terminal outside production, else JSON. */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /** Bearer token for GET /metrics (Prometheus); unset, the route does not exist. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Directory with the built SPA (vite build output). */
    WEB_DIST_DIR: z.string().min(1).default('dist/web'),
    /** host=brand pairs, comma separated, e.g. "8kalerts.com=8k,form4alerts.com=form4". */
    BRAND_HOSTS: z.string().default(''),
    /** Run background workers (ingest, alert delivery) inside the web process. */
    RUN_WORKERS: bool.default(true),
    /** Jobs one process runs at once (graphile-worker concurrency). */
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /**
     * Extra job slots only real-time alert sends may use (the send lane, jobs/runner.ts), so a send
     * never waits behind ingest jobs during a burst; 0 turns the lane off.
     */
    JOBS_SEND_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
    /**
     * The app's own PostgreSQL pool per process (queries of pages, the API, sweeps); the job queue's
     * pools (JOBS_CONCURRENCY + 2, JOBS_SEND_CONCURRENCY + 2) and the session connections come on
     * top. Sizing rule: docs/operations.md, "Connections".
     */
    DB_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
    /** A pool connection unused this long is closed (0 keeps them open). */
    DB_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /** Live streams open at once per websocket, per client address (sockets + SSE) and per account, in each process. */
    STREAMS_PER_SOCKET: z.coerce.number().int().min(1).max(1000).default(10),
    STREAMS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
    STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
    /**
     * SEC fair-access identity, 'Company Name contact@domain'. Required for live EDGAR; unset, the
     * ingester runs against the built-in replay of recorded real filings.
     */
    EDGAR_USER_AGENT: z
      .string()
      .regex(/^\S.*\s\S+@\S+\.\S+$/, "must be 'Company Name contact@domain'")
      .optional(),
    /**
     * 'live' (sec.gov, needs EDGAR_USER_AGENT) or 'replay' (the recorded real filings). Unset: live
     * when EDGAR_USER_AGENT is set, else the replay; production refuses the implicit replay.
     */
    EDGAR_SOURCE: z.enum(['live', 'replay']).optional(),
    /** www.sec.gov and data.sec.gov (archives + browse-edgar, submissions JSON); point both elsewhere to replay. */
    EDGAR_BASE_URL: z.url().optional(),
    EDGAR_DATA_BASE_URL: z.url().optional(),
    /** efts.sec.gov (full-text search: the safety net's sweep). */
    EDGAR_EFTS_BASE_URL: z.url().optional(),
    /** Requests per second to EDGAR from every process together (one budget in PostgreSQL; SEC allows 10). */
    EDGAR_RATE_PER_SECOND: z.coerce.number().int().min(1).max(8).default(8),
    /** Latest-filings feed poll interval 06:00-22:05 ET on business days, and otherwise. */
    EDGAR_POLL_SECONDS: z.coerce.number().min(0.5).max(3600).default(1),
    EDGAR_IDLE_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
    /** Safety net: the full-text index swept for watched companies this often (EDGAR hours). */
    EDGAR_EFTS_SWEEP_SECONDS: z.coerce.number().min(10).max(3600).default(90),
    /** How far back a newly watched company's filings are fetched. */
    EDGAR_BACKFILL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /**
     * 10-K/10-Q diffs against the comparable report (domains/reports): 'on' fetches at sweep
     * priority (bulk for backfills) within the shared budget; the ingest waits at most this long.
     */
    EDGAR_REPORT_DIFFS: z.enum(['on', 'off']).default('on'),
    EDGAR_REPORT_DIFF_WAIT_SECONDS: z.coerce.number().min(1).max(300).default(20),
    /** Replay: filings released at start, then one every N seconds. */
    EDGAR_REPLAY_INITIAL: z.coerce.number().int().min(0).max(1000).default(6),
    EDGAR_REPLAY_INTERVAL_SECONDS: z.coerce.number().min(0.01).max(86_400).default(20),
    /** Market quotes: 'yahoo' (Yahoo Finance v7 quote API) or 'off' (quote fields stay null). */
    QUOTES_PROVIDER: z.enum(['off', 'yahoo']).default('off'),
    /** Replaces Yahoo's hosts (a proxy, or a local peer replaying recorded responses). */
    QUOTES_YAHOO_BASE_URL: optionalUrl,
    /** Requests to the quote provider per rolling minute from every process together (one budget in PostgreSQL). */
    QUOTES_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(60),
    /** OpenAI-compatible chat completions for PRO AI analysis; unset, the rule-based text stands. */
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
    /** Language-model calls one user may cause per New York day (assistant and PRO AI analysis together). */
    LLM_DAILY_CALLS_PER_USER: z.coerce.number().int().min(0).max(100_000).default(60),
    /** Assistant questions one user may have in flight at once (each process), with or without a model. */
    ASSISTANT_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
    /**
     * Whose X-Forwarded-For to believe for the client IP (per-IP rate limits): 'true' (any
     * hop: only behind a proxy that overwrites it), 'false', or addresses/CIDRs/'loopback'.
     */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
    /** smtp(s)://user:pass@host:port. Unset: email goes to the development outbox (/dev/outbox). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('SEC Filing Alerts <alerts@localhost>'),
    /** Shown in SMS HELP replies and emails; defaults to MAIL_FROM's address. */
    SUPPORT_EMAIL: z.email().optional(),
    /** Twilio Messages API. All of SID, token and from, or none (development outbox). */
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC\w+$/, 'must start with AC')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(8).optional(),
    /** A +1 number in E.164 or a Messaging Service SID (MG...). */
    TWILIO_FROM: z
      .string()
      .regex(/^(\+\d{8,15}|MG\w+)$/, 'must be an E.164 number or a MG... service SID')
      .optional(),
    TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
    /**
     * NODE_ENV=production refuses to start without SMTP_URL and the Twilio variables (sign-in
     * would write live links and codes to the development outbox); 'true' allows it knowingly.
     */
    ALLOW_DEV_OUTBOX_IN_PRODUCTION: bool.default(false),
    /** Text messages all users together may be sent per rolling hour (toll-fraud ceiling); past it sends are refused and logged. */
    SMS_HOURLY_BUDGET: z.coerce.number().int().min(0).max(1_000_000).default(500),
    /** Sender's postal address printed in every alert and digest email (CAN-SPAM). */
    MAIL_POSTAL_ADDRESS: z.string().min(5).max(300).optional(),
    /**
     * A Mailgun-compatible events API (GET ...?message-id=..&event=accepted, Basic api:KEY) on the
     * SMTP relay: a send cut off by a crash is looked up there before it is sent again.
     */
    MAIL_EVENTS_URL: optionalUrl,
    MAIL_EVENTS_API_KEY: z.string().min(1).optional(),
    /** How long the events API may lag behind an accepted message. */
    MAIL_EVENTS_SETTLE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
    /** Alerts and digests older than this many days are deleted (hourly, by one process). */
    ALERT_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(400),
    /** Real-time alert sends tried at most this often before the alert is dead-lettered. */
    ALERT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    /** First retry delay; doubles per attempt up to an hour. */
    ALERT_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
    /** Alerts sweep: missed filings, crashed senders, lost jobs and due digests. */
    ALERT_SWEEP_SECONDS: z.coerce.number().min(0.1).max(3600).default(15),
    /**
     * Sends one alert delivery job runs at once (a job holds up to 50 alerts of one match). Each
     * group of this many is marked 'sending' together before the provider is called, so it is also
     * how many messages a crash of one job may leave in flight (a resend without the relay's log).
     */
    ALERT_SEND_PARALLELISM: z.coerce.number().int().min(1).max(256).default(25),
    /** Bursts: how long non-CRITICAL real-time alerts of a company mid-burst wait to go out as one message (0: no wait). */
    ALERT_BURST_GATHER_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
    /** Outbound webhooks may target loopback addresses (local testing only; refused at start in production). */
    WEBHOOKS_ALLOW_LOOPBACK: bool.default(false),
    /** Deadline of one webhook POST (connect, send, answer), in milliseconds. */
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
    /** Failed deliveries in a row after which a webhook is disabled and its owner emailed. */
    WEBHOOKS_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(15),
    /**
     * Web push (issue #31) VAPID key pair (base64url, as `web-push generate-vapid-keys` prints) and
     * contact (mailto: or https:). All three or none: unset, a pair is generated at first start and
     * kept in signing_keys, shared by every instance; the subject then defaults to MAIL_FROM's address.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
    /** Tests only: push endpoints on loopback (http allowed there); refused at start in production. */
    PUSH_ALLOW_LOOPBACK: bool.default(false),
    /**
     * Stripe secret (or restricted) key. Unset outside production: the local test checkout
     * (/dev/checkout, a Stripe-format server in the process); unset in production: no checkout.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)')
      .optional(),
    /** Webhook signing secrets, comma separated (several while one is being rotated). */
    STRIPE_WEBHOOK_SECRETS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^whsec_\w+$/, 'each must start with whsec_')).min(1))
      .optional(),
    /** Price lookup keys: the PRO plan ($20/month) and the +20 tickers add-on ($5/month, per pack). */
    STRIPE_PRICE_LOOKUP_PRO: z.string().min(1).max(200).default('pro_monthly'),
    STRIPE_PRICE_LOOKUP_ADDON: z.string().min(1).max(200).default('addon_20_tickers_monthly'),
    /** Stripe API origin (tests point it at a loopback Stripe-format peer). */
    STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  })
  .superRefine((env, ctx) => {
    if (env.EDGAR_SOURCE === 'live' && !env.EDGAR_USER_AGENT) {
      ctx.addIssue({
        code: 'custom',
        path: ['EDGAR_USER_AGENT'],
        message: "is required with EDGAR_SOURCE=live ('Company Name contact@domain')",
      });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY].filter(Boolean).length;
    if (vapid === 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    }
    if (env.PUSH_ALLOW_LOOPBACK && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOW_LOOPBACK'],
        message: 'is for tests only and refused in production',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRETS) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRETS'],
        message: 'is required with STRIPE_SECRET_KEY (the webhook endpoint signing secret, whsec_...)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Where EDGAR data comes from: live sec.gov or the recorded replay. */
export function edgarMode(env: Pick<Env, 'EDGAR_SOURCE' | 'EDGAR_USER_AGENT'>): 'live' | 'replay' {
  return env.EDGAR_SOURCE ?? (env.EDGAR_USER_AGENT ? 'live' : 'replay');
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment with a schema; the error names every bad variable. */
export function parseEnvWith<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv = process.env): z.output<S> {
  // Empty strings mean "unset" so a blank line in a shell profile does not break start-up.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parseEnvWith(envSchema, source);
}

let cached: Env | undefined;
/** The process-wide configuration, parsed on first use. */
export function loadEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
