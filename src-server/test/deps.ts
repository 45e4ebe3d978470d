import pino from 'pino';
import { systemClock } from '../clock';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { PlanHub } from '../domains/billing/plan-hub';
import { openStripeAccess, stripeHandle } from '../integrations/stripe/stripe-access';
import { LiveHub } from '../live/live-hub';
import { processPieces, smsWithinBudget } from '../runtime-deps';
import { LOG_REDACT, LOG_SERIALIZERS } from '../transport/log-options';

/**
 * The test twin of createRuntimeDeps: the same pieces from `env`, with what a test does not ask
 * for switched off (no EDGAR, LLM, quote provider or metrics) and Stripe opened only on first
 * use. `overrides` replaces any piece (peers, clocks, a logger that records).
 */
export function createTestDeps(base: { env: Env; database: Database }, overrides: Partial<AppDeps> = {}): AppDeps {
  const { env, database } = base;
  const { db, sql } = database;
  const logger = overrides.logger ?? pino({ level: env.LOG_LEVEL, redact: LOG_REDACT, serializers: LOG_SERIALIZERS });
  const deps: AppDeps = {
    env,
    db,
    sql,
    databaseUrl: database.url,
    logger,
    clock: systemClock,
    ...processPieces(env, database, logger),
    edgar: null,
    llm: null,
    quotes: null,
    priceHistory: null,
    stripe: stripeHandle(() =>
      openStripeAccess(env, {
        log: (message, err) => (err ? deps.logger.warn({ err }, message) : deps.logger.info(message)),
      }),
    ),
    live: undefined as unknown as LiveHub,
    plans: undefined as unknown as PlanHub,
    metrics: null,
    ...overrides,
  };
  return bindToDeps(deps, overrides);
}

/**
 * The pieces that log through or count in the deps they serve (LISTEN hubs, the SMS budget's
 * warning) are bound to the final object, so a test that swaps the logger or metrics (startTestApp's
 * customise) sees their events there; a swapped SMS sender stays within the budget.
 */
export function bindToDeps(deps: AppDeps, keep: Partial<Pick<AppDeps, 'live' | 'plans'>> = {}): AppDeps {
  if (!keep.live) deps.live = new LiveHub(deps);
  if (!keep.plans) deps.plans = new PlanHub(deps);
  deps.sms = smsWithinBudget(deps.sms, { env: deps.env, db: deps.db, logger: () => deps.logger });
  return deps;
}
