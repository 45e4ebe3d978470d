import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { catalogueOf } from '../../integrations/stripe/catalogue';
import { billingModeOf } from '../../integrations/stripe/stripe-access';

type Check = { id: string; label: string; ok: boolean; detail: string };

/**
 * /admin/stripe-setup: is billing ready to take money? Each check says what it found; `steps`
 * lists what to do for every failing one, in order. The prices are looked up at Stripe now
 * (by lookup key, as checkout does).
 */
export async function stripeSetup(deps: AppDeps) {
  const env = deps.env;
  const mode = billingModeOf(env);
  const key = env.STRIPE_SECRET_KEY;
  const checks: Check[] = [];
  const steps: string[] = [];

  checks.push({
    id: 'secret_key',
    label: 'Secret key',
    ok: Boolean(key),
    detail: key
      ? `${key.slice(0, 8)}... (${/_live_/.test(key) ? 'live' : 'test'} mode)`
      : mode === 'local'
        ? 'Not set: the built-in local test checkout stands in for Stripe (development only).'
        : 'Not set: checkout says online payment is not available.',
  });
  if (!key)
    steps.push(
      'Create a restricted or secret key in the Stripe dashboard (Developers > API keys) and set STRIPE_SECRET_KEY.',
    );

  const secrets = env.STRIPE_WEBHOOK_SECRETS ?? [];
  checks.push({
    id: 'webhook_secret',
    label: 'Webhook signing secret',
    ok: secrets.length > 0 || mode === 'local',
    detail:
      secrets.length > 0
        ? `${secrets.length} secret(s) set`
        : mode === 'local'
          ? 'Local test checkout signs its own events.'
          : 'Not set.',
  });
  if (key && secrets.length === 0)
    steps.push(
      'Add a webhook endpoint for /api/webhooks/stripe in the Stripe dashboard and set STRIPE_WEBHOOK_SECRETS to its signing secret (whsec_...).',
    );

  const lookup = { pro: env.STRIPE_PRICE_LOOKUP_PRO, addon: env.STRIPE_PRICE_LOOKUP_ADDON };
  let prices: { pro: string | null; addon: string | null } = { pro: null, addon: null };
  if (mode !== 'off') {
    try {
      const access = await deps.stripe.get();
      if (access) {
        const catalogue = await catalogueOf(access);
        const fmt = (p: { unitAmount: number; currency: string; id: string }) =>
          `${p.id}: ${(p.unitAmount / 100).toFixed(2)} ${p.currency.toUpperCase()}/month`;
        prices = { pro: fmt(catalogue.pro), addon: fmt(catalogue.addon) };
      }
      checks.push({
        id: 'prices',
        label: 'Prices by lookup key',
        ok: true,
        detail: `${lookup.pro} -> ${prices.pro}; ${lookup.addon} -> ${prices.addon}`,
      });
    } catch (error) {
      checks.push({
        id: 'prices',
        label: 'Prices by lookup key',
        ok: false,
        detail: error instanceof Error ? error.message : 'Stripe did not answer.',
      });
      steps.push(
        `In Stripe, create active monthly prices with lookup keys "${lookup.pro}" (PRO) and "${lookup.addon}" (+20 tickers), in one currency.`,
      );
    }
  } else {
    checks.push({ id: 'prices', label: 'Prices by lookup key', ok: false, detail: 'Not checked: no key.' });
  }

  const [last] = await deps.db.execute<{
    id: string;
    type: string;
    received_at: Date;
    processed_at: Date | null;
    last_error: string | null;
    livemode: boolean;
  }>(sql`
    select id, type, received_at, processed_at, last_error, livemode from stripe_events order by received_at desc limit 1`);
  const [failures] = await deps.db.execute<{ n: number; last: Date | null }>(sql`
    select count(*)::int as n, max(created_at) as last from security_events where kind = 'webhook_signature_failed' and subject = 'stripe' and created_at > now() - interval '7 days'`);
  const lastWebhook = last
    ? {
        id: last.id,
        type: last.type,
        receivedAt: new Date(last.received_at).toISOString(),
        result: last.last_error ? `failed: ${last.last_error}` : last.processed_at ? 'processed' : 'waiting',
        livemode: last.livemode,
      }
    : null;
  checks.push({
    id: 'webhook_received',
    label: 'Last webhook received',
    ok: Boolean(last && !last.last_error),
    detail: lastWebhook ? `${lastWebhook.type} at ${lastWebhook.receivedAt}: ${lastWebhook.result}` : 'None yet.',
  });
  if (!last && mode === 'stripe')
    steps.push("Send a test event from the webhook endpoint's page in the Stripe dashboard and reload this page.");
  if ((failures?.n ?? 0) > 0)
    steps.push(
      `${failures!.n} webhook(s) failed the signature check in the last 7 days: the endpoint's signing secret and STRIPE_WEBHOOK_SECRETS differ.`,
    );

  return {
    mode: mode === 'stripe' ? (/_live_/.test(key ?? '') ? 'live' : 'test') : mode,
    ready: checks.every((c) => c.ok),
    checks,
    lastWebhook,
    signatureFailures7d: failures?.n ?? 0,
    steps,
  };
}
