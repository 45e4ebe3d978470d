import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { Env } from './config/env';
import type { Database } from './db/client';
import type { AppDeps } from './deps';
import { createSenderIdentity } from './domains/alerts/sender-identity';
import { PlanHub } from './domains/billing/plan-hub';
import { createQuoteRequests } from './domains/quotes/quote-requests';
import { ensureShippedCatalogue } from './domains/tickers/catalogue.service';
import { TickerCatalogue } from './domains/tickers/ticker-catalogue';
import { createWatchlistReadState } from './domains/watchlist/watchlist-read.service';
import { createEdgarSource, type EdgarSource } from './integrations/edgar/edgar-source';
import { mailEventsFromEnv } from './integrations/email/mail-events';
import { createMailer } from './integrations/email/mailer-from-env';
import { chatClientFromEnv } from './integrations/llm/chat-client';
import { createPriceHistory } from './integrations/market-data';
import { takeUpToByMinute } from './domains/auth/rate-limit.repo';
import { budgetedSms } from './integrations/sms/sms-budget';
import { createSmsSender } from './integrations/sms/sms-from-env';
import type { SmsSender } from './integrations/sms/sms-sender';
import { smsLogFromEnv } from './integrations/sms/twilio-message-log';
import {
  billingModeOf,
  localStripeStateFile,
  openStripeAccess,
  stripeHandle,
} from './integrations/stripe/stripe-access';
import { LiveHub } from './live/live-hub';
import { Metrics } from './ops/metrics';
import { withProgress } from './ops/progress';
import { createProcessStatus } from './ops/status';
import { KeyedSlots } from './ops/keyed-slots';

/** deps.sms: texts of every process together stay within SMS_HOURLY_BUDGET (a shared bucket in PostgreSQL). */
export function smsWithinBudget(
  sms: SmsSender,
  { env, db, logger }: { env: Env; db: Database['db']; logger: () => FastifyBaseLogger },
): SmsSender {
  const inner = 'inner' in sms ? (sms as { inner: SmsSender }).inner : sms;
  return budgetedSms(inner, {
    take: (p) => takeUpToByMinute(db, { ...p, key: 'all' }),
    perHour: env.SMS_HOURLY_BUDGET,
    logger,
  });
}

/** The pieces every process builds the same way, runtime or test: messaging from env, caches, sender id. */
export function processPieces(env: Env, database: Database, logger: FastifyBaseLogger) {
  const { db } = database;
  return {
    mailer: createMailer(env, db, logger),
    sms: smsWithinBudget(createSmsSender(env, db, logger), { env, db, logger: () => logger }),
    mailEvents: mailEventsFromEnv(env),
    smsLog: smsLogFromEnv(env),
    senderIdentity: createSenderIdentity(database.url),
    tickers: new TickerCatalogue(db),
    watchlist: createWatchlistReadState(db),
    deadlineRefresh: { at: 0 },
    assistantSlots: new KeyedSlots(),
    status: createProcessStatus(),
  } satisfies Partial<AppDeps>;
}

/**
 * The composition root: every piece of state a process holds (AppDeps), built once here. Each
 * integration picks its real adapter when configured and its offline default otherwise (dev
 * outbox, EDGAR replay, local Stripe). Tests build theirs with test/deps.ts's createTestDeps.
 * bench:detect passes its simulated clock and EDGAR.
 */
export async function createRuntimeDeps(
  env: Env,
  database: Database,
  logger: FastifyBaseLogger,
  options: { clock?: Clock; edgar?: EdgarSource } = {},
): Promise<AppDeps> {
  const { db, sql } = database;
  const metrics = new Metrics(db);
  const llm = chatClientFromEnv(env);
  const clock = options.clock ?? systemClock;
  // Fetched by the cluster's one quote refresher (web processes' leader), within QUOTES_REQUESTS_PER_MINUTE.
  const quotes = createQuoteRequests(env, db, logger);
  if (!quotes) logger.info('QUOTES_PROVIDER=off: quote fields stay empty');
  const deps: AppDeps = {
    env,
    db,
    sql,
    databaseUrl: database.url,
    logger,
    clock,
    ...processPieces(env, database, logger),
    // Live sec.gov with EDGAR_USER_AGENT, else the replay of recorded real filings (logged at start).
    edgar: options.edgar ?? createEdgarSource(env, { log: (m) => logger.info(m), db }),
    llm: llm && metrics.instrumentChatClient(llm),
    quotes,
    priceHistory: createPriceHistory(env) ?? null,
    // Stripe with a key; else, outside production, the local test checkout's Stripe, its state file
    // belonging to this data folder alone (localStripeStateFile).
    stripe: stripeHandle(() =>
      openStripeAccess(env, {
        stateFile: localStripeStateFile(env.EMBEDDED_PG_DIR),
        log: (message, err) => (err ? logger.warn({ err }, message) : logger.info(message)),
      }),
    ),
    live: new LiveHub({ db, sql, logger, metrics }),
    plans: new PlanHub({ db, sql, logger }),
    metrics,
  };
  // Loads the shipped SEC ticker file into an empty (or older) catalogue and builds the search index.
  await withProgress(
    (m) => logger.info(m),
    'loading the ticker catalogue (SEC company tickers)',
    () => ensureShippedCatalogue(db),
    {
      summary: (load) => (load.loaded ? `${load.entries.toLocaleString('en-US')} tickers` : null),
    },
  );
  await deps.tickers.get();
  if (!env.SMTP_URL) logger.warn('SMTP_URL not set: emails go to the development outbox');
  if (!env.TWILIO_ACCOUNT_SID) logger.warn('Twilio not configured: texts go to the development outbox');
  if (billingModeOf(env) === 'off')
    logger.warn('STRIPE_SECRET_KEY not set in production: checkout says online payment is not available');
  await deps.stripe.get();
  return deps;
}
