/**
 * Access to Stripe through the official SDK, pinned to STRIPE_API_VERSION. Three modes:
 * - stripe: STRIPE_SECRET_KEY is set (STRIPE_API_BASE may point at a loopback Stripe in tests);
 * - local: no key outside production: a LocalStripeServer on loopback (the test checkout at
 *   /dev/checkout), reached by the same SDK over host/port/protocol, so the code path is the real one;
 * - off: production without a key: checkout says online payment is not available.
 */
import { resolve } from 'node:path';
import Stripe from 'stripe';
import type { Env } from '../../config/env';
import { ADDON_PACK_PRICE_USD, ALL_FILINGS_PLAN_PRICE_USD } from '#shared/plans';
import type { LocalStripeHandle } from './local/open-local-stripe';
import { STRIPE_API_VERSION } from './stripe-version';

export type BillingMode = 'stripe' | 'local' | 'off';

export interface StripeAccess {
  mode: 'stripe' | 'local';
  client: Stripe;
  /** Webhook signing secrets (several while one is rotated). */
  webhookSecrets: string[];
  /** Events must match the key's mode: a test event never changes a live account. */
  livemode: boolean;
  lookupKeys: { pro: string; addon: string };
  /** The local test checkout's Stripe (null with a real key). */
  local: LocalStripeHandle | null;
  close(): Promise<void>;
}

export function billingModeOf(env: Env): BillingMode {
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  return env.NODE_ENV === 'production' ? 'off' : 'local';
}

export function createStripeClient(params: { apiKey: string; apiBase: string; maxNetworkRetries?: number }): Stripe {
  const base = new URL(params.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(params.apiKey, {
    apiVersion: STRIPE_API_VERSION,
    host: base.hostname,
    port: Number(base.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: params.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'sec-filing-alerts' },
  });
}

/** The catalogue the local Stripe starts with: the prices of SPEC.md section 9, by the configured lookup keys. */
export function localCatalogue(env: Env) {
  return {
    pro: {
      lookupKey: env.STRIPE_PRICE_LOOKUP_PRO,
      unitAmount: ALL_FILINGS_PLAN_PRICE_USD * 100,
      productName: 'PRO plan',
    },
    addon: {
      lookupKey: env.STRIPE_PRICE_LOOKUP_ADDON,
      unitAmount: ADDON_PACK_PRICE_USD * 100,
      productName: '+20 tickers add-on',
    },
  };
}

/**
 * Where the local test checkout keeps its state (it holds the local API key and webhook secret):
 * beside the data folder, named after it, so instances whose data folders share a parent never
 * share it; `npm run worker` with the same env finds it.
 */
export function localStripeStateFile(dataDir: string): string {
  return `${resolve(dataDir)}.local-stripe.json`;
}

export async function openStripeAccess(
  env: Env,
  options: { stateFile?: string; log?: (message: string, err?: unknown) => void } = {},
): Promise<StripeAccess | null> {
  const mode = billingModeOf(env);
  const lookupKeys = { pro: env.STRIPE_PRICE_LOOKUP_PRO, addon: env.STRIPE_PRICE_LOOKUP_ADDON };
  if (mode === 'off') return null;
  if (mode === 'stripe') {
    const key = env.STRIPE_SECRET_KEY!;
    return {
      mode,
      client: createStripeClient({ apiKey: key, apiBase: env.STRIPE_API_BASE }),
      webhookSecrets: env.STRIPE_WEBHOOK_SECRETS ?? [],
      livemode: /^(sk|rk)_live_/.test(key),
      lookupKeys,
      local: null,
      close: async () => {},
    };
  }
  // Development only, loaded on demand: the local Stripe is not part of the production build.
  const { openLocalStripe } = await import('./local/open-local-stripe');
  const local = await openLocalStripe({ prices: localCatalogue(env), stateFile: options.stateFile, log: options.log });
  return {
    mode,
    client: createStripeClient({ apiKey: local.apiKey, apiBase: local.url, maxNetworkRetries: 1 }),
    webhookSecrets: [local.webhookSecret],
    livemode: false,
    lookupKeys,
    local,
    close: () => local.close(),
  };
}

/** The process's Stripe access: opened on first use (the local checkout starts a server), once; closed with the app. */
export interface StripeHandle {
  get(): Promise<StripeAccess | null>;
  /** Closes what get() opened (the local test checkout's server); never opens one. */
  close(): Promise<void>;
}

export function stripeHandle(open: () => Promise<StripeAccess | null>): StripeHandle {
  let access: Promise<StripeAccess | null> | null = null;
  return {
    get: () => (access ??= open()),
    async close() {
      const opened = access;
      access = null;
      await (await opened?.catch(() => null))?.close();
    },
  };
}
