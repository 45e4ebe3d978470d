/**
 * Outbound webhooks (issue #31, decisions 311-313): a PRO user's HTTPS endpoint receiving their
 * alerts as our signed JSON, a Slack message or a Discord message. Each hook is an alert channel
 * of its own (`hook:<id>`): matching, routing, quiet hours, bursts, retries and receipts are the
 * alerts' (domains/alerts); this service owns the hooks, the SSRF-safe send and the failure
 * count that disables a hook and tells its owner.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '#shared/app-error';
import { BRANDS, DEFAULT_BRAND, type BrandId } from '#shared/brands';
import { IMPORTANCE_RANK, importanceFromRank, type Importance } from '#shared/importance';
import { MAX_WEBHOOKS, type WebhookFormat } from '#shared/integrations';
import type { AppDeps } from '../../deps';
import type { WebhookRow } from '../../db/schema';
import { DeliveryError } from '../../integrations/delivery-error';
import { webhookRequest, type WebhookEvent } from '../../integrations/webhook/formats';
import { reportAlertLinesOf } from '../reports/report-alert';
import { filingFacts } from '../alerts/delivery.repo';
import { webhookEventOf } from '../alerts/webhook-event';
import { checkTarget, RefusedTarget, safePost, type TargetPolicy } from '../../integrations/webhook/safe-post';
import { newWebhookSecret } from '../../integrations/webhook/signature';
import * as accounts from '../auth/account.repo';
import { spend } from '../auth/rate-limit';
import { brandLinkBase } from '../auth/request-info';
import * as repo from './webhooks.repo';

export interface WebhookDto {
  id: string;
  url: string;
  format: WebhookFormat;
  /** null: follows the account's email threshold. */
  minImportance: Importance | null;
  createdAt: string;
  enabled: boolean;
  disabledAt: string | null;
  consecutiveFailures: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(row: WebhookRow): WebhookDto {
  return {
    id: row.id,
    url: row.url,
    format: row.format as WebhookFormat,
    minImportance: row.minRank == null ? null : importanceFromRank(row.minRank),
    createdAt: row.createdAt.toISOString(),
    enabled: row.disabledAt == null,
    disabledAt: iso(row.disabledAt),
    consecutiveFailures: row.consecutiveFailures,
    lastSuccessAt: iso(row.lastSuccessAt),
    lastFailureAt: iso(row.lastFailureAt),
    lastError: row.lastError,
  };
}

export function targetPolicy(deps: Pick<AppDeps, 'env' | 'hostResolver'>): TargetPolicy {
  return { allowLoopback: deps.env.WEBHOOKS_ALLOW_LOOPBACK, resolve: deps.hostResolver };
}

const brandName = (brand: string) => BRANDS[brand as BrandId]?.brandName ?? BRANDS[DEFAULT_BRAND].brandName;

export async function createWebhook(
  deps: AppDeps,
  params: { userId: string; url: string; format: WebhookFormat; minImportance?: Importance | null },
): Promise<{ id: string; secret: string; hook: WebhookDto }> {
  try {
    await checkTarget(params.url, targetPolicy(deps));
  } catch (error) {
    if (error instanceof RefusedTarget) throw new AppError('BAD_REQUEST', error.message, { reason: error.reason });
    throw error;
  }
  return deps.db.transaction(async (tx) => {
    await accounts.lockUser(tx, { userId: params.userId });
    if ((await repo.countHooks(tx, { userId: params.userId })) >= MAX_WEBHOOKS) {
      throw new AppError('CONFLICT', `You already have ${MAX_WEBHOOKS} webhooks. Remove one first.`, {
        reason: 'too_many_webhooks',
      });
    }
    const secret = newWebhookSecret();
    const row = await repo.insertHook(tx, {
      userId: params.userId,
      url: params.url,
      format: params.format,
      secret,
      minRank: params.minImportance ? IMPORTANCE_RANK[params.minImportance] : null,
    });
    return { id: row.id, secret, hook: toDto(row) };
  });
}

export async function listWebhooks(deps: AppDeps, params: { userId: string }): Promise<{ hooks: WebhookDto[] }> {
  return { hooks: (await repo.listHooks(deps.db, params)).map(toDto) };
}

const notFound = () => new AppError('NOT_FOUND', 'No such webhook.', { reason: 'webhook_not_found' });

/** Removes the caller's hook; its queued alerts are cancelled at send time ('hook_off'). */
export async function deleteWebhook(deps: AppDeps, params: { userId: string; id: string }): Promise<{ ok: true }> {
  if (!(await repo.deleteHook(deps.db, params))) throw notFound();
  return { ok: true };
}

