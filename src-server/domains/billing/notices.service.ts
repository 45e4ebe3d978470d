/**
 * Billing emails: a notice row per reason (unique key), written in the transaction that found the
 * reason, with a job that sends it. A redelivered event, a repeated sync or a retried job sends
 * nothing twice (the row id is the email's idempotency key).
 */
import { proLimitWithPacks, ADDON_PACK_PRICE_USD, ALL_FILINGS_PLAN_PRICE_USD } from '#shared/plans';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { enqueue } from '../../jobs/job';
import { notifyJob } from './billing.jobs';
import { brandLinkBase } from '../auth/request-info';
import { programName } from '../auth/contact-messages';
import * as repo from './billing.repo';

export type NoticeKind =
  | 'payment_failed'
  | 'addon_payment_failed'
  | 'action_required'
  | 'cancellation_scheduled'
  | 'addon_changed'
  | 'addon_change_expired';

export async function addNotice(
  tx: Db,
  params: { userId: string; kind: NoticeKind; dedupeKey: string; details: Record<string, unknown> },
): Promise<boolean> {
  const id = await repo.insertNotice(tx, params);
  if (id == null) return false;
  await enqueue(tx, notifyJob, { noticeId: id }, { jobKey: `billing-notice:${id}`, maxAttempts: 10 });
  return true;
}

const money = (cents: unknown) => `$${(Number(cents ?? 0) / 100).toFixed(2)}`;
const day = (iso: unknown) =>
  typeof iso === 'string'
    ? new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    : 'soon';
const monthly = (packs: number) => `$${ALL_FILINGS_PLAN_PRICE_USD + ADDON_PACK_PRICE_USD * packs}/month`;

export function composeNotice(
  kind: string,
  details: Record<string, unknown>,
  links: { settings: string; brand: string },
): { subject: string; text: string } {
  const d = details;
  switch (kind) {
    case 'payment_failed':
      return {
        subject: 'Your PRO payment did not go through',
        text: `We could not charge your card ${money(d.amountDue)} for your ${links.brand} PRO plan.\n\nPRO stays on while we try again${d.nextAttempt ? ` (next attempt ${day(d.nextAttempt)})` : ''}. To keep it, update your card:\n${links.settings}#subscription`,
      };
    case 'addon_payment_failed':
      return {
        subject: 'Your ticker add-on was not added',
        text: `The charge of ${money(d.amountDue)} for your ticker add-ons did not go through, so the change is waiting for payment${d.expiresAt ? ` until ${day(d.expiresAt)}` : ''}. Your ticker limit stays as it was.\n\nPay or try another card from Settings → Ticker Add-ons:\n${links.settings}#ticker-add-ons`,
      };
    case 'action_required':
      return {
        subject: 'Please confirm your payment',
        text: `Your bank asks you to confirm the payment of ${money(d.amountDue)} for your ${links.brand} plan.\n\nConfirm it here:\n${String(d.url ?? `${links.settings}#subscription`)}`,
      };
    case 'cancellation_scheduled':
      return {
        subject: `Your PRO plan ends on ${day(d.endsAt)}`,
        text: `Your subscription is canceled and will not renew. You keep PRO until ${day(d.endsAt)}; after that your account moves to the free plan and tickers over its limit are paused, not deleted.\n\nChanged your mind? Resume it before then in Settings:\n${links.settings}#subscription`,
      };
    case 'addon_changed': {
      const to = Number(d.to ?? 0);
      return {
        subject: 'Your ticker add-ons changed',
        text: `You now have ${to} add-on pack${to === 1 ? '' : 's'}: your limit is ${proLimitWithPacks(to)} tickers and your plan is ${monthly(to)}.${Number(d.from) > to ? ' The unused time of the removed packs is credited to your next invoice.' : ''}\n\nManage add-ons: ${links.settings}#ticker-add-ons`,
      };
    }
    case 'addon_change_expired':
      return {
        subject: 'Your ticker add-on change was not applied',
        text: `The change to ${Number(d.packs ?? 0)} add-on pack(s) waited for payment and has expired, so nothing was charged and your ticker limit stays as it was.\n\nTry again from Settings → Ticker Add-ons:\n${links.settings}#ticker-add-ons`,
      };
    default:
      return {
        subject: 'About your subscription',
        text: `See your subscription in Settings:\n${links.settings}#subscription`,
      };
  }
}

/** The billing.notify job: sends one notice (once), or records why it cannot. */
export async function sendNotice(deps: AppDeps, params: { noticeId: number }): Promise<'sent' | 'skipped' | 'done'> {
  const notice = await repo.loadNotice(deps.db, { id: params.noticeId });
  if (!notice || notice.sentAt || notice.skippedReason) return 'done';
  const user = await repo.findUser(deps.db, { userId: notice.userId });
  if (!user?.email || !user.emailVerifiedAt) {
    await repo.finishNotice(deps.db, { id: notice.id, skippedReason: 'no_verified_email' });
    return 'skipped';
  }
  const { subject, text } = composeNotice(notice.kind, notice.details as Record<string, unknown>, {
    settings: `${brandLinkBase(deps, user.brand)}/settings`,
    brand: programName(user.brand),
  });
  await deps.mailer.send({
    to: user.email,
    subject: `${programName(user.brand)}: ${subject}`,
    text: `${text}\n\n— ${programName(user.brand)}`,
    idempotencyKey: `billing-notice:${notice.id}`,
  });
  await repo.finishNotice(deps.db, { id: notice.id });
  return 'sent';
}
