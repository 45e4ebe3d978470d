import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { Database } from './db/client';
import type { AppDeps } from './deps';
import { createMailer } from './integrations/email/mailer';
import { createSmsSender } from './integrations/sms/sms-sender';
import { createEdgarSource } from './integrations/edgar/edgar-source';
import { chatClientFromEnv } from './integrations/llm/chat-client';
import { createMarketData, createPriceHistory } from './integrations/market-data';
import { dirname, join } from 'node:path';
import { QuoteRefresher } from './domains/quotes/quote-refresher';
import { billingModeOf, openStripeAccess } from './integrations/stripe/stripe-access';
import { tickerCatalogue } from './domains/tickers/ticker-catalogue';
import { ensureShippedCatalogue } from './domains/tickers/catalogue.service';
import { Metrics } from './ops/metrics';
import { withProgress } from './ops/progress';
import { createProcessStatus } from './ops/status';

/**
 * The production wiring of AppDeps: each integration picks its real adapter when configured
 * and its offline default otherwise (dev outbox, EDGAR replay...). Tests build deps themselves.
 */
export async function createRuntimeDeps(env: Env, database: Database, logger: FastifyBaseLogger): Promise<AppDeps> {
  const metrics = new Metrics(database.db);
  const llm = chatClientFromEnv(env);
  const deps: AppDeps = {
    env,
    metrics,
    status: createProcessStatus(),
    db: database.db,
    sql: database.sql,
    logger,
    mailer: createMailer(env, database.db, logger),
    sms: createSmsSender(env, database.db, logger),
    databaseUrl: database.url,
    // Live sec.gov with EDGAR_USER_AGENT, else the replay of recorded real filings (logged at start).
    edgar: createEdgarSource(env, { log: (m) => logger.info(m), db: database.db }),
    llm: llm && metrics.instrumentChatClient(llm),
    // Stripe with a key; else, outside production, the local test checkout's Stripe, whose state
    // survives restarts next to the embedded database's data (and which `npm run worker` finds there).
    stripe: openStripeAccess(env, {
      stateFile: join(dirname(env.EMBEDDED_PG_DIR), 'local-stripe.json'),
      log: (message, err) => (err ? logger.warn({ err }, message) : logger.info(message)),
    }),
  };
  const marketData = createMarketData(env);
  if (marketData) deps.quotes = new QuoteRefresher({ db: database.db, provider: marketData, log: logger });
  else logger.info('QUOTES_PROVIDER=off: quote fields stay empty');
  deps.priceHistory = createPriceHistory(env);
  // Loads the shipped SEC ticker file into an empty (or older) catalogue and builds the search index.
  await withProgress((m) => logger.info(m), 'loading the ticker catalogue (SEC company tickers)', () => ensureShippedCatalogue(database.db), {
    summary: (load) => (load.loaded ? `${load.entries.toLocaleString('en-US')} tickers` : null),
  });
  await tickerCatalogue(deps).get();
  if (!env.SMTP_URL) logger.warn('SMTP_URL not set: emails go to the development outbox');
  if (!env.TWILIO_ACCOUNT_SID) logger.warn('Twilio not configured: texts go to the development outbox');
  const billing = billingModeOf(env);
  if (billing === 'off') logger.warn('STRIPE_SECRET_KEY not set in production: checkout says online payment is not available');
  await deps.stripe;
  return deps;
}
