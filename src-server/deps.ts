import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Env } from './config/env';
import type { Db, Sql } from './db/client';
import type { SenderIdentity } from './domains/alerts/sender-identity';
import type { PlanHub } from './domains/billing/plan-hub';
import type { QuoteRequests } from './domains/quotes/quote-requests';
import type { TickerCatalogue } from './domains/tickers/ticker-catalogue';
import type { WatchlistReadState } from './domains/watchlist/watchlist-read-state';
import type { EdgarSource } from './integrations/edgar/edgar-source';
import type { MailEvents } from './integrations/email/mail-events';
import type { Mailer } from './integrations/email/mailer';
import type { ChatClient } from './integrations/llm/chat-client';
import type { PriceHistoryProvider } from './integrations/market-data/yahoo-chart';
import type { SmsSender } from './integrations/sms/sms-sender';
import type { SmsLog } from './integrations/sms/twilio-message-log';
import type { StripeHandle } from './integrations/stripe/stripe-access';
import type { HostResolver } from './integrations/address-policy';
import type { LiveHub } from './live/live-hub';
import type { Metrics } from './ops/metrics';
import type { ProcessStatus } from './ops/status';
import type { KeyedSlots } from './ops/keyed-slots';

/**
 * Everything a process holds, built once by the composition root: `createRuntimeDeps`
 * (runtime-deps.ts) for `npm start`, the worker and the benches, `createTestDeps` (test/deps.ts)
 * for tests. Nothing is created lazily elsewhere, so this list is the whole of a process's state
 * besides the database. `null` means "off" (no LLM configured, no quote provider...).
 */
export interface AppDeps {
  env: Env;
  db: Db;
  sql: Sql;
  /** Connection string of `db` (the job runner opens its own pool). */
  databaseUrl: string;
  logger: FastifyBaseLogger;
  /** Time of EDGAR detection and receipts: the system clock, a simulated one in bench:detect. */
  clock: Clock;
  /** Email and SMS: the real adapter when configured, else the development outbox. */
  mailer: Mailer;
  sms: SmsSender;
  /** The SMTP relay's message log (MAIL_EVENTS_URL) and Twilio's message list: how a send cut off by a crash is found. */
  mailEvents: MailEvents | null;
  smsLog: SmsLog | null;
  /** This process's alert-sender id (an advisory lock), shared by its delivery tasks and sweep. */
  senderIdentity: SenderIdentity;
  /** EDGAR access: live sec.gov or the offline replay; null where a process never reaches EDGAR (most tests). */
  edgar: EdgarSource | null;
  /** OpenAI-compatible LLM for PRO AI analysis and the assistant; null: rule-based text only. */
  llm: ChatClient | null;
  /** Stale quotes handed to the cluster's one quote refresher (QUOTES_PROVIDER); null: quote fields stay null. */
  quotes: QuoteRequests | null;
  /** Daily price history from the quote provider; null: the shipped files serve the charts. */
  priceHistory: PriceHistoryProvider | null;
  /** Stripe (real key, the local test checkout outside production, or off), opened once on first use. */
  stripe: StripeHandle;
  /** The ticker search index over the catalogue table. */
  tickers: TickerCatalogue;
  /** The watchlist read path's caches and batched session lookup (REST and tRPC share them). */
  watchlist: WatchlistReadState;
  /** LISTEN filing_scored -> live dashboards; LISTEN plan_changed -> billing.planChanges. */
  live: LiveHub;
  plans: PlanHub;
  /** When this process last re-derived report deadlines (the alerts sweep does it at most every 10 minutes). */
  deadlineRefresh: { at: number };
  /** Questions in flight per user in this process (the assistant's concurrency limit). */
  assistantSlots: KeyedSlots;
  /** Prometheus metrics (served at /metrics with METRICS_TOKEN); null: nothing is counted. */
  metrics: Metrics | null;
  /** Stopping / job queue state for /api/ready. */
  status: ProcessStatus;
  /** How hosts users chose (webhook URLs, push endpoints) are resolved; absent: the system resolver (tests inject one). */
  hostResolver?: HostResolver;
}
