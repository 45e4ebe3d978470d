import { AppError } from '#shared/app-error';
import { maskEmail, maskPhone } from '#shared/mask';
import { sendBudgetKey } from '#shared/phone';
import type { Db } from '../../db/client';
import * as codes from './login.repo';
import type { Messenger, RequestInfo } from './login.service';
import { deliver } from './login.service';
import { spend } from './rate-limit';
import type { UserRow } from './session.repo';
import { hashLoginCode, newLoginCode, safeEqualHex } from './tokens';
import { COPY } from '#shared/copy';
import { CONTACT_CHANGE } from './contact-change-messages';

/**
 * A contact that can sign in is a key to the account. Once the account has a verified contact,
 * adding another (or replacing it) needs a code sent to that verified contact, so a stolen or
 * cross-site session cannot add the attacker's address, verify it and sign in with it. The
 * code is bound to the exact contacts asked for; the verified contact is told when it is used.
 */
export const APPROVAL_TTL_SECONDS = 15 * 60;
const MAX_TRIES = 5;

interface Approver {
  kind: 'email' | 'phone';
  value: string;
}
export interface ContactChange {
  email: string | null;
  phone: string | null;
}

/** The verified contact that approves changes (email first); null when none is verified yet. */
export function approverOf(user: UserRow): Approver | null {
  if (user.email && user.emailVerifiedAt) return { kind: 'email', value: user.email };
  if (user.phone && user.phoneVerifiedAt) return { kind: 'phone', value: user.phone };
  return null;
}

/** Whether the change puts a contact on the account that is not there now (clearing adds none). */
export function addsContact(user: UserRow, change: ContactChange): boolean {
  return Boolean((change.email && change.email !== user.email) || (change.phone && change.phone !== user.phone));
}

const identifierOf = (userId: string) => `contact-change:${userId}`;
const digestOf = (userId: string, code: string, change: ContactChange) =>
  hashLoginCode(identifierOf(userId), `${code}\n${change.email ?? ''}\n${change.phone ?? ''}`);
/** The contacts the change adds, masked ("b•••@example.com and •••-•••-0143"). */
const added = (user: UserRow, c: ContactChange) =>
  [c.email !== user.email && c.email && maskEmail(c.email), c.phone !== user.phone && c.phone && maskPhone(c.phone)]
    .filter(Boolean)
    .join(' and ');
const maskedApprover = (a: Approver) => (a.kind === 'email' ? maskEmail(a.value) : maskPhone(a.value));

interface Params {
  user: UserRow;
  approver: Approver;
  change: ContactChange;
  messenger: Messenger;
  request: RequestInfo;
}

/** Sends a fresh approval code to the verified contact, then refuses the change until it is entered. */
export async function requestApproval(db: Db, params: Params): Promise<never> {
  const { user, approver, change, request } = params;
  await spend(db, { budget: 'contactSendPerUser', key: user.id });
  await spend(db, { budget: 'contactSendPerAddress', key: sendBudgetKey(approver.value) });
  const code = newLoginCode();
  await codes.replaceLoginCode(db, {
    identifier: identifierOf(user.id),
    codeHash: digestOf(user.id, code, change),
    ttlSeconds: APPROVAL_TTL_SECONDS,
    ip: request.ip ?? null,
  });
  const message = { brand: request.brand, code, adding: added(user, change), minutes: APPROVAL_TTL_SECONDS / 60 };
  await deliver(
    () =>
      approver.kind === 'email'
        ? params.messenger.mailer.send(CONTACT_CHANGE.codeEmail({ ...message, to: approver.value }))
        : params.messenger.sms.send({ to: approver.value, body: CONTACT_CHANGE.codeSms(message) }),
    COPY.contactFailed,
  );
  const to = maskedApprover(approver);
  throw new AppError('FORBIDDEN', `To add a new contact, enter the 6-digit code we sent to ${to}.`, {
    reason: 'approval_required',
    details: { approvalSentTo: to },
  });
}

const REFUSED = {
  expired: 'This approval code has expired or was already used. Save again to get a new code.',
  wrong: 'That approval code is not right. Check the latest code we sent to your verified contact.',
};

/** Uses up the code if it matches this change; a wrong guess counts, the fifth kills the code. */
export async function checkApproval(
  db: Db,
  params: { user: UserRow; change: ContactChange; code: string; request: RequestInfo },
): Promise<void> {
  await spend(db, { budget: 'loginVerifyPerIp', key: params.request.ip ?? 'unknown' });
  const outcome = await db.transaction(async (tx) => {
    const row = await codes.lockLatestLoginCode(tx, { identifier: identifierOf(params.user.id) });
    if (!row || row.consumedAt || row.expired) return 'expired' as const;
    if (!safeEqualHex(row.codeHash, digestOf(params.user.id, params.code, params.change))) {
      await codes.recordWrongAttempt(tx, { id: row.id, maxAttempts: MAX_TRIES });
      return 'wrong' as const;
    }
    await codes.consumeLoginCode(tx, { id: row.id });
    return 'ok' as const;
  });
  if (outcome !== 'ok') throw new AppError('BAD_REQUEST', REFUSED[outcome], { reason: `approval_${outcome}` });
}

/**
 * "A new sign-in contact was added": to the contact that approved it, after the change is saved
 * (`user` as it was before). A failed notice does not report the saved change as failed.
 */
export async function noticeContactAdded(params: Params): Promise<void> {
  const { approver, request, messenger } = params;
  const what = added(params.user, params.change);
  const send = () =>
    approver.kind === 'email'
      ? messenger.mailer.send(CONTACT_CHANGE.addedEmail({ to: approver.value, brand: request.brand, added: what }))
      : messenger.sms.send({
          to: approver.value,
          body: CONTACT_CHANGE.addedSms({ brand: request.brand, added: what }),
        });
  await send().catch(() => undefined);
}