/** POSTs one prepared event to a hook, SSRF-safe, with the format's body and headers. */
async function post(deps: AppDeps, hook: WebhookRow, event: WebhookEvent): Promise<number> {
  const request = webhookRequest(hook.format as WebhookFormat, event, hook.secret);
  const { status } = await safePost(
    hook.url,
    { ...request, timeoutMs: deps.env.WEBHOOKS_TIMEOUT_MS },
    targetPolicy(deps),
  );
  return status;
}

/**
 * A test event carrying the newest stored filing as a sample (real data), or none when nothing is
 * stored yet; built like a real alert's event, its page link on the owner's brand host (issue #28 item 1).
 */
async function testEvent(deps: AppDeps, brand: string): Promise<WebhookEvent> {
  const newest = await repo.newestFiling(deps.db);
  const facts = newest ? [filingFacts(newest)] : [];
  const changes = await reportAlertLinesOf(deps.db, {
    filings: facts.map((f) => ({ filingId: f.filingId, formType: f.formType })),
  });
  const event = webhookEventOf(
    facts.map((f) => ({ ...f, reportChange: changes.get(f.filingId) ?? null })),
    { key: `test:${randomUUID()}`, brand: brandName(brand), publicUrl: brandLinkBase(deps, brand) },
  );
  return { ...event, type: 'test' };
}

/**
 * The "send test" button: one test event now, with the answer's status (never its body). A
 * success also re-enables a hook that failures had turned off.
 */
export async function testWebhook(
  deps: AppDeps,
  params: { userId: string; id: string; brand: string },
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const hook = await repo.findHook(deps.db, params);
  if (!hook) throw notFound();
  await spend(deps.db, { budget: 'webhookTests', key: params.userId });
  const event = await testEvent(deps, params.brand);
  try {
    const status = await post(deps, hook, event);
    await repo.recordSuccess(deps.db, { id: hook.id, reenable: true });
    return { ok: true, status, error: null };
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    const code = error.providerCode;
    return { ok: false, status: typeof code === 'number' ? code : null, error: error.message };
  }
}

/** The hook id of an alert channel `hook:<id>`, or null for other channels. */
export function hookIdOf(channel: string): string | null {
  return channel.startsWith('hook:') ? channel.slice(5) : null;
}

/**
 * An alert's delivery to its hook (called by alerts delivery): the status of a 2xx answer, or a
 * DeliveryError. Failures in a row are counted; the one that reaches WEBHOOKS_DISABLE_AFTER_FAILURES
 * disables the hook and emails its owner.
 */
export async function deliverToHook(
  deps: AppDeps,
  params: { hookId: string; event: Omit<WebhookEvent, 'brand'> & { brand: string } },
): Promise<{ status: number }> {
  const hook = await repo.findEnabledHook(deps.db, { id: params.hookId });
  if (!hook)
    throw new DeliveryError('The webhook was removed or turned off.', { permanent: true, providerCode: 'hook_off' });
  try {
    const status = await post(deps, hook, { ...params.event, brand: brandName(params.event.brand) });
    await repo.recordSuccess(deps.db, { id: hook.id, reenable: false });
    return { status };
  } catch (error) {
    const message = (error as Error).message.slice(0, 300);
    const counted = await repo.recordFailure(deps.db, {
      id: hook.id,
      error: message,
      disableAfter: deps.env.WEBHOOKS_DISABLE_AFTER_FAILURES,
    });
    if (counted?.disabledNow) await tellOwnerDisabled(deps, hook, counted.failures, message);
    throw error;
  }
}

async function tellOwnerDisabled(deps: AppDeps, hook: WebhookRow, failures: number, lastError: string): Promise<void> {
  const user = await accounts.findUser(deps.db, { userId: hook.userId });
  if (!user?.email || !user.emailVerifiedAt) return;
  // The owner's brand host: their session cookie lives there (issue #28 item 1).
  const settings = `${brandLinkBase(deps, user.brand)}/settings`;
  try {
    await deps.mailer.send({
      to: user.email,
      subject: `${brandName(user.brand)}: your webhook was turned off`,
      text: [
        `Your webhook to ${new URL(hook.url).host} failed ${failures} times in a row, so we turned it off and stopped sending alerts to it.`,
        `The last failure: ${lastError}`,
        `Fix the receiver, then press "Send test" in your settings to turn it back on: ${settings}`,
      ].join('\n\n'),
      idempotencyKey: `webhook-disabled:${hook.id}:${failures}`,
    });
  } catch (error) {
    deps.logger?.warn({ err: error, hookId: hook.id }, 'webhook disabled notice not sent');
  }
}
