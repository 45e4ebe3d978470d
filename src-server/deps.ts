import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Env } from './config/env';
import type { Db, Sql } from './db/client';
import type { EdgarSource } from './integrations/edgar/edgar-source';
import type { ChatClient } from './integrations/llm/chat-client';
import type { QuoteRefresher } from './domains/quotes/quote-refresher';
import type { PriceHistoryProvider } from './integrations/market-data/yahoo-chart';
import type { Mailer } from './integrations/email/mailer';
import type { SmsSender } from './integrations/sms/sms-sender';
import type { StripeAccess } from './integrations/stripe/stripe-access';
import type { Metrics } from './ops/metrics';
import type { ProcessStatus } from './ops/status';

/**
 * Everything the app needs from outside, passed into buildApp so tests choose each part.
 * Integrations (mail, SMS, EDGAR, quotes, LLM, live hub) are added here by their domains.
 */
export interface AppDeps {
  env: Env;
  db: Db;
  sql: Sql;
  /** Email and SMS; absent, the adapter the environment selects is used (mailerFor / smsFor). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Connection string of `db` (the job runner opens its own pool). */
  databaseUrl?: string;
  /** Time of EDGAR detection and receipts; absent, the system clock (a simulated one in bench:detect). */
  clock?: Clock;
  /** EDGAR access: live sec.gov or the offline replay (integrations/edgar/edgar-source.ts). */
  edgar?: EdgarSource;
  /** OpenAI-compatible LLM for PRO AI analysis; null/absent: rule-based text only. */
  llm?: ChatClient | null;
  /** Background quote fetching (QUOTES_PROVIDER); absent, quote fields stay null. */
  quotes?: QuoteRefresher;
  /** Daily price history from the quote provider (QUOTES_PROVIDER); absent, the shipped files serve the charts. */
  priceHistory?: PriceHistoryProvider;
  /**
   * Stripe (real key, or the local test checkout's Stripe outside production; null: billing off).
   * Absent, it is opened from env on first use (integrations/stripe/stripe-access.ts).
   */
  stripe?: Promise<StripeAccess | null>;
  /** Optional parent logger; buildApp creates one from env when absent. */
  logger?: FastifyBaseLogger;
  /** Prometheus metrics of this process (served at /metrics with METRICS_TOKEN); absent, nothing is counted. */
  metrics?: Metrics;
  /** Stopping / job queue state for /api/ready; absent (tests), the process counts as running. */
  status?: ProcessStatus;
}
